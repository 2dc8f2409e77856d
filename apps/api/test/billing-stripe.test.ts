/**
 * Billing through Stripe, end to end but for Stripe itself: the billing service and the Stripe
 * provider (the real SDK) talk to a local server standing in for Stripe's API; Stripe's webhooks,
 * signed with the SDK's test signature, go through the real webhook route and ledger into the
 * database. What a user sees is read from the API (GET /Clients/{id}/subscription, /invoices,
 * /auth/me).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { PURCHASABLE_PLANS, type Invoice, type SubscriptionResponse, type User } from '@catchment/domain';
import { applyBillingEvents } from '../src/billing/billing-ledger.js';
import { BillingService } from '../src/billing/billing.service.js';
import { openBillingProvider } from '../src/billing/providers/index.js';
import { StripeProvider } from '../src/billing/providers/stripe/stripe.provider.js';
import { allLookupKeys, parseLookupKey } from '../src/billing/providers/stripe/stripe-prices.js';
import { FakeStripeServer } from '../src/billing/providers/stripe/test-support/fake-stripe-server.js';
import {
  checkoutSession, event, invoice, price, seconds, subscription, type Period, type Wire,
} from '../src/billing/providers/stripe/test-support/stripe-fixtures.js';
import { loadConfig } from '../src/config.js';
import { registerErrorHandling } from '../src/http/errors.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

const WEBHOOK_SECRET = 'whsec_api_test';
const DAY = 86_400_000;

const stripeServer = new FakeStripeServer();
const prices = new Map<string, Wire<Stripe.Price>>();
let provider: StripeProvider;
let billing: BillingService;
/** Serves the provider's own routes (the webhook) as the API does, under /api. */
let webhooks: FastifyInstance;
let installation: string;

beforeAll(async () => {
  const { ctx } = await testApp();
  const api = await stripeServer.start();
  for (const key of allLookupKeys(PURCHASABLE_PLANS)) prices.set(key, stripeServer.put(price(parseLookupKey(key)!)));
  installation = ctx.config.publicUrl;
  provider = new StripeProvider({
    secretKey: 'sk_test_api', webhookSecret: WEBHOOK_SECRET, installation, api,
    applyEvents: (events) => applyBillingEvents(ctx.database.db, 'stripe', events),
  });
  billing = new BillingService(ctx.database.db, provider, ctx.config.publicUrl);
  webhooks = Fastify();
  registerErrorHandling(webhooks);
  await webhooks.register(provider.routes!, { prefix: '/api' });
  await webhooks.ready();
});

afterAll(async () => {
  await webhooks.close();
  await stripeServer.close();
});

function deliver(type: Stripe.Event['type'], object: unknown, options: { secret?: string; language?: string } = {}) {
  const payload = JSON.stringify(event(type, object));
  const signature = provider.stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return webhooks.inject({
    method: 'POST', url: '/api/billing/webhooks/stripe', payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'accept-language': options.language ?? 'en' },
  });
}

async function delivered(type: Stripe.Event['type'], object: unknown): Promise<void> {
  const response = await deliver(type, object);
  expect(response.statusCode, response.body).toBe(200);
}

async function view(user: TestUser) {
  const { app } = await testApp();
  return expectStatus<SubscriptionResponse>(200, call(app, 'GET', `/Clients/${user.id}/subscription`, { as: user }));
}

async function invoices(user: TestUser) {
  const { app } = await testApp();
  return (await expectStatus<{ invoices: Invoice[] }>(200, call(app, 'GET', `/Clients/${user.id}/invoices`, { as: user }))).invoices;
}

async function rows(user: TestUser) {
  const { ctx } = await testApp();
  const db = ctx.database.db;
  const client = await db.selectFrom('clients').select(['product', 'product_end_date']).where('id', '=', user.id).executeTakeFirstOrThrow();
  const subscriptions = await db.selectFrom('subscriptions').selectAll().where('owner_id', '=', user.id).orderBy('id').execute();
  const invoiceRows = await db.selectFrom('invoices').selectAll().where('client_id', '=', user.id).orderBy('id').execute();
  return { client, subscriptions, invoices: invoiceRows };
}

