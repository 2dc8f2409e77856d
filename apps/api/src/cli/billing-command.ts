/**
 * `npm run data -- billing …`: subscriptions from the command line, on the database the server
 * uses (through its socket while it runs). `renew`, `fail`, `end` and `remove-card` play the local
 * provider's clock (BILLING_PROVIDER=local), to see renewals and the payment-failed alert without
 * waiting a month; `manual` and `end` are support's tools for subscriptions agreed outside the app.
 */
import { isPaidPlan, PLANS, type Plan } from '@catchment/domain';
import type { Config } from '../config.js';
import { createManualSubscription, describeSubscription, endManualSubscription, findSubscriptionOf, MANUAL_PROVIDER } from '../billing/billing-admin.js';
import { BillingRepository } from '../billing/billing.repository.js';
import { endLocally, removeLocalPaymentMethod, renewLocally } from '../billing/providers/local/local-renewals.js';
import { withDataDatabase } from './cli-database.js';
import { planEndDate } from './users-command.js';
import { takeOption } from './cli-options.js';

export const BILLING_USAGE = [
  'billing show <email>                         the subscription a user holds a licence of, its users and invoices',
  'billing renew <email>                        local provider: the period ends now; the subscription renews and its',
  '                                             invoice is paid (a cancelled one ends; a past-due one is settled)',
  'billing fail <email>                         local provider: the period ends now and the renewal\'s payment fails',
  '                                             (open invoice, "payment failed" alert, Pay now)',
  'billing end <email>                          end the subscription now (local or manual): back to the free plan',
  'billing remove-card <email>                  local provider: no payment method on file any more',
  'billing manual <email> <plan> [--until YYYY-MM-DD | --until never] [--licences N]',
  '                                             a manual subscription (changed via support only); one year by default',
];

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export async function runBillingCommand(input: string[], { config, log }: { config: Config; log: (message: string) => void }): Promise<void> {
  const args = [...input];
  const until = takeOption(args, '--until');
  const licences = takeOption(args, '--licences');
  const [action, email, plan] = args;
  const usage = () => new Error(`Usage:\n  ${BILLING_USAGE.join('\n  ')}`);
  if (!action || !email || !['show', 'renew', 'fail', 'end', 'remove-card', 'manual'].includes(action)) throw usage();
  await withDataDatabase(config, log, async ({ db }) => {
    switch (action) {
      case 'show':
        break;
      case 'renew':
      case 'fail': {
        const report = await renewLocally(db, email, action === 'renew' ? 'paid' : 'failed');
        const invoice = report.invoice ? ` Invoice ${report.invoice.number}: ${money(report.invoice.total, report.invoice.currency)}, ${report.invoice.status}.` : '';
        const said = {
          renewed: 'Renewed: a new period started and its invoice is paid.',
          failed: action === 'renew'
            ? 'No payment method on file: the renewal\'s payment failed; the invoice is open and the subscription past due.'
            : 'The renewal\'s payment failed: the invoice is open and the subscription past due (Pay now settles it).',
          ended: 'The subscription was cancelled: it ended now, back to the free plan.',
          settled: 'The open invoice is paid: the subscription is active again.',
        }[report.result];
        log(`${said}${invoice}`);
        break;
      }
      case 'end': {
        const { subscription } = await findSubscriptionOf(new BillingRepository(db), email);
        if (subscription.provider === MANUAL_PROVIDER) await endManualSubscription(db, email);
        else await endLocally(db, email);
        log(`${email}'s subscription ended now; its users are back on the free plan.`);
        break;
      }
      case 'remove-card':
        await removeLocalPaymentMethod(db, email);
        log(`${email}'s subscription has no payment method on file any more: its next renewal will fail.`);
        break;
      case 'manual': {
        if (!plan || !isPaidPlan(plan)) throw new Error(`billing manual needs a paying plan: one of ${PLANS.filter((p) => p !== 'default').join(', ')}`);
        const count = licences === undefined ? 1 : Number(licences);
        const created = await createManualSubscription(db, { email, product: plan, until: planEndDate(plan as Plan, until), licences: count });
        const end = created.state.currentPeriodEnd;
        log(`${email} now has a manual ${plan} subscription for ${count} user(s)${end ? ` until ${end.toISOString().slice(0, 10)}` : ' with no end'}.`);
        break;
      }
      default:
        throw usage();
    }
    for (const line of await describeSubscription(db, email)) log(line);
  });
}
