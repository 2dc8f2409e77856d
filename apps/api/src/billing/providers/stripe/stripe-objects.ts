/**
 * Stripe's objects read as ours: a Stripe Subscription (with its customer and schedule) as the
 * ProviderSubscription the ledger copies, a Stripe Invoice as a ProviderInvoice. Pure functions over
 * the objects as the API returns them (API version of the installed `stripe` package); what a price
 * sells comes from its lookup key (stripe-prices.ts).
 */
import type Stripe from 'stripe';
import {
  CURRENCIES, TAX_REASONS, type BillingDetails, type Currency, type InvoiceLine, type InvoiceStatus, type PaidPlan, type PlanSelection,
  type SubscriptionStatus, type TaxReason,
} from '@catchment/domain';
import type { ProviderInvoice, ProviderSubscription } from '../../billing-provider.js';
import { expectedUnitAmount, parseLookupKey, selectionFromItems, type PriceKind } from './stripe-prices.js';

/** The lookup key of a price given as an object or by id (stripe-catalogue.ts knows the ids it has seen). */
export type LookupKeyOf = (price: string | Stripe.Price | Stripe.DeletedPrice | null | undefined) => string | null;

/** Metadata we put on the Stripe objects we create: whose they are and which installation made them. */
export const METADATA = { clientId: 'client_id', installation: 'installation', taxReason: 'tax_reason' } as const;

export const fromSeconds = (seconds: number): Date => new Date(seconds * 1000);

export function objectId(value: string | { id: string } | null | undefined): string | null {
  return value == null ? null : typeof value === 'string' ? value : value.id;
}

/**
 * Our status of a Stripe subscription: paid up (active, trialing); owing (past_due, unpaid, paused:
 * an invoice is open); over (canceled, incomplete_expired). `incomplete` is a first payment not made
 * yet: not a subscription of ours until it is (null).
 */
export function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active': case 'trialing': return 'active';
    case 'past_due': case 'unpaid': case 'paused': return 'past_due';
    case 'canceled': case 'incomplete_expired': return 'ended';
    default: return null;
  }
}

interface KeyedItem { id: string; lookupKey: string | null; quantity: number }

function subscriptionItems(items: readonly Stripe.SubscriptionItem[], lookupKeyOf: LookupKeyOf): KeyedItem[] {
  return items.map((item) => ({ id: item.id, lookupKey: lookupKeyOf(item.price), quantity: item.quantity ?? 1 }));
}

/**
 * What a pending update will set: its items replace the subscription's items of the same id and add
 * the new ones (a pending update cannot remove an item; ours set a quantity of 0 instead).
 */
function pendingSelection(current: KeyedItem[], pending: Stripe.Subscription.PendingUpdate | null, lookupKeyOf: LookupKeyOf): PlanSelection | null {
  if (!pending?.subscription_items?.length) return null;
  const merged = new Map(current.map((item) => [item.id, item]));
  for (const item of subscriptionItems(pending.subscription_items, lookupKeyOf)) merged.set(item.id, item);
  return selectionFromItems([...merged.values()])?.selection ?? null;
}

function sameSelection(a: PlanSelection, b: PlanSelection): boolean {
  return a.product === b.product && a.period === b.period && a.licences === b.licences && a.pinPacks === b.pinPacks;
}

/** The selection of the schedule's phase that starts when the current period ends, if it changes anything. */
function scheduledSelection(
  schedule: Stripe.SubscriptionSchedule | null, current: PlanSelection, periodEnd: number, lookupKeyOf: LookupKeyOf,
): PlanSelection | null {
  if (!schedule || (schedule.status !== 'active' && schedule.status !== 'not_started')) return null;
  const phase = schedule.phases.find((candidate) => candidate.start_date >= periodEnd);
  if (!phase) return null;
  const next = selectionFromItems(phase.items.map((item) => ({ lookupKey: lookupKeyOf(item.price), quantity: item.quantity ?? 1 })));
  return next && !sameSelection(next.selection, current) ? next.selection : null;
}

