/**
 * The Stripe provider's calls, made by the real SDK to a local server standing in for Stripe
 * (test-support/fake-stripe-server.ts): what we ask Stripe for, field by field as the SDK encodes it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { DomainError, PURCHASABLE_PLANS, type BillingDetails, type PlanSelection } from '@catchment/domain';
import type { BillingCustomer } from '../../billing-provider.js';
import type { SubscriptionRecord } from '../../billing.repository.js';
import { StripeProvider } from './stripe.provider.js';
import { allLookupKeys, parseLookupKey } from './stripe-prices.js';
import { FakeStripeServer } from './test-support/fake-stripe-server.js';
import {
  checkoutSession, customer, event, invoice, price, subscription, taxRate, type Period, type Wire,
} from './test-support/stripe-fixtures.js';

const INSTALLATION = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_test_secret';
const back = { successUrl: 'http://localhost:3000/app/subscription?checkout=done', cancelUrl: 'http://localhost:3000/app/plans' };
const period: Period = { start: new Date('2026-03-10T09:00:00Z'), end: new Date('2026-04-10T09:00:00Z') };

const server = new FakeStripeServer();
let provider: StripeProvider;
let api: Awaited<ReturnType<FakeStripeServer['start']>>;
const prices = new Map<string, Wire<Stripe.Price>>();

beforeAll(async () => {
  api = await server.start();
  for (const key of allLookupKeys(PURCHASABLE_PLANS)) prices.set(key, server.put(price(parseLookupKey(key)!)));
  provider = freshProvider();
});

/** A provider that has looked nothing up yet (prices, tax rates). */
function freshProvider(): StripeProvider {
  return new StripeProvider({ secretKey: 'sk_test_provider', webhookSecret: WEBHOOK_SECRET, installation: INSTALLATION, api });
}
afterAll(() => server.close());
beforeEach(() => server.clearRequests());

const priceId = (key: string) => prices.get(key)!.id;

let nextClient = 100;
function billingCustomer(details: Partial<BillingDetails> = {}, providerCustomerId: string | null = null): BillingCustomer {
  nextClient += 1;
  return {
    clientId: nextClient, email: `owner-${nextClient}@example.com`, name: 'Ada Lovelace', locale: 'fr', providerCustomerId,
    details: {
      firstName: 'Ada', lastName: 'Lovelace', company: null, vat: null, addressLine1: '1 rue de Rivoli', addressLine2: null,
      postalCode: '75001', city: 'Paris', country: 'FR', phone: null, ...details,
    },
  };
}

const pro: PlanSelection = { product: 'pro_2020', period: 'monthly', licences: 1, pinPacks: 0 };

function record(stripe: Wire<Stripe.Subscription>, selection: PlanSelection = pro): SubscriptionRecord {
  return {
    id: 1, ownerId: 42, currency: 'EUR', provider: 'stripe', providerCustomerId: String(stripe.customer), providerSubscriptionId: stripe.id,
    hasPaymentMethod: true, cancelReason: null, cancelComment: null, pendingCheckoutUrl: null, endedAt: null, createdAt: period.start,
    state: { selection, status: 'active', currentPeriodStart: period.start, currentPeriodEnd: period.end, cancelAtPeriodEnd: false, pending: null, next: null, manual: false },
  };
}

