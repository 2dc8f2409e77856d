/**
 * The local provider's clock, played from the data command line: the end of the current period
 * arrives now. A cancelled subscription ends; otherwise the next period starts (with the scheduled
 * change) and its invoice is charged to the payment method on file: paid, or left open with the
 * subscription past due (SPEC §8 "payment failed") until it is paid now or the subscription ended.
 * Everything goes through the provider's events, as a real provider's webhooks would.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { periodLines, linesTotal, renew, renewal, withTax } from '@catchment/domain';
import type { Database } from '../../../db/schema.js';
import { findSubscriptionOf } from '../../billing-admin.js';
import { resolveCustomer } from '../../billing-customers.js';
import { applyBillingEvent } from '../../billing-ledger.js';
import type { BillingEvent } from '../../billing-provider.js';
import { BillingRepository, type InvoiceRecord, type SubscriptionRecord } from '../../billing.repository.js';
import { LOCAL_PROVIDER, localInvoiceNumber, localProviderView } from './local-provider.js';

export type RenewalOutcome = 'paid' | 'failed';

export interface RenewalReport {
  /** renewed: a new period, paid; failed: a new period, its invoice open; ended: a cancelled subscription ended; settled: an open invoice paid. */
  result: 'renewed' | 'failed' | 'ended' | 'settled';
  subscription: SubscriptionRecord;
  invoice?: InvoiceRecord;
}

async function liveLocalSubscription(repository: BillingRepository, email: string): Promise<SubscriptionRecord> {
  const { subscription, live } = await findSubscriptionOf(repository, email, { lock: true });
  if (!live || subscription.state.status === 'ended') throw new Error(`${email}'s subscription has ended`);
  if (subscription.provider !== LOCAL_PROVIDER) throw new Error(`${email}'s subscription is not one of the local provider (${subscription.provider})`);
  return subscription;
}

/**
 * The period ends now and the subscription renews (`paid`: the payment succeeds if a payment method
 * is on file; `failed`: it fails). On a past-due subscription, `paid` is the retry that settles the
 * open invoice.
 */
export async function renewLocally(db: Kysely<Database>, email: string, outcome: RenewalOutcome, now = new Date()): Promise<RenewalReport> {
  return db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    const subscription = await liveLocalSubscription(repository, email);
    const { state } = subscription;
    const apply = (event: BillingEvent) => applyBillingEvent(repository, LOCAL_PROVIDER, event);
    const paid = outcome === 'paid' && subscription.hasPaymentMethod;

    if (state.status === 'past_due') {
      if (!paid) throw new Error(`${email}'s renewal already failed: the open invoice waits (billing renew to pay it, billing end to end the subscription)`);
      const open = await repository.findOpenInvoice(subscription.id);
      const settled = await apply({
        type: 'subscriptionUpdated',
        subscription: localProviderView(subscription, { ...state, status: 'active' }),
        ...(open ? { invoice: { ...open, status: 'paid', paidAt: now, billedTo: null } } : {}),
      });
      return { result: 'settled', subscription: settled!, invoice: open && (await repository.findInvoice(open.id)) };
    }

    const next = renewal(state, now, await repository.countMembers(subscription.id));
    if (next.outcome === 'ends') {
      const ended = await apply({ type: 'subscriptionEnded', providerSubscriptionId: subscription.providerSubscriptionId!, endedAt: now });
      return { result: 'ended', subscription: ended! };
    }
    const customer = await resolveCustomer(repository, subscription.ownerId, subscription.currency === 'EUR' ? 'fr' : 'en');
    const lines = periodLines(next.selection, subscription.currency);
    const taxRate = customer?.tax.rateBasisPoints ?? 0;
    const amounts = withTax(linesTotal(lines), taxRate);
    const providerInvoiceId = `in_test_${randomBytes(18).toString('base64url')}`;
    const renewed = await apply({
      type: 'subscriptionUpdated',
      subscription: localProviderView(subscription, renew(state, next, paid)),
      invoice: {
        providerInvoiceId,
        number: await localInvoiceNumber(repository, now),
        issuedAt: now,
        currency: subscription.currency,
        subtotal: amounts.excludingTax,
        tax: amounts.tax,
        total: amounts.includingTax,
        taxRateBasisPoints: taxRate,
        taxReason: customer?.tax.reason ?? null,
        status: paid ? 'paid' : 'open',
        reason: 'renewal',
        periodStart: next.periodStart,
        periodEnd: next.periodEnd,
        lines,
        billedTo: customer?.details ?? null,
        hostedUrl: null,
        downloadUrl: null,
        paidAt: paid ? now : null,
      },
    });
    const invoice = (await repository.listInvoices(subscription.ownerId)).find((i) => i.providerInvoiceId === providerInvoiceId);
    return { result: paid ? 'renewed' : 'failed', subscription: renewed!, invoice };
  });
}

/** The provider gives up (after failed retries) or support ends it: the subscription ends now, its open invoices uncollectible. */
export async function endLocally(db: Kysely<Database>, email: string, now = new Date()): Promise<SubscriptionRecord> {
  return db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    const subscription = await liveLocalSubscription(repository, email);
    const ended = await applyBillingEvent(repository, LOCAL_PROVIDER, {
      type: 'subscriptionEnded', providerSubscriptionId: subscription.providerSubscriptionId!, endedAt: now,
    });
    return ended!;
  });
}

/** The card on file is removed (expired, or taken off): the next renewal will fail (SPEC §8 "no default payment method"). */
export async function removeLocalPaymentMethod(db: Kysely<Database>, email: string): Promise<SubscriptionRecord> {
  return db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    const subscription = await liveLocalSubscription(repository, email);
    const updated = await applyBillingEvent(repository, LOCAL_PROVIDER, {
      type: 'subscriptionUpdated', subscription: localProviderView(subscription, subscription.state, false),
    });
    return updated!;
  });
}
