/**
 * Stripe's webhook events as our BillingEvents. An event only says that something changed: the
 * subscription and invoice it concerns are read again from Stripe, so that events arriving late, out
 * of order or twice all leave the state Stripe holds now (Stripe does not promise any order), and
 * applying one twice changes nothing the second time.
 *
 * A subscription starts here when its Checkout Session completes (client_reference_id names our
 * client) or, failing that event, from the metadata the session put on the subscription. Both are
 * read only from objects this installation created (metadata `installation`): other installations
 * sharing the Stripe account receive the same events and leave them alone.
 */
import type Stripe from 'stripe';
import type { BillingEvent } from '../../billing-provider.js';
import {
  METADATA, fromSeconds, invoiceSubscriptionId, objectId, providerInvoice, providerSubscription, subscriptionStatus, type LookupKeyOf,
} from './stripe-objects.js';

/** What the events read from Stripe. */
export interface StripeReader {
  /** The subscription now, with its customer and its schedule's phases and prices expanded. */
  subscription(id: string): Promise<Stripe.Subscription>;
  invoice(id: string): Promise<Stripe.Invoice>;
  /** The customer's subscriptions that are not over. */
  customerSubscriptions(customerId: string): Promise<Stripe.Subscription[]>;
}

export interface EventContext {
  reader: StripeReader;
  /** This installation's mark on the Stripe objects it creates (METADATA.installation). */
  installation: string;
  lookupKeyOf: LookupKeyOf;
}

/** Every event type the webhook endpoint should receive (docs/billing.md lists them for the operator). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.marked_uncollectible',
  'invoice.voided',
  'customer.updated',
] as const satisfies readonly Stripe.Event['type'][];

/** Our client id, from a string we wrote ourselves; null for anything else. */
function clientId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The client a subscription was bought by, as its Checkout Session recorded it on the subscription. */
function metadataOwner(subscription: Stripe.Subscription, installation: string): number | null {
  if (subscription.metadata?.[METADATA.installation] !== installation) return null;
  return clientId(subscription.metadata[METADATA.clientId]);
}

/**
 * The events of a subscription as Stripe holds it now: ended, started (when we know who bought it
 * and it is paid for) or updated, with the invoice the event was about.
 */
function subscriptionEvents(
  subscription: Stripe.Subscription, context: EventContext, ownerId: number | null, invoice: Stripe.Invoice | null,
): BillingEvent[] {
  const schedule = subscription.schedule && typeof subscription.schedule !== 'string' ? subscription.schedule : null;
  const mapped = providerSubscription(subscription, schedule, context.lookupKeyOf);
  const billed = invoice ? providerInvoice(invoice, context.lookupKeyOf, mapped?.selection.product ?? null) : null;
  const invoiceEvent: BillingEvent[] = billed ? [{ type: 'invoiceUpdated', providerSubscriptionId: billed.providerSubscriptionId, invoice: billed.invoice }] : [];
  if (subscriptionStatus(subscription.status) === 'ended') {
    const endedAt = fromSeconds(subscription.ended_at ?? subscription.canceled_at ?? Math.floor(Date.now() / 1000));
    return [...invoiceEvent, { type: 'subscriptionEnded', providerSubscriptionId: subscription.id, endedAt }];
  }
  if (!mapped) return [];
  const owner = ownerId ?? metadataOwner(subscription, context.installation);
  const withInvoice = billed ? { invoice: billed.invoice } : {};
  return owner === null
    ? [{ type: 'subscriptionUpdated', subscription: mapped, ...withInvoice }]
    : [{ type: 'subscriptionStarted', ownerId: owner, subscription: mapped, ...withInvoice }];
}

export async function billingEvents(event: Stripe.Event, context: EventContext): Promise<BillingEvent[]> {
  const { reader } = context;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const subscriptionId = objectId(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId || session.metadata?.[METADATA.installation] !== context.installation) return [];
      const invoiceId = objectId(session.invoice);
      const [subscription, invoice] = await Promise.all([reader.subscription(subscriptionId), invoiceId ? reader.invoice(invoiceId) : null]);
      return subscriptionEvents(subscription, context, clientId(session.client_reference_id), invoice);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
      return subscriptionEvents(await reader.subscription(event.data.object.id), context, null, null);
    case 'subscription_schedule.updated':
    case 'subscription_schedule.released':
    case 'subscription_schedule.canceled':
    case 'subscription_schedule.completed': {
      const schedule = event.data.object;
      const subscriptionId = objectId(schedule.subscription) ?? schedule.released_subscription;
      return subscriptionId ? subscriptionEvents(await reader.subscription(subscriptionId), context, null, null) : [];
    }
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.marked_uncollectible':
    case 'invoice.voided': {
      const invoice = await reader.invoice(event.data.object.id!);
      const subscriptionId = invoiceSubscriptionId(invoice);
      return subscriptionId ? subscriptionEvents(await reader.subscription(subscriptionId), context, null, invoice) : [];
    }
    case 'customer.updated': {
      // The default payment method may have changed (SPEC §8: the alert when there is none).
      const subscriptions = await reader.customerSubscriptions(event.data.object.id);
      return subscriptions.flatMap((subscription) => subscriptionEvents(subscription, context, null, null));
    }
    default:
      return [];
  }
}