interface Subscribed { user: TestUser; stripe: Wire<Stripe.Subscription>; customerId: string; period: Period; first: Wire<Stripe.Invoice> }

/**
 * A user subscribes to PRO monthly for two users: the service opens a Checkout Session, the test
 * plays Stripe (the subscription and its paid invoice), then Stripe's checkout.session.completed.
 */
async function subscribe(options: { period?: Period; overrides?: Partial<Wire<Stripe.Subscription>> } = {}): Promise<Subscribed> {
  const { app } = await testApp();
  const user = await signUp(app);
  const started = await billing.startPayment(user.id, 'pro_2020', { period: 'monthly', licences: 2 }, 'fr');
  const session = stripeServer.get<Wire<Stripe.Checkout.Session>>(started.checkout!.id);
  const customerId = String(session.customer);
  const period = options.period ?? { start: new Date(Date.now() - DAY), end: new Date(Date.now() + 29 * DAY) };
  const stripe = stripeServer.put(subscription({
    customer: customerId, period, metadata: { client_id: String(user.id), installation, tax_reason: 'frenchVat' },
    items: [{ price: prices.get('pro_2020_monthly_eur')!, quantity: 1 }, { price: prices.get('pro_2020_extra_user_monthly_eur')!, quantity: 1 }],
  }, options.overrides));
  const first = stripeServer.put(invoice({
    subscription: stripe.id, customer: customerId, status: 'paid', billingReason: 'subscription_create', created: period.start, taxRateBasisPoints: 2_000,
    metadata: { tax_reason: 'frenchVat' },
    lines: [
      { price: prices.get('pro_2020_monthly_eur')!, quantity: 1, amount: 8_900, period },
      { price: prices.get('pro_2020_extra_user_monthly_eur')!, quantity: 1, amount: 3_900, period },
    ],
  }));
  await delivered('checkout.session.completed', checkoutSession({
    id: session.id, clientReferenceId: String(user.id), customer: customerId, subscription: stripe.id, invoice: first.id,
    metadata: { client_id: String(user.id), installation }, currency: 'eur', amountTotal: first.total,
  }));
  return { user, stripe, customerId, period, first };
}

describe('Stripe Checkout', () => {
  it('starts the subscription once Stripe reports the session paid: the owner\'s plan of record and the first invoice follow', async () => {
    const { app } = await testApp();
    const user = await signUp(app);
    stripeServer.clearRequests();
    const started = await billing.startPayment(user.id, 'pro_2020', { period: 'monthly', licences: 2 }, 'fr');
    expect(started.checkout!.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [request] = stripeServer.requestsTo('POST', /^\/v1\/checkout\/sessions$/);
    expect(request!.params).toMatchObject({
      mode: 'subscription', client_reference_id: String(user.id),
      'line_items[0][price]': prices.get('pro_2020_monthly_eur')!.id, 'line_items[1][price]': prices.get('pro_2020_extra_user_monthly_eur')!.id,
    });
    // Nothing is ours until Stripe says it is paid.
    expect((await rows(user)).subscriptions).toEqual([]);

    const subscribed = await subscribe();
    const { client, subscriptions } = await rows(subscribed.user);
    expect(client).toMatchObject({ product: 'pro_2020' });
    expect(new Date(client.product_end_date!).toISOString()).toBe(new Date(seconds(subscribed.period.end) * 1000).toISOString());
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ provider: 'stripe', provider_subscription_id: subscribed.stripe.id, provider_customer_id: subscribed.customerId, status: 'active', licences: 2 });

    const seen = await view(subscribed.user);
    expect(seen.subscription).toMatchObject({ product: 'pro_2020', period: 'monthly', status: 'active', provider: 'stripe', licences: 2, alerts: [] });
    const [paid] = await invoices(subscribed.user);
    expect(paid).toMatchObject({ status: 'paid', amount: 15_360, subtotal: 12_800, tax: 2_560, taxRateBasisPoints: 2_000, number: subscribed.first.number, hostedUrl: subscribed.first.hosted_invoice_url });
  });

  it('applies the same event twice as once', async () => {
    const { user, stripe } = await subscribe();
    const before = await rows(user);
    await delivered('customer.subscription.created', stripe);
    await delivered('invoice.paid', stripeServer.get(String((await rows(user)).invoices[0]!.provider_invoice_id)));
    const after = await rows(user);
    const stable = <T extends { updated_at?: unknown }>(list: T[]) => list.map(({ updated_at: _updated, ...rest }) => rest);
    expect(after.client).toEqual(before.client);
    expect(stable(after.subscriptions)).toEqual(stable(before.subscriptions));
    expect(after.invoices).toEqual(before.invoices);
  });
});

