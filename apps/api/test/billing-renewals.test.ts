/**
 * The end of a period with the local provider, as `npm run data -- billing renew | fail | end |
 * remove-card | manual` plays it (the same functions on the test database): renewals paid or
 * failed, the payment-failed alert and Pay now, the scheduled change applied, a cancelled
 * subscription ending (churned, back to the free plan), and support's manual subscriptions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PLAN_PRICES, addBillingPeriod, type Invoice } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { createManualSubscription, describeSubscription, endManualSubscription } from '../src/billing/billing-admin.js';
import { endLocally, removeLocalPaymentMethod, renewLocally } from '../src/billing/providers/local/local-renewals.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { confirmCheckout, getSubscription, plan, putBillingDetails, subscribe } from './billing-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

const invoices = async (user: TestUser) => (await expectStatus<{ invoices: Invoice[] }>(200, call(app, 'GET', `/Clients/${user.id}/invoices`, { as: user }))).invoices;

describe('renewals of the local provider', () => {
  it('renews into a new paid period, applying the scheduled downgrade', async () => {
    const user = await signUp(app);
    await expectStatus(200, putBillingDetails(app, user, { country: 'US', postalCode: '10001', city: 'New York' }));
    await subscribe(app, user, 'pro_2020', { period: 'monthly' });
    await expectStatus(200, call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'essential_2019', period: 'yearly' } }));
    const report = await renewLocally(ctx.database.db, user.email, 'paid');
    expect(report.result).toBe('renewed');
    const { subscription } = await getSubscription(app, user);
    expect(subscription).toMatchObject({ product: 'essential_2019', period: 'yearly', status: 'active', next: null, alerts: [] });
    expect(subscription!.nextRenewal).toBe(addBillingPeriod(new Date(subscription!.currentPeriodStart), 'yearly').toISOString());
    expect(await plan(app, user)).toMatchObject({ product: 'essential_2019', productEndDate: subscription!.nextRenewal });
    const [renewal] = await invoices(user);
    expect(renewal).toMatchObject({ reason: 'renewal', status: 'paid', currency: 'USD', subtotal: PLAN_PRICES.essential_2019.yearly.USD, tax: 0, periodEnd: subscription!.nextRenewal });
  });

  it('leaves a failed renewal\'s invoice open with the payment-failed alert until it is paid now', async () => {
    const user = await signUp(app);
    await subscribe(app, user, 'pro_2020', { period: 'monthly' }, 'fr');
    expect((await renewLocally(ctx.database.db, user.email, 'failed')).result).toBe('failed');
    const { subscription } = await getSubscription(app, user, 'fr');
    expect(subscription).toMatchObject({ status: 'past_due', actions: ['payNow', 'unsubscribe'] });
    expect(subscription!.alerts).toEqual([{ code: 'paymentFailed', message: 'Votre dernier paiement a échoué. Réglez la facture en attente pour conserver votre abonnement.' }]);
    const [open] = await invoices(user);
    expect(open).toMatchObject({ status: 'open', reason: 'renewal' });
    expect(subscription!.openInvoice).toEqual({ id: open!.id, number: open!.number, total: open!.amount, currency: 'EUR' });
    // The plan holds meanwhile; changes wait for the payment.
    expect((await plan(app, user)).product).toBe('pro_2020');
    const change = await call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'advanced_2024', period: 'monthly' } });
    expect(change.json().error.code).toBe('SUBSCRIPTION_PAST_DUE');
    await expect(renewLocally(ctx.database.db, user.email, 'failed')).rejects.toThrow(/already failed/);

    const pay = await expectStatus<{ checkout: { id: string; url: string } }>(200, call(app, 'POST', `/Clients/${user.id}/subscription/pay`, { as: user }));
    const page = await expectStatus<{ kind: string; total: number }>(200, call(app, 'GET', `/billing/checkouts/${pay.checkout.id}`, { as: user }));
    expect(page).toMatchObject({ kind: 'invoice', total: open!.amount });
    await expectStatus(200, confirmCheckout(app, user, pay.checkout.id));
    expect((await getSubscription(app, user)).subscription).toMatchObject({ status: 'active', alerts: [], openInvoice: null });
    expect((await invoices(user))[0]).toMatchObject({ id: open!.id, status: 'paid' });
    expect((await call(app, 'POST', `/Clients/${user.id}/subscription/pay`, { as: user })).json().error.code).toBe('NO_OPEN_INVOICE');
  });

  it('ends a past-due subscription the provider gives up on: invoice uncollectible, user churned and back on the free plan', async () => {
    const user = await signUp(app);
    await subscribe(app, user);
    await renewLocally(ctx.database.db, user.email, 'failed');
    await endLocally(ctx.database.db, user.email);
    const response = await getSubscription(app, user);
    expect(response).toMatchObject({ customer: 'churned', subscription: { status: 'ended', customer: 'churned', actions: [], nextRenewal: null } });
    expect((await plan(app, user)).product).toBe('default');
    expect((await invoices(user)).map((i) => i.status)).toEqual(['uncollectible', 'paid']);
    // Churned, the user may subscribe again.
    await subscribe(app, user, 'essential_2019');
    expect((await plan(app, user)).product).toBe('essential_2019');
  });

  it('ends a cancelled subscription at renewal, and its users with it', async () => {
    const owner = await signUp(app);
    const colleague = await signUp(app);
    await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 2 });
    await expectStatus(201, call(app, 'POST', `/Clients/${owner.id}/subscribers`, { as: owner, payload: { email: colleague.email } }));
    await expectStatus(200, call(app, 'POST', `/Clients/${owner.id}/subscription/cancel`, { as: owner, payload: { cancelFeedback: 'unused' } }));
    expect((await renewLocally(ctx.database.db, owner.email, 'paid')).result).toBe('ended');
    expect((await plan(app, owner)).product).toBe('default');
    expect((await plan(app, colleague)).product).toBe('default');
    expect((await getSubscription(app, colleague)).subscription).toBeNull();
    const reactivate = await call(app, 'POST', `/Clients/${owner.id}/subscription/reactivate`, { as: owner });
    expect(reactivate.json().error.code).toBe('NO_SUBSCRIPTION');
  });

  it('warns when no payment method is on file, and then fails the renewal', async () => {
    const user = await signUp(app);
    await subscribe(app, user);
    await removeLocalPaymentMethod(ctx.database.db, user.email);
    expect((await getSubscription(app, user)).subscription!.alerts.map((a) => a.code)).toEqual(['noDefaultPaymentMethod']);
    expect((await renewLocally(ctx.database.db, user.email, 'paid')).result).toBe('failed');
    expect((await getSubscription(app, user)).subscription!.alerts.map((a) => a.code)).toEqual(['paymentFailed', 'noDefaultPaymentMethod']);
  });

  it('describes a subscription for the command line', async () => {
    const user = await signUp(app);
    await subscribe(app, user, 'advanced_2024', { period: 'yearly', pinPacks: 1 });
    const lines = await describeSubscription(ctx.database.db, user.email);
    expect(lines[1]).toContain('advanced_2024 yearly, 1 licence(s), 1 pin pack(s), USD');
    expect(lines.some((line) => line.includes('paid (subscribe)'))).toBe(true);
  });
});

describe('manual subscriptions', () => {
  it('are read-only for the user, with the alert; support ends them', async () => {
    const user = await signUp(app);
    const colleague = await signUp(app);
    const until = new Date(Date.now() + 90 * 86_400_000);
    await createManualSubscription(ctx.database.db, { email: user.email, product: 'advanced_2024', until, licences: 3 });
    expect(await plan(app, user)).toMatchObject({ product: 'advanced_2024', productEndDate: until.toISOString() });
    const { subscription } = await getSubscription(app, user, 'fr');
    expect(subscription).toMatchObject({
      manual: true, provider: 'manual', price: null, actions: [], nextRenewal: null, expiry: until.toISOString(), licences: 3,
      alerts: [{ code: 'manualSubscription', message: 'Votre abonnement a été mis en place par notre équipe. Pour le modifier, contactez notre support.' }],
    });
    for (const [method, url, payload] of [
      ['PUT', 'subscription', { product: 'pro_2020', period: 'monthly' }],
      ['POST', 'subscription/cancel', { cancelFeedback: 'other' }],
      ['POST', 'subscription/reactivate', undefined],
    ] as const) {
      const refused = await call(app, method, `/Clients/${user.id}/${url}`, { as: user, payload, lang: 'fr' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'MANUAL_SUBSCRIPTION', message: 'Votre abonnement a été mis en place par notre équipe : il se modifie via le support' });
    }
    expect((await call(app, 'GET', `/Clients/${user.id}/subscription/customer_portal`, { as: user })).json().error.code).toBe('MANUAL_SUBSCRIPTION');
    // Its licences are the owner's to give.
    await expectStatus(201, call(app, 'POST', `/Clients/${user.id}/subscribers`, { as: user, payload: { email: colleague.email } }));
    expect((await plan(app, colleague)).product).toBe('advanced_2024');
    await expect(createManualSubscription(ctx.database.db, { email: colleague.email, product: 'pro_2020', until: null, licences: 1 })).rejects.toThrow(/already holds a licence/);

    await endManualSubscription(ctx.database.db, user.email);
    expect((await plan(app, user)).product).toBe('default');
    expect((await plan(app, colleague)).product).toBe('default');
  });

  it('may have no end, and then keep the plan for good', async () => {
    const user = await signUp(app);
    await createManualSubscription(ctx.database.db, { email: user.email, product: 'pro_2020', until: null, licences: 1 });
    expect(await plan(app, user)).toMatchObject({ product: 'pro_2020', productEndDate: null });
    expect((await getSubscription(app, user)).subscription).toMatchObject({ expiry: null, nextRenewal: null, customer: 'customer' });
  });
});

describe('GET /Clients/{id}/subscription/customer_portal', () => {
  it('sends the owner of a local subscription to our subscription page, in test mode', async () => {
    const user = await signUp(app);
    expect((await call(app, 'GET', `/Clients/${user.id}/subscription/customer_portal`, { as: user })).json().error.code).toBe('NO_SUBSCRIPTION');
    await subscribe(app, user);
    expect(await expectStatus(200, call(app, 'GET', `/Clients/${user.id}/subscription/customer_portal`, { as: user })))
      .toEqual({ url: '/app/profile/subscription', provider: 'local', testMode: true });
  });
});