function proSubscription(overrides: Partial<Wire<Stripe.Subscription>> = {}) {
  const owner = server.put(customer({ email: 'owner@example.com' }));
  return server.put(subscription({ customer: owner.id, items: [{ price: prices.get('pro_2020_monthly_eur')!, quantity: 1 }], period }, overrides));
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('subscribing', () => {
  it('opens a Checkout Session in subscription mode for our client, priced by lookup key, taxed at our rate', async () => {
    const owner = billingCustomer();
    const started = await freshProvider().startCheckout(
      { kind: 'subscribe', customer: owner, selection: { ...pro, licences: 3, pinPacks: 1 }, currency: 'EUR', tax: { rateBasisPoints: 2_000, reason: 'frenchVat' } },
      back,
    );
    expect(started.url).toBe(`https://checkout.stripe.com/c/pay/${started.id}`);

    const [lookup] = server.requestsTo('GET', /^\/v1\/prices$/);
    expect(Object.values(lookup!.params)).toEqual(expect.arrayContaining(['pro_2020_monthly_eur', 'pro_2020_extra_user_monthly_eur', 'pin_pack_monthly_eur']));
    const [created] = server.requestsTo('POST', /^\/v1\/customers$/);
    expect(created!.params).toMatchObject({
      email: owner.email, name: 'Ada Lovelace', 'preferred_locales[0]': 'fr', 'address[country]': 'FR', 'address[city]': 'Paris',
      tax_exempt: 'none', 'metadata[client_id]': String(owner.clientId), 'metadata[installation]': INSTALLATION,
    });
    const [vat] = server.requestsTo('POST', /^\/v1\/tax_rates$/);
    expect(vat!.params).toMatchObject({ percentage: '20', inclusive: 'false', country: 'FR', tax_type: 'vat' });
    const [session] = server.requestsTo('POST', /^\/v1\/checkout\/sessions$/);
    expect(session!.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(owner.clientId),
      customer: server.find<Wire<Stripe.Customer>>('customer', (candidate) => candidate.email === owner.email)[0]!.id,
      'line_items[0][price]': priceId('pro_2020_monthly_eur'), 'line_items[0][quantity]': '1',
      'line_items[1][price]': priceId('pro_2020_extra_user_monthly_eur'), 'line_items[1][quantity]': '2',
      'line_items[2][price]': priceId('pin_pack_monthly_eur'), 'line_items[2][quantity]': '1',
      'subscription_data[metadata][client_id]': String(owner.clientId),
      'subscription_data[metadata][installation]': INSTALLATION,
      'subscription_data[metadata][tax_reason]': 'frenchVat',
      'metadata[installation]': INSTALLATION,
      locale: 'fr', success_url: back.successUrl, cancel_url: back.cancelUrl,
    });
    expect(session!.params['subscription_data[default_tax_rates][0]']).toBe(server.get<Wire<Stripe.TaxRate>>(session!.params['subscription_data[default_tax_rates][0]']!).id);
    expect(server.get<Wire<Stripe.TaxRate>>(session!.params['subscription_data[default_tax_rates][0]']!).percentage).toBe(20);
  });

  it('reuses the customer it made for the client and the VAT rate it made, without a new one', async () => {
    const owner = billingCustomer();
    const tax = { rateBasisPoints: 2_000, reason: 'frenchVat' } as const;
    const provider = freshProvider();
    const first = await provider.startCheckout({ kind: 'subscribe', customer: owner, selection: pro, currency: 'EUR', tax }, back);
    server.clearRequests();
    const second = await provider.startCheckout({ kind: 'subscribe', customer: owner, selection: pro, currency: 'EUR', tax }, back);
    expect(server.requestsTo('POST', /^\/v1\/customers$/)).toHaveLength(0);
    expect(server.requestsTo('POST', /^\/v1\/tax_rates$/)).toHaveLength(0);
    const session = (id: string) => server.get<Wire<Stripe.Checkout.Session>>(id);
    expect(session(second.id).customer).toBe(session(first.id).customer);
  });

  it('charges no VAT and marks a reverse charge for an EU business abroad, its VAT number the customer\'s tax id', async () => {
    const owner = billingCustomer({ country: 'DE', city: 'Berlin', vat: 'DE123456789', company: 'Rechen GmbH' });
    await provider.startCheckout(
      { kind: 'subscribe', customer: owner, selection: pro, currency: 'EUR', tax: { rateBasisPoints: 0, reason: 'reverseCharge' } }, back,
    );
    const [created] = server.requestsTo('POST', /^\/v1\/customers$/);
    expect(created!.params).toMatchObject({ tax_exempt: 'reverse', 'tax_id_data[0][type]': 'eu_vat', 'tax_id_data[0][value]': 'DE123456789' });
    const [session] = server.requestsTo('POST', /^\/v1\/checkout\/sessions$/);
    expect(Object.keys(session!.params).some((key) => key.startsWith('subscription_data[default_tax_rates]'))).toBe(false);
    expect(session!.params['subscription_data[metadata][tax_reason]']).toBe('reverseCharge');
  });

  it('refuses, before any customer pays, a price missing in Stripe or not charging our amount', async () => {
    const key = 'essential_2019_yearly_usd';
    const good = prices.get(key)!;
    server.put({ ...good, unit_amount: good.unit_amount! + 100, unit_amount_decimal: String(good.unit_amount! + 100) });
    const selection: PlanSelection = { product: 'essential_2019', period: 'yearly', licences: 1, pinPacks: 0 };
    const tax = { rateBasisPoints: 0, reason: 'outsideEu' } as const;
    const wrong = await refusal(provider.startCheckout({ kind: 'subscribe', customer: billingCustomer({ country: 'US' }), selection, currency: 'USD', tax }, back));
    expect(wrong.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(wrong.operatorHint).toContain(key);
    expect(wrong.operatorHint).toContain(String(good.unit_amount));
    server.put({ ...good, lookup_key: 'renamed' });
    const absent = await refusal(provider.startCheckout({ kind: 'subscribe', customer: billingCustomer({ country: 'US' }), selection, currency: 'USD', tax }, back));
    expect(absent.operatorHint).toContain(`no active Stripe price has the lookup key ${key}`);
    expect(server.requestsTo('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(0);
    server.put(good);
  });
});

describe('upgrading', () => {
  const advanced: PlanSelection = { product: 'advanced_2024', period: 'monthly', licences: 2, pinPacks: 0 };
  const tax = { rateBasisPoints: 2_000, reason: 'frenchVat' } as const;

  it('updates the subscription so that it applies only once paid, and sends the owner to the open invoice', async () => {
    const stripe = proSubscription();
    const open = server.put(invoice({
      subscription: stripe.id, customer: String(stripe.customer), status: 'open', billingReason: 'subscription_update', created: new Date(),
      lines: [{ price: prices.get('advanced_2024_monthly_eur')!, quantity: 1, amount: 13_450, period, proration: true }],
    }));
    server.on('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`), (request) => (request.params.payment_behavior ? {
      body: { ...stripe, latest_invoice: open, pending_update: { billing_cycle_anchor: null, cancel_at_period_end: null, discounts: null, expires_at: 1, metadata: null, subscription_items: [], trial_end: null, trial_from_plan: null } },
    } : undefined));
    const started = await provider.startCheckout({ kind: 'upgrade', customer: billingCustomer(), subscription: record(stripe), selection: advanced, tax }, back);
    expect(started).toEqual({ id: open.id, url: open.hosted_invoice_url });

    const updates = server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`));
    // The VAT rate first (a pending update takes no tax settings), then the upgrade itself.
    expect(updates[0]!.params['default_tax_rates[0]']).toMatch(/^txr_/);
    expect(updates[1]!.params).toMatchObject({
      payment_behavior: 'pending_if_incomplete',
      proration_behavior: 'always_invoice',
      'billing_cycle_anchor[type]': 'now',
      'items[0][id]': stripe.items.data[0]!.id, 'items[0][price]': priceId('advanced_2024_monthly_eur'), 'items[0][quantity]': '1',
      'items[1][price]': priceId('advanced_2024_extra_user_monthly_eur'), 'items[1][quantity]': '1',
      'expand[0]': 'latest_invoice',
    });
    expect(updates[1]!.params['items[1][id]']).toBeUndefined();
    expect(Object.keys(updates[1]!.params).some((key) => key.startsWith('items[2]'))).toBe(false);
  });

  it('keeps the period for more users on the same plan, and comes straight back when the card on file paid', async () => {
    const stripe = proSubscription({ default_tax_rates: [taxRate(2_000, {})].map((rate) => server.put(rate)) });
    const paid = server.put(invoice({ subscription: stripe.id, customer: String(stripe.customer), status: 'paid', billingReason: 'subscription_update', created: new Date(), lines: [] }));
    server.on('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`), () => ({ body: { ...stripe, latest_invoice: paid } }));
    const started = await provider.startCheckout({ kind: 'upgrade', customer: billingCustomer(), subscription: record(stripe), selection: { ...pro, licences: 4 }, tax }, back);
    expect(started.url).toBe(back.successUrl);
    const updates = server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`));
    const upgrade = updates.at(-1)!;
    expect(upgrade.params).toMatchObject({ 'billing_cycle_anchor[type]': 'unchanged', 'items[1][price]': priceId('pro_2020_extra_user_monthly_eur'), 'items[1][quantity]': '3' });
  });

  it('pays an open invoice on its hosted page, and says when there is none', async () => {
    const stripe = proSubscription({ status: 'past_due' });
    const open = server.put(invoice({ subscription: stripe.id, customer: String(stripe.customer), status: 'open', billingReason: 'subscription_cycle', created: period.end, lines: [] }));
    const started = await provider.startCheckout({ kind: 'invoice', customer: billingCustomer(), subscription: record(stripe), invoiceId: 9 }, back);
    expect(started).toEqual({ id: open.id, url: open.hosted_invoice_url });
    server.put({ ...open, status: 'paid' as const });
    expect((await refusal(provider.startCheckout({ kind: 'invoice', customer: billingCustomer(), subscription: record(stripe), invoiceId: 9 }, back))).code)
      .toBe('NO_OPEN_INVOICE');
  });
});

describe('changes at the period\'s end, cancelling, the customer', () => {
  it('schedules a downgrade as the schedule\'s next phase, and releases the schedule to take it back', async () => {
    const stripe = proSubscription();
    await provider.scheduleChange(record(stripe), { product: 'essential_2019', period: 'monthly', licences: 1, pinPacks: 0 });
    const [created] = server.requestsTo('POST', /^\/v1\/subscription_schedules$/);
    expect(created!.params).toEqual({ from_subscription: stripe.id });
    const scheduleId = server.get<Wire<Stripe.Subscription>>(stripe.id).schedule as string;
    const [update] = server.requestsTo('POST', new RegExp(`^/v1/subscription_schedules/${scheduleId}$`));
    expect(update!.params).toMatchObject({
      end_behavior: 'release',
      'phases[0][start_date]': String(period.start.getTime() / 1000),
      'phases[0][end_date]': String(period.end.getTime() / 1000),
      'phases[0][items][0][price]': priceId('pro_2020_monthly_eur'), 'phases[0][items][0][quantity]': '1',
      'phases[1][items][0][price]': priceId('essential_2019_monthly_eur'), 'phases[1][items][0][quantity]': '1',
      'phases[1][duration][interval]': 'month', 'phases[1][duration][interval_count]': '1',
      'phases[1][proration_behavior]': 'none',
    });
    expect(Object.keys(update!.params).some((key) => key.startsWith('phases[1][items][1]'))).toBe(false);

    await provider.scheduleChange(record(stripe), null);
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscription_schedules/${scheduleId}/release$`))).toHaveLength(1);
  });

  it('cancels at the period\'s end (a scheduled change dropped first) and reactivates', async () => {
    const stripe = proSubscription();
    await provider.scheduleChange(record(stripe), { product: 'pro_2020', period: 'yearly', licences: 1, pinPacks: 0 });
    const scheduleId = server.get<Wire<Stripe.Subscription>>(stripe.id).schedule as string;
    server.clearRequests();
    await provider.setCancelAtPeriodEnd(record(stripe), true);
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscription_schedules/${scheduleId}/release$`))).toHaveLength(1);
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).map((request) => request.params)).toEqual([{ cancel_at_period_end: 'true' }]);
    server.clearRequests();
    await provider.setCancelAtPeriodEnd(record(stripe), false);
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).map((request) => request.params)).toEqual([{ cancel_at_period_end: 'false' }]);
  });

  it('reactivates a subscription the customer portal set to end at a date by clearing that date', async () => {
    const stripe = proSubscription({ cancel_at: period.end.getTime() / 1000 });
    await provider.setCancelAtPeriodEnd(record(stripe), false);
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).map((request) => request.params)).toEqual([{ cancel_at: '' }]);
  });

  it('brings the customer up to date: address, reverse charge, VAT number, and the subscription\'s tax', async () => {
    const stripe = proSubscription();
    const owner = billingCustomer({ country: 'BE', city: 'Bruxelles', vat: 'BE0123456789', company: 'Calculs SA' }, String(stripe.customer));
    server.put({ id: 'txi_old', object: 'tax_id', customer: String(stripe.customer), type: 'eu_vat', value: 'FR40303265045' });
    await provider.updateCustomer(record(stripe), owner);
    expect(server.requestsTo('POST', new RegExp(`^/v1/customers/${stripe.customer}$`))[0]!.params)
      .toMatchObject({ 'address[country]': 'BE', tax_exempt: 'reverse', email: owner.email, 'metadata[client_id]': String(owner.clientId) });
    expect(server.requestsTo('DELETE', /\/tax_ids\/txi_old$/)).toHaveLength(1);
    expect(server.requestsTo('POST', /\/tax_ids$/)[0]!.params).toEqual({ type: 'eu_vat', value: 'BE0123456789' });
    expect(server.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`))[0]!.params)
      .toMatchObject({ default_tax_rates: '', 'metadata[tax_reason]': 'reverseCharge', 'metadata[client_id]': String(owner.clientId) });
  });

  it('opens the customer portal for the subscription\'s customer', async () => {
    const stripe = proSubscription();
    const portal = await provider.customerPortal(record(stripe), 'http://localhost:3000/app/subscription');
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(server.requestsTo('POST', /^\/v1\/billing_portal\/sessions$/)[0]!.params)
      .toEqual({ customer: String(stripe.customer), return_url: 'http://localhost:3000/app/subscription' });
  });

  it('answers 502 with Stripe\'s message for the operator when Stripe refuses a call', async () => {
    const stripe = proSubscription();
    const error = await refusal(provider.setCancelAtPeriodEnd({ ...record(stripe), providerSubscriptionId: 'sub_unknown' }, true));
    expect(error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(error.operatorHint).toContain('No such object');
  });
});