describe('Stripe renewals', () => {
  it('a failed payment leaves the invoice open with the "payment failed" alert; paying it on Stripe\'s page settles it', async () => {
    const { user, stripe, customerId, period } = await subscribe();
    const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
    const renewal = stripeServer.put(invoice({
      subscription: stripe.id, customer: customerId, status: 'open', billingReason: 'subscription_cycle', created: new Date(), taxRateBasisPoints: 2_000,
      lines: [{ price: prices.get('pro_2020_monthly_eur')!, quantity: 1, amount: 8_900, period: next }, { price: prices.get('pro_2020_extra_user_monthly_eur')!, quantity: 1, amount: 3_900, period: next }],
    }));
    const pastDue = stripeServer.put({ ...subscription({ id: stripe.id, customer: customerId, period: next, status: 'past_due', metadata: stripe.metadata, items: [
      { price: prices.get('pro_2020_monthly_eur')!, quantity: 1 }, { price: prices.get('pro_2020_extra_user_monthly_eur')!, quantity: 1 },
    ] }), latest_invoice: renewal.id });
    await delivered('invoice.payment_failed', renewal);

    const failed = (await view(user)).subscription!;
    expect(failed.status).toBe('past_due');
    expect(failed.alerts.map((alert) => alert.code)).toContain('paymentFailed');
    expect(failed.actions).toContain('payNow');
    expect(failed.openInvoice).toMatchObject({ number: renewal.number, total: renewal.total });
    expect((await invoices(user)).find((candidate) => candidate.number === renewal.number)?.status).toBe('open');

    const pay = await billing.payNow(user.id, 'en');
    expect(pay.checkout.url).toBe(renewal.hosted_invoice_url);

    stripeServer.put({ ...renewal, status: 'paid' as const, amount_paid: renewal.total, amount_remaining: 0, status_transitions: { ...renewal.status_transitions, paid_at: seconds(new Date()) } });
    stripeServer.put({ ...pastDue, status: 'active' as const });
    await delivered('invoice.paid', renewal);
    const settled = (await view(user)).subscription!;
    expect(settled.status).toBe('active');
    expect(settled.alerts).toEqual([]);
    expect((await invoices(user)).find((candidate) => candidate.number === renewal.number)?.status).toBe('paid');
    expect(new Date((await rows(user)).client.product_end_date!).getTime()).toBe(seconds(next.end) * 1000);
  });

  it('a deleted subscription is over: its users are back on the free plan from its end', async () => {
    const period = { start: new Date(Date.now() - 31 * DAY), end: new Date(Date.now() - 60_000) };
    const { user, stripe } = await subscribe({ period });
    const { app } = await testApp();
    stripeServer.put({ ...stripe, status: 'canceled' as const, ended_at: seconds(period.end), canceled_at: seconds(period.end) });
    await delivered('customer.subscription.deleted', stripe);
    const { client, subscriptions } = await rows(user);
    expect(subscriptions[0]!.status).toBe('ended');
    expect(new Date(client.product_end_date!).getTime()).toBe(seconds(period.end) * 1000);
    expect(await expectStatus<User>(200, call(app, 'GET', '/auth/me', { as: user }))).toMatchObject({ product: 'default' });
    expect((await view(user)).customer).toBe('churned');
  });

  it('warns when neither the subscription nor the customer has a default payment method', async () => {
    const { user, stripe } = await subscribe();
    stripeServer.put({ ...stripe, default_payment_method: null });
    await delivered('customer.updated', stripeServer.get(String(stripe.customer)));
    expect((await view(user)).subscription!.alerts.map((alert) => alert.code)).toEqual(['noDefaultPaymentMethod']);
  });
});

