/**
 * What support and operators do to subscriptions from the data command line (`npm run data --
 * billing …`): find a user's subscription, set up a manual one (SPEC §6: changed via support only),
 * end one. Errors are plain messages for the terminal.
 */
import type { Kysely } from 'kysely';
import { isPaidPlan, type PaidPlan } from '@catchment/domain';
import type { Database } from '../db/schema.js';
import { endSubscription } from './billing-ledger.js';
import { BillingRepository, type ClientProfile, type SubscriptionRecord } from './billing.repository.js';

export const MANUAL_PROVIDER = 'manual';

export interface FoundSubscription { client: ClientProfile; subscription: SubscriptionRecord; live: boolean }

/** The subscription a user holds a licence of (live), else the last one they owned; throws when there is none. */
export async function findSubscriptionOf(repository: BillingRepository, email: string, options: { lock?: boolean } = {}): Promise<FoundSubscription> {
  const client = await repository.findClientByEmail(email);
  if (!client) throw new Error(`No user with the e-mail ${email}`);
  const membership = await repository.findMembership(client.id, options);
  if (membership) return { client, subscription: membership.subscription, live: true };
  const latest = await repository.findLatestOwned(client.id);
  if (!latest) throw new Error(`${email} has no subscription`);
  return { client, subscription: latest, live: false };
}

/** Text lines describing a user's subscription and its invoices (`billing show`). */
export async function describeSubscription(db: Kysely<Database>, email: string): Promise<string[]> {
  const repository = new BillingRepository(db);
  const { client, subscription } = await findSubscriptionOf(repository, email);
  const { state } = subscription;
  const day = (value: Date | null) => value?.toISOString().slice(0, 16).replace('T', ' ') ?? 'none';
  const lines = [
    `Subscription ${subscription.id} (${state.manual ? 'manual, changed via support' : `provider ${subscription.provider}`}), owner ${(await repository.findClient(subscription.ownerId))?.email ?? subscription.ownerId}`,
    `  ${state.selection.product} ${state.selection.period}, ${state.selection.licences} licence(s), ${state.selection.pinPacks} pin pack(s), ${subscription.currency}`,
    `  status ${state.status}${state.cancelAtPeriodEnd ? ` (cancelled: ${subscription.cancelReason ?? ''})` : ''}, period ${day(state.currentPeriodStart)} → ${day(state.currentPeriodEnd)}`,
    `  payment method on file: ${subscription.hasPaymentMethod ? 'yes' : 'no'}`,
  ];
  if (state.pending) lines.push(`  pending (awaiting payment): ${state.pending.product} ${state.pending.period}, ${state.pending.licences} licence(s), ${state.pending.pinPacks} pack(s)`);
  if (state.next) lines.push(`  next period: ${state.next.product} ${state.next.period}, ${state.next.licences} licence(s), ${state.next.pinPacks} pack(s)`);
  for (const member of await repository.listMembers(subscription.id)) lines.push(`  user ${member.email} (${member.role === 'admin' ? 'owner' : 'active'})`);
  lines.push(`  plan of record of ${client.email}: ${client.product} until ${day(client.productEndDate)}`);
  for (const invoice of (await repository.listInvoices(subscription.ownerId)).filter((i) => i.subscriptionId === subscription.id)) {
    lines.push(`  invoice ${invoice.number} ${day(invoice.issuedAt)} ${(invoice.total / 100).toFixed(2)} ${invoice.currency} ${invoice.status} (${invoice.reason})`);
  }
  return lines;
}

export interface ManualSubscriptionRequest {
  email: string;
  product: string;
  /** The end of the subscription; null: none. */
  until: Date | null;
  licences: number;
}

/** Sets up a subscription support agreed on outside the app: the user cannot change it, only support. */
export async function createManualSubscription(db: Kysely<Database>, request: ManualSubscriptionRequest, now = new Date()): Promise<SubscriptionRecord> {
  if (!isPaidPlan(request.product)) throw new Error(`Unknown paying plan "${request.product}"`);
  if (request.until && request.until.getTime() <= now.getTime()) throw new Error('The end date must be in the future');
  if (!Number.isInteger(request.licences) || request.licences < 1) throw new Error('Licences must be a whole number of at least 1');
  return db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    const client = await repository.findClientByEmail(request.email);
    if (!client) throw new Error(`No user with the e-mail ${request.email}`);
    if (await repository.findMembership(client.id)) throw new Error(`${request.email} already holds a licence of a subscription (see billing show)`);
    const created = await repository.createSubscription({
      ownerId: client.id,
      selection: { product: request.product as PaidPlan, period: 'yearly', licences: request.licences, pinPacks: 0 },
      currency: 'EUR',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: request.until,
      cancelAtPeriodEnd: false,
      pending: null,
      next: null,
      manual: true,
      provider: MANUAL_PROVIDER,
      providerCustomerId: null,
      providerSubscriptionId: null,
      hasPaymentMethod: false,
    });
    if (!created) throw new Error(`${request.email} already holds a licence of a subscription`);
    await repository.syncPlanOfRecord(created.id);
    return created;
  });
}

/** Ends a manual subscription now (support). */
export async function endManualSubscription(db: Kysely<Database>, email: string, now = new Date()): Promise<SubscriptionRecord> {
  return db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    const { subscription, live } = await findSubscriptionOf(repository, email, { lock: true });
    if (!live || subscription.state.status === 'ended') throw new Error(`${email}'s subscription has ended already`);
    if (!subscription.state.manual) throw new Error(`${email}'s subscription is not a manual one`);
    return endSubscription(repository, subscription, now);
  });
}
