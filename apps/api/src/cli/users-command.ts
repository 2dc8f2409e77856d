/**
 * `npm run data -- users …`: the accounts from the command line, for an operator (SPEC §6 manual
 * subscriptions are changed by support): list them with their plan, and set a user's plan and its
 * end date. The server reads the plan at each request, so a running server honours a change at the
 * user's next request.
 */
import { isPlan, PLANS, type Plan } from '@catchment/domain';
import type { Config } from '../config.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { withDataDatabase } from './cli-database.js';
import { takeOption } from './cli-options.js';

export const USERS_USAGE = [
  'users list                                   the accounts, with their plan and its end date',
  'users set-plan <email> <plan> [--until YYYY-MM-DD | --until never]',
  `                                             plans: ${PLANS.join(', ')}; the end date defaults to one year from today`,
];

/** The end date of a plan set from the command line: one year ahead unless told; none for the free plan. */
export function planEndDate(plan: Plan, until: string | undefined, today: Date = new Date()): Date | null {
  if (plan === 'default' || until === 'never') return null;
  if (until === undefined) {
    const end = new Date(today);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    return end;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(`${until}T00:00:00Z`))) {
    throw new Error(`--until takes a date as YYYY-MM-DD (or "never"), got "${until}"`);
  }
  // The plan lasts through the day named.
  const end = new Date(`${until}T23:59:59.999Z`);
  if (end.getTime() <= today.getTime()) throw new Error(`--until ${until} is already past: the plan would be over at once`);
  return end;
}

export async function runUsersCommand(input: string[], { config, log }: { config: Config; log: (message: string) => void }): Promise<void> {
  const args = [...input];
  const until = takeOption(args, '--until');
  const [action, email, plan] = args;
  if (action === 'list' || action === undefined) {
    await withDataDatabase(config, log, async (database) => {
      const users = await new ClientsRepository(database.db).list();
      if (users.length === 0) log('No account yet.');
      for (const user of users) {
        const end = user.product_end_date ? `until ${user.product_end_date.toISOString().slice(0, 10)}` : 'no end date';
        const signedUpAs = [user.account_kind, user.signup_need].filter(Boolean).join(', ');
        log(`${user.email.padEnd(40)} ${user.product.padEnd(16)} ${end.padEnd(17)}${signedUpAs ? ` ${signedUpAs}` : ''}`);
      }
    });
    return;
  }
  if (action !== 'set-plan') throw new Error(`Unknown users command "${action}". Usage:\n  ${USERS_USAGE.join('\n  ')}`);
  if (!email || !plan) throw new Error(`Usage: npm run data -- ${USERS_USAGE[1]!}`);
  if (!isPlan(plan)) throw new Error(`Unknown plan "${plan}": one of ${PLANS.join(', ')}`);
  const endDate = planEndDate(plan, until);
  await withDataDatabase(config, log, async (database) => {
    const updated = await new ClientsRepository(database.db).setPlan(email, plan, endDate);
    if (!updated) throw new Error(`No account with the e-mail address ${email} (npm run data -- users list)`);
    log(`${updated.email} is now on ${plan}${endDate ? ` until ${endDate.toISOString().slice(0, 10)}` : ' with no end date'}.`);
  });
}