describe('webhooks', () => {
  function signed(payload: object, secret = WEBHOOK_SECRET) {
    const body = JSON.stringify(payload);
    return { body: Buffer.from(body), headers: { 'stripe-signature': provider.stripe.webhooks.generateTestHeaderString({ payload: body, secret }) } };
  }

  it('refuses an event signed with another secret, or not signed', async () => {
    const { body, headers } = signed(event('customer.subscription.updated', proSubscription()), 'whsec_someone_else');
    expect((await refusal(provider.parseWebhook(body, headers))).code).toBe('WEBHOOK_REJECTED');
    expect((await refusal(provider.parseWebhook(body, {}))).code).toBe('WEBHOOK_REJECTED');
    const tampered = signed(event('customer.subscription.updated', proSubscription()));
    expect((await refusal(provider.parseWebhook(Buffer.from(tampered.body.toString().replace('"active"', '"canceled"')), tampered.headers))).code)
      .toBe('WEBHOOK_REJECTED');
  });

  it('starts a subscription from the completed Checkout Session of this installation only', async () => {
    const stripe = proSubscription();
    const session = (installation: string) => checkoutSession({
      clientReferenceId: '42', customer: String(stripe.customer), subscription: stripe.id, invoice: null, metadata: { installation }, currency: 'eur', amountTotal: 8_900,
    });
    const ours = signed(event('checkout.session.completed', session(INSTALLATION)));
    const [started] = await provider.parseWebhook(ours.body, ours.headers);
    expect(started).toMatchObject({ type: 'subscriptionStarted', ownerId: 42, subscription: { providerSubscriptionId: stripe.id, selection: pro } });
    const theirs = signed(event('checkout.session.completed', session('https://staging.example.com')));
    expect(await provider.parseWebhook(theirs.body, theirs.headers)).toEqual([]);
  });

  it('reads an event\'s subscription again from Stripe, so that a late event does not bring back an older state', async () => {
    const stripe = proSubscription();
    server.put({ ...stripe, status: 'canceled' as const, ended_at: period.end.getTime() / 1000 });
    const stale = signed(event('customer.subscription.updated', stripe));
    expect(await provider.parseWebhook(stale.body, stale.headers))
      .toEqual([{ type: 'subscriptionEnded', providerSubscriptionId: stripe.id, endedAt: period.end }]);
  });

  it('ignores the events it does not use', async () => {
    const { body, headers } = signed(event('customer.created', customer()));
    expect(await provider.parseWebhook(body, headers)).toEqual([]);
  });
});