describe('changing a Stripe subscription', () => {
  it('an upgrade waits for its payment (the "pending update" alert), then applies', async () => {
    const { user, stripe, customerId, period } = await subscribe();
    const upgradeInvoice = stripeServer.put(invoice({
      subscription: stripe.id, customer: customerId, status: 'open', billingReason: 'subscription_update', created: new Date(), taxRateBasisPoints: 2_000,
      lines: [{ price: prices.get('advanced_2024_monthly_eur')!, quantity: 1, amount: 9_000, period, proration: true }],
    }));
    const planItem = stripe.items.data[0]!;
    const pending = {
      ...stripe, latest_invoice: upgradeInvoice.id,
      pending_update: {
        billing_cycle_anchor: null, cancel_at_period_end: null, discount: null, discounts: null, expires_at: seconds(new Date(Date.now() + DAY)), metadata: null,
        subscription_items: [{ ...planItem, price: prices.get('advanced_2024_monthly_eur')! }], trial_end: null, trial_from_plan: null,
      },
    };
    stripeServer.on('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`), (request) => {
      if (request.params.payment_behavior !== 'pending_if_incomplete') return undefined;
      stripeServer.put(pending);
      return { body: { ...pending, latest_invoice: upgradeInvoice } };
    });
    stripeServer.clearRequests();

    const change = await billing.changePlan(user.id, { product: 'advanced_2024', period: 'monthly' }, 'en');
    expect(change).toMatchObject({ change: 'upgrade', checkout: { url: upgradeInvoice.hosted_invoice_url } });
    const upgrade = stripeServer.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).at(-1)!;
    expect(upgrade.params).toMatchObject({ payment_behavior: 'pending_if_incomplete', 'items[0][price]': prices.get('advanced_2024_monthly_eur')!.id });
    await delivered('customer.subscription.updated', pending);
    const waiting = (await view(user)).subscription!;
    expect(waiting).toMatchObject({ product: 'pro_2020', pending: { product: 'advanced_2024' } });
    expect(waiting.alerts.map((alert) => alert.code)).toEqual(['pendingUpdate']);
    expect((await rows(user)).client.product).toBe('pro_2020');

    stripeServer.put({ ...upgradeInvoice, status: 'paid' as const, status_transitions: { ...upgradeInvoice.status_transitions, paid_at: seconds(new Date()) } });
    stripeServer.put(subscription({ id: stripe.id, customer: customerId, period, metadata: stripe.metadata, items: [
      { price: prices.get('advanced_2024_monthly_eur')!, quantity: 1 }, { price: prices.get('advanced_2024_extra_user_monthly_eur')!, quantity: 1 },
    ] }));
    await delivered('invoice.paid', upgradeInvoice);
    const applied = (await view(user)).subscription!;
    expect(applied).toMatchObject({ product: 'advanced_2024', pending: null, alerts: [] });
    expect((await rows(user)).client.product).toBe('advanced_2024');
  });

  it('a downgrade is the schedule\'s next phase, shown as the next plan', async () => {
    const { user, stripe } = await subscribe();
    const change = await billing.changePlan(user.id, { product: 'essential_2019', period: 'monthly' }, 'en');
    expect(change.change).toBe('downgrade');
    const scheduleId = stripeServer.get<Wire<Stripe.Subscription>>(stripe.id).schedule as string;
    const [update] = stripeServer.requestsTo('POST', new RegExp(`^/v1/subscription_schedules/${scheduleId}$`));
    expect(update!.params).toMatchObject({ 'phases[1][items][0][price]': prices.get('essential_2019_monthly_eur')!.id, 'phases[1][items][1][quantity]': '1' });
    // Stripe's schedule now holds the two phases the update asked for.
    const schedule = stripeServer.get<Wire<Stripe.SubscriptionSchedule>>(scheduleId);
    const next = { start: new Date(schedule.phases[0]!.end_date * 1000), end: new Date(schedule.phases[0]!.end_date * 1000 + 30 * DAY) };
    stripeServer.put({ ...schedule, phases: [schedule.phases[0]!, { ...schedule.phases[0]!, start_date: seconds(next.start), end_date: seconds(next.end), items: [
      { ...schedule.phases[0]!.items[0]!, price: prices.get('essential_2019_monthly_eur')!.id, quantity: 1 },
      { ...schedule.phases[0]!.items[0]!, price: prices.get('essential_2019_extra_user_monthly_eur')!.id, quantity: 1 },
    ] }] });
    await delivered('subscription_schedule.updated', stripeServer.get(scheduleId));
    expect((await view(user)).subscription).toMatchObject({ product: 'pro_2020', next: { product: 'essential_2019', licences: 2 } });
  });

  it('cancelling sets cancel_at_period_end, reactivating clears it', async () => {
    const { user, stripe } = await subscribe();
    stripeServer.clearRequests();
    await billing.cancel(user.id, { cancelFeedback: 'tooExpensive' }, 'en');
    expect(stripeServer.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).map((request) => request.params)).toEqual([{ cancel_at_period_end: 'true' }]);
    stripeServer.put({ ...stripe, cancel_at_period_end: true });
    await delivered('customer.subscription.updated', stripe);
    expect((await view(user)).subscription).toMatchObject({ cancelAtPeriodEnd: true, actions: ['reactivate'] });

    await billing.reactivate(user.id, 'en');
    expect(stripeServer.requestsTo('POST', new RegExp(`^/v1/subscriptions/${stripe.id}$`)).at(-1)!.params).toEqual({ cancel_at_period_end: 'false' });
    stripeServer.put({ ...stripe, cancel_at_period_end: false });
    await delivered('customer.subscription.updated', stripe);
    expect((await view(user)).subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });
});

