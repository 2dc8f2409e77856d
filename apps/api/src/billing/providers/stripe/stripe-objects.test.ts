import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { providerInvoice, providerSubscription, subscriptionStatus, type LookupKeyOf } from './stripe-objects.js';
import {
  asRead, customer, invoice, price, schedulePhase, subscription, subscriptionItem, subscriptionSchedule, type Wire,
} from './test-support/stripe-fixtures.js';

const period = { start: new Date('2026-03-10T09:00:00Z'), end: new Date('2026-04-10T09:00:00Z') };
const proMonthly = price({ kind: 'plan', product: 'pro_2020', period: 'monthly', currency: 'EUR' });
const proUsers = price({ kind: 'extraUser', product: 'pro_2020', period: 'monthly', currency: 'EUR' });
const packs = price({ kind: 'pinPack', period: 'monthly', currency: 'EUR' });
const advanced = price({ kind: 'plan', product: 'advanced_2024', period: 'monthly', currency: 'EUR' });
const essential = price({ kind: 'plan', product: 'essential_2019', period: 'monthly', currency: 'EUR' });
const known = [proMonthly, proUsers, packs, advanced, essential];

/** Prices given by id (invoice lines, schedule phases) are known to the catalogue once looked up. */
const lookupKeyOf: LookupKeyOf = (value) => {
  if (!value) return null;
  if (typeof value !== 'string') return 'lookup_key' in value ? value.lookup_key : null;
  return known.find((candidate) => candidate.id === value)?.lookup_key ?? null;
};

function proSubscription(overrides: Partial<Wire<Stripe.Subscription>> = {}) {
  return subscription({ customer: customer().id, items: [{ price: proMonthly, quantity: 1 }, { price: proUsers, quantity: 2 }, { price: packs, quantity: 1 }], period }, overrides);
}