function hasPaymentMethod(subscription: Stripe.Subscription): boolean {
  if (subscription.default_payment_method || subscription.default_source) return true;
  const customer = subscription.customer;
  if (typeof customer === 'string' || customer.deleted) return false;
  return Boolean(customer.invoice_settings?.default_payment_method || customer.default_source);
}

/**
 * The subscription as the ledger copies it; null when it is not one of ours (no item priced by one
 * of our lookup keys, periods or currencies mixed) or its first payment is not made yet.
 * `schedule` is the subscription's schedule when it has one (a change at the period's end), with
 * its phases' prices; a customer given as an object tells whether it has a default payment method.
 */
export function providerSubscription(
  subscription: Stripe.Subscription, schedule: Stripe.SubscriptionSchedule | null, lookupKeyOf: LookupKeyOf,
): ProviderSubscription | null {
  const status = subscriptionStatus(subscription.status);
  const items = subscriptionItems(subscription.items.data, lookupKeyOf);
  const held = selectionFromItems(items);
  if (!status || !held) return null;
  const planItem = subscription.items.data.find((item) => parseLookupKey(lookupKeyOf(item.price))?.kind === 'plan')!;
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId: objectId(subscription.customer),
    selection: held.selection,
    currency: held.currency,
    status,
    currentPeriodStart: fromSeconds(planItem.current_period_start),
    currentPeriodEnd: fromSeconds(planItem.current_period_end),
    // The customer portal cancels at a date (cancel_at) as well as at the period's end.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    pending: pendingSelection(items, subscription.pending_update, lookupKeyOf),
    next: scheduledSelection(schedule, held.selection, planItem.current_period_end, lookupKeyOf),
    hasPaymentMethod: hasPaymentMethod(subscription),
  };
}

/** The id of the subscription an invoice bills, if it bills one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return objectId(invoice.parent?.subscription_details?.subscription);
}

/** Void invoices are owed by no one: shown with the uncollectible ones (Unpaid), they are never Pending. */
function invoiceStatus(status: Stripe.Invoice.Status | null): InvoiceStatus | null {
  switch (status) {
    case 'open': return 'open';
    case 'paid': return 'paid';
    case 'uncollectible': case 'void': return 'uncollectible';
    default: return null;
  }
}

function invoiceReason(reason: Stripe.Invoice.BillingReason | null): string {
  if (reason === 'subscription_create') return 'subscribe';
  if (reason === 'subscription_update') return 'upgrade';
  return 'renewal';
}

function lineKind(price: PriceKind): InvoiceLine['kind'] {
  return price.kind === 'plan' ? 'plan' : price.kind === 'extraUser' ? 'additionalUsers' : 'pinPacks';
}

/**
 * The invoice's lines priced by our lookup keys (others, such as one-off items added in the
 * dashboard, count in the totals only). A negative proration is the credit for unused time.
 */
function invoiceLines(lines: readonly Stripe.InvoiceLineItem[], lookupKeyOf: LookupKeyOf, fallbackProduct: PaidPlan | null): InvoiceLine[] {
  const priced = lines.map((line) => ({ line, price: parseLookupKey(lookupKeyOf(line.pricing?.price_details?.price)) }));
  const planProduct = priced.map(({ price }) => (price && price.kind !== 'pinPack' ? price.product : null)).find((product) => product !== null);
  const product = (price: PriceKind): PaidPlan | null => (price.kind === 'pinPack' ? planProduct ?? fallbackProduct : price.product);
  const result: InvoiceLine[] = [];
  for (const { line, price } of priced) {
    const lineProduct = price && product(price);
    if (!price || !lineProduct) continue;
    const prorated = Boolean(line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration);
    if (line.amount < 0) {
      result.push({ kind: 'unusedTime', product: lineProduct, period: price.period, quantity: 1, unitAmount: line.amount, amount: line.amount, prorated: true });
    } else {
      result.push({
        kind: lineKind(price), product: lineProduct, period: price.period, quantity: line.quantity ?? 1,
        unitAmount: expectedUnitAmount(price), amount: line.amount, ...(prorated ? { prorated: true } : {}),
      });
    }
  }
  return result;
}