describe('the Stripe webhook endpoint', () => {
  it('is served by the provider BILLING_PROVIDER=stripe opens, in test mode for a test key', async () => {
    const { ctx } = await testApp();
    const config = loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_wiring', STRIPE_WEBHOOK_SECRET: 'whsec_wiring' });
    const opened = openBillingProvider(config, ctx.database.db);
    expect(opened).toBeInstanceOf(StripeProvider);
    expect(opened).toMatchObject({ name: 'stripe', testMode: true });
    expect(opened.routes).toBeTypeOf('function');
    expect(openBillingProvider(loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_wiring', STRIPE_WEBHOOK_SECRET: 'whsec_wiring' }), ctx.database.db).testMode).toBe(false);
  });

  it('refuses an event with a bad signature (400, translated) and changes nothing', async () => {
    const { user, stripe } = await subscribe();
    const before = await rows(user);
    stripeServer.put({ ...stripe, status: 'canceled' as const, ended_at: seconds(new Date()) });
    const forged = await deliver('customer.subscription.deleted', stripe, { secret: 'whsec_not_ours', language: 'fr' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'WEBHOOK_REJECTED', message: 'Événement refusé' } });
    const unsigned = await webhooks.inject({ method: 'POST', url: '/api/billing/webhooks/stripe', payload: JSON.stringify(event('customer.subscription.deleted', stripe)), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await rows(user)).toEqual(before);
    stripeServer.put(stripe);
  });
});