describe('a Stripe subscription read as ours', () => {
  it('holds the plan, licences and packs of its items, its period from the plan item', () => {
    const stripe = proSubscription({ metadata: { client_id: '7' } });
    expect(providerSubscription(asRead.subscription(stripe), null, lookupKeyOf)).toEqual({
      providerSubscriptionId: stripe.id,
      providerCustomerId: stripe.customer,
      selection: { product: 'pro_2020', period: 'monthly', licences: 3, pinPacks: 1 },
      currency: 'EUR',
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: false,
      pending: null,
      next: null,
      hasPaymentMethod: true,
    });
  });

  it('maps Stripe statuses to paid up, owing and over; an unpaid first invoice is no subscription yet', () => {
    expect(['active', 'trialing', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete_expired', 'incomplete'].map((status) => subscriptionStatus(status)))
      .toEqual(['active', 'active', 'past_due', 'past_due', 'past_due', 'ended', 'ended', null]);
    expect(providerSubscription(asRead.subscription(proSubscription({ status: 'incomplete' })), null, lookupKeyOf)).toBeNull();
  });

  it('is not ours without an item priced by our lookup keys', () => {
    const foreign = price({ kind: 'plan', product: 'pro_2020', period: 'monthly', currency: 'EUR' }, { lookup_key: 'gold_plan' });
    expect(providerSubscription(asRead.subscription(subscription({ customer: 'cus_x', items: [{ price: foreign, quantity: 1 }], period })), null, lookupKeyOf)).toBeNull();
  });

  it('ends at the period\'s end when cancelled there, or at a date from the customer portal', () => {
    expect(providerSubscription(asRead.subscription(proSubscription({ cancel_at_period_end: true })), null, lookupKeyOf)?.cancelAtPeriodEnd).toBe(true);
    expect(providerSubscription(asRead.subscription(proSubscription({ cancel_at: 1_775_811_600 })), null, lookupKeyOf)?.cancelAtPeriodEnd).toBe(true);
  });

  it('has no payment method when neither it nor its customer has a default one', () => {
    const bare = customer();
    expect(providerSubscription(asRead.subscription(proSubscription({ default_payment_method: null, customer: bare })), null, lookupKeyOf)?.hasPaymentMethod).toBe(false);
    const withCard = customer({ invoice_settings: { ...bare.invoice_settings, default_payment_method: 'pm_card' } });
    expect(providerSubscription(asRead.subscription(proSubscription({ default_payment_method: null, customer: withCard })), null, lookupKeyOf)?.hasPaymentMethod).toBe(true);
  });

  it('shows a pending update (an unpaid upgrade) merged over the current items', () => {
    const stripe = proSubscription();
    const planItem = stripe.items.data[0]!;
    const packItem = stripe.items.data[2]!;
    const pending = {
      billing_cycle_anchor: null, cancel_at_period_end: null, discount: null, discounts: null, expires_at: 1_773_219_600, metadata: null,
      subscription_items: [
        { ...subscriptionItem(stripe.id, advanced, 1, period), id: planItem.id },
        { ...subscriptionItem(stripe.id, packs, 0, period), id: packItem.id },
      ],
      trial_end: null, trial_from_plan: null,
    };
    const read = providerSubscription(asRead.subscription({ ...stripe, pending_update: pending }), null, lookupKeyOf)!;
    expect(read.selection.product).toBe('pro_2020');
    expect(read.pending).toEqual({ product: 'advanced_2024', period: 'monthly', licences: 3, pinPacks: 0 });
  });

  it('shows the schedule\'s phase starting at the period\'s end as the next selection', () => {
    const stripe = proSubscription();
    const next = { start: period.end, end: new Date('2026-05-10T09:00:00Z') };
    const schedule = subscriptionSchedule(stripe.id, String(stripe.customer), [
      schedulePhase([{ price: proMonthly.id, quantity: 1 }, { price: proUsers.id, quantity: 2 }, { price: packs.id, quantity: 1 }], period),
      schedulePhase([{ price: essential.id, quantity: 1 }], next),
    ]);
    expect(providerSubscription(asRead.subscription(stripe), asRead.schedule(schedule), lookupKeyOf)?.next)
      .toEqual({ product: 'essential_2019', period: 'monthly', licences: 1, pinPacks: 0 });
    expect(providerSubscription(asRead.subscription(stripe), asRead.schedule({ ...schedule, status: 'released' as const }), lookupKeyOf)?.next).toBeNull();
  });
});

describe('a Stripe invoice read as ours', () => {
  const subscriptionId = 'sub_test1';
  const lines = [
    { price: proMonthly, quantity: 1, amount: 8_900, period },
    { price: proUsers, quantity: 2, amount: 7_800, period },
  ];

  it('keeps Stripe\'s number, amounts, tax, links and lines, for the subscription it bills', () => {
    const stripe = invoice({
      subscription: subscriptionId, customer: 'cus_x', status: 'paid', billingReason: 'subscription_create', lines, taxRateBasisPoints: 2_000,
      created: period.start, metadata: { tax_reason: 'frenchVat' },
    });
    const read = providerInvoice(asRead.invoice(stripe), lookupKeyOf)!;
    expect(read.providerSubscriptionId).toBe(subscriptionId);
    expect(read.invoice).toMatchObject({
      providerInvoiceId: stripe.id, number: stripe.number, currency: 'EUR', subtotal: 16_700, tax: 3_340, total: 20_040,
      taxRateBasisPoints: 2_000, taxReason: 'frenchVat', status: 'paid', reason: 'subscribe', periodStart: period.start, periodEnd: period.end,
      hostedUrl: stripe.hosted_invoice_url, downloadUrl: stripe.invoice_pdf, paidAt: period.start, issuedAt: period.start,
    });
    expect(read.invoice.lines).toEqual([
      { kind: 'plan', product: 'pro_2020', period: 'monthly', quantity: 1, unitAmount: 8_900, amount: 8_900 },
      { kind: 'additionalUsers', product: 'pro_2020', period: 'monthly', quantity: 2, unitAmount: 3_900, amount: 7_800 },
    ]);
    expect(read.invoice.billedTo).toMatchObject({ company: 'Ada Lovelace', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' });
  });

  it('reads an upgrade\'s proration: the charge for the time left and the credit for unused time', () => {
    const stripe = invoice({
      subscription: subscriptionId, customer: 'cus_x', status: 'open', billingReason: 'subscription_update', created: period.start,
      lines: [
        { price: advanced, quantity: 1, amount: 8_950, period, proration: true },
        { price: proMonthly, quantity: 1, amount: -4_450, period, proration: true },
        { price: packs, quantity: 1, amount: 1_500, period, proration: true },
      ],
    });
    const read = providerInvoice(asRead.invoice(stripe), lookupKeyOf)!.invoice;
    expect(read).toMatchObject({ status: 'open', reason: 'upgrade', tax: 0, taxRateBasisPoints: 0, subtotal: 6_000, total: 6_000, paidAt: null });
    expect(read.lines.map((line) => [line.kind, line.product, line.amount, line.prorated])).toEqual([
      ['plan', 'advanced_2024', 8_950, true], ['unusedTime', 'pro_2020', -4_450, true], ['pinPacks', 'advanced_2024', 1_500, true],
    ]);
  });

  it('says reverse charge for a customer Stripe marks so, and shows void and uncollectible invoices as unpaid', () => {
    const base = { subscription: subscriptionId, customer: 'cus_x', billingReason: 'subscription_cycle' as const, lines, created: period.end };
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'open' }, { customer_tax_exempt: 'reverse' })), lookupKeyOf)?.invoice)
      .toMatchObject({ taxReason: 'reverseCharge', reason: 'renewal', status: 'open' });
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'void' })), lookupKeyOf)?.invoice.status).toBe('uncollectible');
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'uncollectible' })), lookupKeyOf)?.invoice.status).toBe('uncollectible');
  });

  it('leaves drafts, invoices of no subscription and other currencies alone', () => {
    const base = { subscription: subscriptionId, customer: 'cus_x', billingReason: 'subscription_cycle' as const, lines, created: period.end };
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'draft' })), lookupKeyOf)).toBeNull();
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'open' }, { parent: null })), lookupKeyOf)).toBeNull();
    expect(providerInvoice(asRead.invoice(invoice({ ...base, status: 'open' }, { currency: 'gbp' })), lookupKeyOf)).toBeNull();
  });

  it('counts lines priced outside our catalogue in the totals only', () => {
    const foreign = price({ kind: 'plan', product: 'pro_2020', period: 'monthly', currency: 'EUR' }, { lookup_key: null });
    const stripe = invoice({ subscription: subscriptionId, customer: 'cus_x', status: 'paid', billingReason: 'manual', created: period.end, lines: [...lines, { price: foreign, quantity: 1, amount: 1_000, period }] });
    const read = providerInvoice(asRead.invoice(stripe), lookupKeyOf)!.invoice;
    expect(read.lines).toHaveLength(2);
    expect(read.total).toBe(17_700);
  });
});
