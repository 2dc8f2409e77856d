/**
 * Stripe objects for tests, written field by field after the API reference's object shapes (the
 * API version the installed `stripe` package pins): every field of each object is there, typed by
 * the SDK's own declarations, so a shape the API no longer has does not compile. They are the JSON
 * Stripe sends (decimals as strings), for webhook payloads and for the local server's answers.
 */
import type Stripe from 'stripe';
import { expectedUnitAmount, priceLookupKey, type PriceKind } from '../stripe-prices.js';

/** An object as it travels as JSON: the SDK reads decimal strings into its Decimal type. */
export type Wire<T> = T extends string | number | boolean | null | undefined ? T
  : T extends Stripe.Decimal ? string
  : T extends (infer U)[] ? Wire<U>[]
    : T extends object ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** Wire objects as the SDK's types, for code under test that reads no decimal (the only fields the SDK converts). */
export const asRead = {
  subscription: (wire: Wire<Stripe.Subscription>) => wire as unknown as Stripe.Subscription,
  invoice: (wire: Wire<Stripe.Invoice>) => wire as unknown as Stripe.Invoice,
  schedule: (wire: Wire<Stripe.SubscriptionSchedule>) => wire as unknown as Stripe.SubscriptionSchedule,
};

let counter = 0;
/** A fresh Stripe-like id with the object's prefix. */
export function stripeId(prefix: string): string {
  counter += 1;
  return `${prefix}_test${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}

export const seconds = (date: Date | string): number => Math.floor(new Date(date).getTime() / 1000);

export function list<T>(data: T[], url: string): Wire<Stripe.ApiList<T>> {
  return { object: 'list', data, has_more: false, url } as Wire<Stripe.ApiList<T>>;
}

export function price(kind: PriceKind, overrides: Partial<Wire<Stripe.Price>> = {}): Wire<Stripe.Price> {
  const amount = expectedUnitAmount(kind);
  return {
    id: stripeId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: kind.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: priceLookupKey(kind),
    metadata: {},
    nickname: null,
    product: stripeId('prod'),
    recurring: { interval: kind.period === 'monthly' ? 'month' : 'year', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'exclusive',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
    ...overrides,
  };
}

export function customer(overrides: Partial<Wire<Stripe.Customer>> = {}): Wire<Stripe.Customer> {
  return {
    id: stripeId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: 1_700_000_000,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: 'A1B2C3D4',
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
    ...overrides,
  };
}

export interface Period { start: Date; end: Date }

export function subscriptionItem(
  subscription: string, itemPrice: Wire<Stripe.Price>, quantity: number, period: Period, overrides: Partial<Wire<Stripe.SubscriptionItem>> = {},
): Wire<Stripe.SubscriptionItem> {
  return {
    id: stripeId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: seconds(period.start),
    current_period_end: seconds(period.end),
    current_period_start: seconds(period.start),
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: {
      id: itemPrice.id,
      object: 'plan',
      active: itemPrice.active,
      amount: itemPrice.unit_amount,
      amount_decimal: itemPrice.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: itemPrice.created,
      currency: itemPrice.currency,
      interval: itemPrice.recurring!.interval,
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: itemPrice.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    price: itemPrice,
    quantity,
    subscription,
    tax_rates: [],
    ...overrides,
  };
}

export interface SubscriptionInput {
  id?: string;
  customer: string | Wire<Stripe.Customer>;
  items: { price: Wire<Stripe.Price>; quantity: number }[];
  period: Period;
  status?: Stripe.Subscription.Status;
  metadata?: Record<string, string>;
}

export function subscription(input: SubscriptionInput, overrides: Partial<Wire<Stripe.Subscription>> = {}): Wire<Stripe.Subscription> {
  const id = input.id ?? stripeId('sub');
  const first = input.items[0]!.price;
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: seconds(input.period.start),
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: seconds(input.period.start),
    currency: first.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: stripeId('pm'),
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: list(input.items.map((item) => subscriptionItem(id, item.price, item.quantity, input.period)), `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: seconds(input.period.start),
    status: input.status ?? 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
    ...overrides,
  };
}

