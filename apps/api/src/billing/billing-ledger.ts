/**
 * Applies what a provider reports (billing-provider.ts, BillingEvent) to our tables, inside the
 * caller's transaction: the subscription as the provider holds it, its invoice, and the plan of
 * record of its owner and members. Events may arrive twice (webhooks are retried): applying one
 * again leaves the same rows.
 */
import type { Kysely } from 'kysely';
import { DomainError } from '@catchment/domain';
import type { Database } from '../db/schema.js';
import type { BillingEvent, ProviderInvoice, ProviderSubscription } from './billing-provider.js';
import { BillingRepository, type SubscriptionChange, type SubscriptionRecord } from './billing.repository.js';

function providerState(subscription: ProviderSubscription): SubscriptionChange {
  return {
    selection: subscription.selection,
    currency: subscription.currency,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    pending: subscription.pending,
    next: subscription.next,
    hasPaymentMethod: subscription.hasPaymentMethod,
    providerCustomerId: subscription.providerCustomerId,
  };
}

async function recordInvoice(repository: BillingRepository, provider: string, subscription: SubscriptionRecord, invoice: ProviderInvoice): Promise<void> {
  await repository.upsertInvoice({ ...invoice, subscriptionId: subscription.id, clientId: subscription.ownerId, provider });
}

/** Ends a subscription: its open invoices will not be collected, its users go back to the free plan at `endedAt`. */
export async function endSubscription(repository: BillingRepository, subscription: SubscriptionRecord, endedAt: Date): Promise<SubscriptionRecord> {
  const ended = await repository.updateSubscription(subscription.id, { status: 'ended', endedAt, pending: null, next: null });
  await repository.closeOpenInvoices(subscription.id);
  await repository.syncPlanOfRecord(subscription.id);
  await repository.removeAllMembers(subscription.id);
  return ended;
}

/**
 * Applies one event of `provider`; answers the subscription it concerns, or undefined for a
 * subscription we do not know (an event of another installation sharing the provider's account).
 */
export async function applyBillingEvent(repository: BillingRepository, provider: string, event: BillingEvent): Promise<SubscriptionRecord | undefined> {
  switch (event.type) {
    case 'subscriptionStarted': {
      const known = await repository.findByProviderId(provider, event.subscription.providerSubscriptionId, { lock: true });
      if (known) return applyBillingEvent(repository, provider, { type: 'subscriptionUpdated', subscription: event.subscription, invoice: event.invoice });
      const { selection, currency, status, currentPeriodStart, currentPeriodEnd, cancelAtPeriodEnd, pending, next, hasPaymentMethod, providerCustomerId } = event.subscription;
      const created = await repository.createSubscription({
        ownerId: event.ownerId, selection, currency, status, currentPeriodStart, currentPeriodEnd, cancelAtPeriodEnd, pending, next,
        hasPaymentMethod, providerCustomerId, providerSubscriptionId: event.subscription.providerSubscriptionId, manual: false, provider,
      });
      // The owner subscribed meanwhile, or took a licence of another subscription: the caller's transaction is rolled back.
      if (!created) throw new DomainError('alreadySubscribed');
      if (event.invoice) await recordInvoice(repository, provider, created, event.invoice);
      await repository.syncPlanOfRecord(created.id);
      return created;
    }
    case 'subscriptionUpdated': {
      const known = await repository.findByProviderId(provider, event.subscription.providerSubscriptionId, { lock: true });
      if (!known) return undefined;
      if (known.state.status === 'ended') return known;
      if (event.subscription.status === 'ended') return endSubscription(repository, known, new Date());
      const updated = await repository.updateSubscription(known.id, providerState(event.subscription));
      if (event.invoice) await recordInvoice(repository, provider, updated, event.invoice);
      await repository.syncPlanOfRecord(updated.id);
      return updated;
    }
    case 'invoiceUpdated': {
      const known = await repository.findByProviderId(provider, event.providerSubscriptionId);
      if (!known) return undefined;
      await recordInvoice(repository, provider, known, event.invoice);
      return known;
    }
    case 'subscriptionEnded': {
      const known = await repository.findByProviderId(provider, event.providerSubscriptionId, { lock: true });
      if (!known || known.state.status === 'ended') return known;
      return endSubscription(repository, known, event.endedAt);
    }
  }
}

/**
 * Applies a provider's events (one webhook's) in one transaction: if one fails, none is, and the
 * provider, answered with an error, sends them again.
 */
export async function applyBillingEvents(db: Kysely<Database>, provider: string, events: readonly BillingEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const repository = new BillingRepository(trx);
    for (const event of events) await applyBillingEvent(repository, provider, event);
  });
}