function billedTo(invoice: Stripe.Invoice): BillingDetails | null {
  const address = invoice.customer_address;
  if (!address && !invoice.customer_name) return null;
  return {
    firstName: null,
    lastName: null,
    // Stripe keeps one name per customer: ours is the company's, else the person's (billing-customers.ts).
    company: invoice.customer_name,
    vat: invoice.customer_tax_ids?.find((taxId) => taxId.value)?.value ?? null,
    addressLine1: address?.line1 ?? null,
    addressLine2: address?.line2 ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    country: address?.country ?? null,
    phone: invoice.customer_phone,
  };
}

function isTaxReason(value: string | undefined): value is TaxReason {
  return (TAX_REASONS as readonly string[]).includes(value ?? '');
}

/** The rate charged, in basis points, from the taxes Stripe computed (0 when none). */
function taxRateBasisPoints(taxes: readonly Stripe.Invoice.TotalTax[]): number {
  const tax = taxes.reduce((sum, entry) => sum + entry.amount, 0);
  const taxable = taxes.reduce((sum, entry) => sum + (entry.taxable_amount ?? 0), 0);
  return tax > 0 && taxable > 0 ? Math.round((tax * 10_000) / taxable) : 0;
}

/**
 * The invoice as the ledger records it, with the subscription it bills; null for a draft, an
 * invoice of no subscription or one in a currency we do not sell in. `fallbackProduct` names the
 * plan of lines that do not say it (an invoice of pin packs alone).
 */
export function providerInvoice(
  invoice: Stripe.Invoice, lookupKeyOf: LookupKeyOf, fallbackProduct: PaidPlan | null = null,
): { providerSubscriptionId: string; invoice: ProviderInvoice } | null {
  const providerSubscriptionId = invoiceSubscriptionId(invoice);
  const status = invoiceStatus(invoice.status);
  const currency = invoice.currency.toUpperCase() as Currency;
  if (!providerSubscriptionId || !status || !CURRENCIES.includes(currency)) return null;
  const taxes = invoice.total_taxes ?? [];
  const tax = taxes.reduce((sum, entry) => sum + entry.amount, 0);
  const lines = invoice.lines.data;
  const periods = lines.map((line) => line.period);
  const metadataReason = invoice.parent?.subscription_details?.metadata?.[METADATA.taxReason];
  return {
    providerSubscriptionId,
    invoice: {
      providerInvoiceId: invoice.id,
      number: invoice.number ?? invoice.id,
      issuedAt: fromSeconds(invoice.status_transitions.finalized_at ?? invoice.effective_at ?? invoice.created),
      currency,
      // What we call the subtotal is the amount before tax, after any discount.
      subtotal: invoice.total - tax,
      tax,
      total: invoice.total,
      taxRateBasisPoints: taxRateBasisPoints(taxes),
      taxReason: isTaxReason(metadataReason) ? metadataReason : invoice.customer_tax_exempt === 'reverse' ? 'reverseCharge' : null,
      status,
      reason: invoiceReason(invoice.billing_reason),
      periodStart: periods.length ? fromSeconds(Math.min(...periods.map((period) => period.start))) : null,
      periodEnd: periods.length ? fromSeconds(Math.max(...periods.map((period) => period.end))) : null,
      lines: invoiceLines(lines, lookupKeyOf, fallbackProduct),
      billedTo: billedTo(invoice),
      hostedUrl: invoice.hosted_invoice_url ?? null,
      downloadUrl: invoice.invoice_pdf ?? null,
      paidAt: invoice.status_transitions.paid_at === null ? null : fromSeconds(invoice.status_transitions.paid_at),
    },
  };
}