export interface InvoiceLineInput {
  price: Wire<Stripe.Price>;
  quantity: number;
  amount: number;
  period: Period;
  proration?: boolean;
  subscriptionItem?: string;
}

export function invoiceLine(invoiceId: string, subscriptionId: string, input: InvoiceLineInput, taxRateBasisPoints: number): Wire<Stripe.InvoiceLineItem> {
  const tax = Math.round((input.amount * taxRateBasisPoints) / 10_000);
  return {
    id: stripeId('il'),
    object: 'line_item',
    amount: input.amount,
    currency: input.price.currency,
    description: `${input.quantity} × ${input.price.lookup_key}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: input.proration ?? false,
        proration_details: { credited_items: null },
        subscription: subscriptionId,
        subscription_item: input.subscriptionItem ?? stripeId('si'),
      },
      type: 'subscription_item_details',
    },
    period: { end: seconds(input.period.end), start: seconds(input.period.start) },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: input.price.id, product: String(input.price.product) },
      type: 'price_details',
      unit_amount_decimal: input.price.unit_amount_decimal,
    },
    quantity: input.quantity,
    quantity_decimal: String(input.quantity),
    subscription: subscriptionId,
    subtotal: input.amount,
    taxes: taxRateBasisPoints === 0 ? [] : [{
      amount: tax,
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: 'txr_vat20' },
      taxability_reason: 'standard_rated',
      taxable_amount: input.amount,
      type: 'tax_rate_details',
    }],
  };
}

export interface InvoiceInput {
  id?: string;
  subscription: string;
  customer: string;
  status: Stripe.Invoice.Status;
  billingReason: Stripe.Invoice.BillingReason;
  lines: InvoiceLineInput[];
  taxRateBasisPoints?: number;
  created: Date;
  paidAt?: Date | null;
  metadata?: Record<string, string>;
}

export function invoice(input: InvoiceInput, overrides: Partial<Wire<Stripe.Invoice>> = {}): Wire<Stripe.Invoice> {
  const id = input.id ?? stripeId('in');
  const rate = input.taxRateBasisPoints ?? 0;
  const lines = input.lines.map((line) => invoiceLine(id, input.subscription, line, rate));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + (line.taxes ?? []).reduce((s, t) => s + t.amount, 0), 0);
  const total = subtotal + tax;
  const finalized = input.status === 'draft' ? null : seconds(input.created);
  const paid = input.status === 'paid';
  const number = finalized === null ? null : `A1B2C3D4-${String(lines.length).padStart(4, '0')}`;
  return {
    id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Catchment',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    application: null,
    attempt_count: input.status === 'draft' ? 0 : 1,
    attempted: input.status !== 'draft',
    auto_advance: !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: seconds(input.created),
    currency: lines[0]?.currency ?? 'eur',
    custom_fields: null,
    customer: input.customer,
    customer_account: null,
    customer_address: { city: 'Paris', country: 'FR', line1: '1 rue de Rivoli', line2: null, postal_code: '75001', state: null },
    customer_email: 'owner@example.com',
    customer_name: 'Ada Lovelace',
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: finalized,
    ending_balance: finalized === null ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized === null ? null : `https://invoice.stripe.com/i/acct_test/${id}`,
    invoice_pdf: finalized === null ? null : `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: input.metadata ?? {}, subscription: input.subscription },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: seconds(input.created),
    period_start: seconds(input.created),
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.status,
    status_transitions: {
      finalized_at: finalized,
      marked_uncollectible_at: input.status === 'uncollectible' ? finalized : null,
      paid_at: paid ? seconds(input.paidAt ?? input.created) : null,
      voided_at: input.status === 'void' ? finalized : null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: subtotal,
    total_pretax_credit_amounts: [],
    total_taxes: rate === 0 ? [] : [{
      amount: tax,
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: 'txr_vat20' },
      taxability_reason: 'standard_rated',
      taxable_amount: subtotal,
      type: 'tax_rate_details',
    }],
    webhooks_delivered_at: finalized,
    ...overrides,
  };
}

export interface CheckoutSessionInput {
  id?: string;
  clientReferenceId: string | null;
  customer: string;
  subscription: string | null;
  invoice: string | null;
  metadata: Record<string, string>;
  currency: string;
  amountTotal: number;
}

export function checkoutSession(input: CheckoutSessionInput, overrides: Partial<Wire<Stripe.Checkout.Session>> = {}): Wire<Stripe.Checkout.Session> {
  const id = input.id ?? stripeId('cs');
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: 'http://localhost:3000/app/subscription',
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: seconds(new Date()),
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: { address: null, business_name: null, email: 'owner@example.com', individual_name: null, name: 'Ada Lovelace', phone: null, tax_exempt: 'none', tax_ids: [] },
    customer_email: null,
    discounts: [],
    expires_at: seconds(new Date()) + 86_400,
    invoice: input.invoice,
    integration_identifier: null,
    invoice_creation: null,
    managed_payments: null,
    livemode: false,
    locale: 'en',
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'paid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: null,
    subscription: input.subscription,
    success_url: 'http://localhost:3000/app/subscription?paid=1',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
    wallet_options: null,
    ...overrides,
  };
}

export function schedulePhase(items: { price: string; quantity: number }[], period: Period): Wire<Stripe.SubscriptionSchedule.Phase> {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: 'eur',
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: seconds(period.end),
    invoice_settings: null,
    items: items.map((item) => ({ billing_thresholds: null, discounts: [], metadata: {}, plan: item.price, price: item.price, quantity: item.quantity, tax_rates: [] })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: 'create_prorations',
    start_date: seconds(period.start),
    transfer_data: null,
    trial_end: null,
  };
}

export function subscriptionSchedule(
  subscriptionId: string, customerId: string, phases: Wire<Stripe.SubscriptionSchedule.Phase>[], overrides: Partial<Wire<Stripe.SubscriptionSchedule>> = {},
): Wire<Stripe.SubscriptionSchedule> {
  const current = phases[0]!;
  return {
    id: stripeId('sub_sched'),
    object: 'subscription_schedule',
    application: null,
    billing_mode: { flexible: null, type: 'classic' },
    canceled_at: null,
    completed_at: null,
    created: current.start_date,
    current_phase: { end_date: current.end_date, start_date: current.start_date },
    customer: customerId,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, days_until_due: null, description: null, footer: null, issuer: { type: 'self' } },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases,
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: subscriptionId,
    test_clock: null,
    ...overrides,
  };
}

export function taxRate(basisPoints: number, metadata: Record<string, string>): Wire<Stripe.TaxRate> {
  return {
    id: stripeId('txr'),
    object: 'tax_rate',
    active: true,
    country: 'FR',
    created: 1_700_000_000,
    description: `VAT ${basisPoints / 100} %`,
    display_name: 'VAT',
    effective_percentage: basisPoints / 100,
    flat_amount: null,
    inclusive: false,
    jurisdiction: null,
    jurisdiction_level: null,
    livemode: false,
    metadata,
    percentage: basisPoints / 100,
    rate_type: 'percentage',
    state: null,
    tax_type: 'vat',
  };
}

export function taxId(customerId: string, type: Stripe.TaxId.Type, value: string): Wire<Stripe.TaxId> {
  return {
    id: stripeId('txi'),
    object: 'tax_id',
    country: value.slice(0, 2),
    created: 1_700_000_000,
    customer: customerId,
    customer_account: null,
    livemode: false,
    owner: { customer: customerId, customer_account: null, type: 'customer' },
    type,
    value,
    verification: { status: 'pending', verified_address: null, verified_name: null },
  };
}

export function portalSession(customerId: string, returnUrl: string): Wire<Stripe.BillingPortal.Session> {
  const id = stripeId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: stripeId('bpc'),
    created: seconds(new Date()),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `https://billing.stripe.com/p/session/${id}`,
  };
}

/** An event as Stripe posts it to a webhook endpoint. */
export function event<T extends Stripe.Event['type']>(type: T, object: unknown, previousAttributes?: Record<string, unknown>): Record<string, unknown> {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    context: null,
    created: seconds(new Date()),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
