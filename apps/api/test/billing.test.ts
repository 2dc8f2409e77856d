/**
 * Subscriptions through the built-in test-mode provider (BILLING_PROVIDER=local): the offer and its
 * prices, the billing address and its tax, subscribing on our payment page, upgrades pending until
 * paid, downgrades and changes at the period's end, cancelling and reactivating, failed renewals
 * and paying now, manual subscriptions; the plan a user's features come from follows every step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  PLAN_PRICES, addBillingPeriod, type CheckoutView, type Invoice, type ProductsResponse,
} from '@catchment/domain';
import { signUp, testApp } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { confirmCheckout, getSubscription, plan, putBillingDetails, startPayment, subscribe } from './billing-factories.js';

let app: FastifyInstance;
beforeAll(async () => { ({ app } = await testApp()); });

describe('GET /Clients/{id}/products', () => {
  it('lists the plans on sale in dollars in English and euros in French, with and without VAT', async () => {
    const user = await signUp(app);
    const en = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user, lang: 'en' }));
    expect(en.currency).toBe('USD');
    expect(en.products.map((p) => p.product)).toEqual(['essential_2019', 'pro_2020', 'advanced_2024']);
    const pro = en.products.find((p) => p.product === 'pro_2020')!;
    // No billing country yet: charged as in France until one is given.
    expect(en.tax).toEqual({ rateBasisPoints: 2000, reason: 'countryUnknown' });
    expect(pro.monthly).toMatchObject({ excludingTax: PLAN_PRICES.pro_2020.monthly.USD, includingTax: PLAN_PRICES.pro_2020.monthly.USD * 1.2, badges: [], action: 'subscribe' });
    expect(pro.yearly.excludingTax).toBe(PLAN_PRICES.pro_2020.yearly.USD);
    expect(pro).toMatchObject({ pins: 10_000, maxAreasPerMap: null });
    expect(pro.features).toContain('census:*');
    expect(en.pinPack).toMatchObject({ pins: 10_000, monthly: { excludingTax: 3_000 } });

    const fr = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user, lang: 'fr' }));
    expect(fr.currency).toBe('EUR');
    expect(fr.products[1]!.monthly.excludingTax).toBe(PLAN_PRICES.pro_2020.monthly.EUR);
  });

  it('takes the tax from the billing address: none outside the EU, reverse charge for an EU business with a VAT number', async () => {
    const user = await signUp(app);
    await expectStatus(200, putBillingDetails(app, user, { country: 'US', postalCode: '10001', city: 'New York' }));
    const us = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user }));
    expect(us.tax).toEqual({ rateBasisPoints: 0, reason: 'outsideEu' });
    expect(us.products[0]!.monthly.includingTax).toBe(us.products[0]!.monthly.excludingTax);
    await expectStatus(200, putBillingDetails(app, user, { country: 'de', vat: 'DE 123.456.789', company: 'Muster GmbH' }));
    const de = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user }));
    expect(de.tax).toEqual({ rateBasisPoints: 0, reason: 'reverseCharge' });
  });

  it('answers only the user\'s own account, and only when logged in', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    expect((await call(app, 'GET', `/Clients/${user.id}/products`)).statusCode).toBe(401);
    const forbidden = await call(app, 'GET', `/Clients/${user.id}/products`, { as: other, lang: 'fr' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: 'Vous ne pouvez gérer que votre propre compte' });
  });
});

describe('GET and PUT /Clients/{id}/billing-details', () => {
  it('starts from the profile, saves the address with the VAT number normalised', async () => {
    const user = await signUp(app, { country: 'FR', company: 'Lovelace SARL' });
    const before = await expectStatus<{ saved: boolean; details: Record<string, unknown>; tax: unknown }>(200, call(app, 'GET', `/Clients/${user.id}/billing-details`, { as: user }));
    expect(before).toMatchObject({ saved: false, details: { firstName: 'Ada', lastName: 'Lovelace', country: 'FR' }, tax: { rateBasisPoints: 2000, reason: 'frenchVat' } });
    const saved = await expectStatus(200, putBillingDetails(app, user, { country: 'BE', vat: 'be 0123-456-789', company: 'Lovelace SPRL' }));
    expect(saved).toMatchObject({ saved: true, details: { country: 'BE', vat: 'BE0123456789', company: 'Lovelace SPRL', addressLine2: null }, tax: { reason: 'reverseCharge' } });
    expect(await expectStatus(200, call(app, 'GET', `/Clients/${user.id}/billing-details`, { as: user }))).toEqual(saved);
  });

  it('refuses a VAT number without an EU format ("Numéro de TVA invalide") and a missing address, changing nothing', async () => {
    const user = await signUp(app);
    await expectStatus(200, putBillingDetails(app, user, { country: 'FR' }));
    const bad = await putBillingDetails(app, user, { vat: 'FR123' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ path: 'body.vat', message: 'Numéro de TVA invalide' }]);
    const missing = await call(app, 'PUT', `/Clients/${user.id}/billing-details`, { as: user, payload: { firstName: 'Ada', lastName: 'L', country: 'FR' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.map((d: { path: string }) => d.path)).toEqual(['body.addressLine1', 'body.postalCode', 'body.city']);
    const kept = await expectStatus<{ details: { vat: string | null } }>(200, call(app, 'GET', `/Clients/${user.id}/billing-details`, { as: user }));
    expect(kept.details.vat).toBeNull();
  });
});

describe('subscribing on the test-mode payment page', () => {
  it('opens a checkout, and once confirmed writes a paid invoice and puts the user on the plan until the period\'s end', async () => {
    const user = await signUp(app);
    await expectStatus(200, putBillingDetails(app, user, { country: 'FR' }));
    const started = await startPayment(app, user, 'pro_2020', { period: 'monthly', licences: 2 }, 'fr');
    expect(started).toMatchObject({ change: 'subscribe', effectiveAt: null, subscription: null });
    expect(started.checkout!.url).toBe(`/app/payment/pro_2020?checkout=${started.checkout!.id}`);
    // Nothing changes before the payment.
    expect((await plan(app, user)).product).toBe('default');
    expect((await getSubscription(app, user)).subscription).toBeNull();

    const page = await expectStatus<CheckoutView>(200, call(app, 'GET', `/billing/checkouts/${started.checkout!.id}`, { as: user }));
    const expected = PLAN_PRICES.pro_2020.monthly.EUR + PLAN_PRICES.pro_2020.additionalUserMonthly.EUR;
    expect(page).toMatchObject({ kind: 'subscribe', product: 'pro_2020', period: 'monthly', licences: 2, currency: 'EUR', subtotal: expected, total: expected * 1.2, status: 'open', testMode: true });
    expect(page.lines.map((l) => [l.kind, l.quantity])).toEqual([['plan', 1], ['additionalUsers', 1]]);

    const paid = await expectStatus<{ redirect: string }>(200, confirmCheckout(app, user, started.checkout!.id));
    expect(paid.redirect).toBe(`/app/paymentSuccess?product=pro_2020&checkout=${started.checkout!.id}`);

    const { subscription, customer, product } = await getSubscription(app, user, 'fr');
    expect({ customer, product }).toEqual({ customer: 'customer', product: 'pro_2020' });
    expect(subscription).toMatchObject({
      role: 'admin', product: 'pro_2020', period: 'monthly', status: 'active', customer: 'customer', manual: false, provider: 'local', currency: 'EUR',
      price: { excludingTax: expected, includingTax: expected * 1.2 }, licences: 2, usedLicences: 1, pinPacks: 0, pins: 10_000, expiry: null,
      owner: { id: user.id, email: user.email }, pending: null, next: null, alerts: [], actions: ['upgrade', 'downgrade', 'change', 'unsubscribe'],
    });
    const start = new Date(subscription!.currentPeriodStart);
    expect(subscription!.nextRenewal).toBe(addBillingPeriod(start, 'monthly').toISOString());
    const me = await plan(app, user);
    expect(me).toMatchObject({ product: 'pro_2020', productEndDate: subscription!.nextRenewal });
    expect(me.features).toContain('census:*');

    const { invoices } = await expectStatus<{ invoices: Invoice[] }>(200, call(app, 'GET', `/Clients/${user.id}/invoices`, { as: user }));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: expected * 1.2, subtotal: expected, currency: 'EUR', status: 'paid', reason: 'subscribe', hostedUrl: null });
    expect(invoices[0]!.number).toMatch(/^TEST-\d{4}-\d{6}$/);

    // The page is paid once.
    expect((await confirmCheckout(app, user, started.checkout!.id)).json().error.code).toBe('CHECKOUT_CLOSED');
  });

  it('changes nothing when the card is declined, and the same page can then be paid', async () => {
    const user = await signUp(app);
    const started = await startPayment(app, user, 'essential_2019');
    const declined = await confirmCheckout(app, user, started.checkout!.id, 'declined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'PAYMENT_DECLINED', message: 'The payment was declined' });
    expect((await getSubscription(app, user)).subscription).toBeNull();
    expect((await plan(app, user)).product).toBe('default');
    await expectStatus(200, confirmCheckout(app, user, started.checkout!.id));
    expect((await plan(app, user)).product).toBe('essential_2019');
  });

  it('keeps each checkout to its own user, refuses plans not on sale and a second subscription', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const started = await startPayment(app, user, 'pro_2020');
    expect((await call(app, 'GET', `/billing/checkouts/${started.checkout!.id}`, { as: other })).statusCode).toBe(404);
    expect((await confirmCheckout(app, other, started.checkout!.id)).statusCode).toBe(404);
    const legacy = await call(app, 'POST', `/Clients/${user.id}/payment/plus_2021`, { as: user, payload: { period: 'monthly' }, lang: 'fr' });
    expect(legacy.statusCode).toBe(422);
    expect(legacy.json().error).toEqual({ code: 'PLAN_NOT_SOLD', message: "Cette offre n'est plus proposée" });
    const unknown = await call(app, 'POST', `/Clients/${user.id}/payment/gold`, { as: user, payload: { period: 'monthly' } });
    expect(unknown.statusCode).toBe(400);
    const badPeriod = await call(app, 'POST', `/Clients/${user.id}/payment/pro_2020`, { as: user, payload: { period: 'weekly' } });
    expect(badPeriod.json().error.details).toEqual([{ path: 'body.period', message: 'The billing period must be monthly or yearly' }]);

    // Two pages opened before paying: the second subscription is refused and the first stands.
    const second = await startPayment(app, user, 'advanced_2024');
    await expectStatus(200, confirmCheckout(app, user, started.checkout!.id));
    const twice = await confirmCheckout(app, user, second.checkout!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_SUBSCRIBED');
    expect((await getSubscription(app, user)).subscription!.product).toBe('pro_2020');
  });
});

describe('PUT /Clients/{id}/subscription', () => {
  it('keeps an upgrade pending until it is paid, then starts the new plan\'s period with the unused time credited', async () => {
    const user = await signUp(app);
    await subscribe(app, user, 'pro_2020', { period: 'monthly' });
    const change = await expectStatus<{ change: string; checkout: { id: string; url: string }; subscription: { pending: unknown; alerts: { code: string }[]; badges: unknown } }>(200,
      call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'advanced_2024', period: 'monthly' } }));
    expect(change.change).toBe('upgrade');
    expect(change.subscription.pending).toEqual({ product: 'advanced_2024', period: 'monthly', licences: 1, pinPacks: 0, checkoutUrl: change.checkout.url });
    expect(change.subscription.alerts.map((a) => a.code)).toEqual(['pendingUpdate']);
    expect(change.subscription.badges).toEqual([
      { product: 'pro_2020', period: 'monthly', badge: 'current' }, { product: 'advanced_2024', period: 'monthly', badge: 'pending' },
    ]);
    expect((await plan(app, user)).product).toBe('pro_2020');
    const products = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user }));
    expect(products.products.map((p) => [p.product, p.monthly.badges, p.monthly.action])).toEqual([
      ['essential_2019', [], 'downgrade'], ['pro_2020', ['current'], 'keep'], ['advanced_2024', ['pending'], 'upgrade'],
    ]);

    const page = await expectStatus<CheckoutView>(200, call(app, 'GET', `/billing/checkouts/${change.checkout.id}`, { as: user }));
    expect(page.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['plan', PLAN_PRICES.advanced_2024.monthly.USD], ['unusedTime', -PLAN_PRICES.pro_2020.monthly.USD],
    ]);
    await expectStatus(200, confirmCheckout(app, user, change.checkout.id));
    const { subscription } = await getSubscription(app, user);
    expect(subscription).toMatchObject({ product: 'advanced_2024', pending: null, alerts: [] });
    expect((await plan(app, user)).product).toBe('advanced_2024');
    const { invoices } = await expectStatus<{ invoices: Invoice[] }>(200, call(app, 'GET', `/Clients/${user.id}/invoices`, { as: user }));
    expect(invoices.map((i) => [i.reason, i.status])).toEqual([['upgrade', 'paid'], ['subscribe', 'paid']]);
  });

  it('schedules a downgrade and a change of period for the period\'s end, the plan in force unchanged', async () => {
    const user = await signUp(app);
    const subscribed = await subscribe(app, user, 'pro_2020', { period: 'monthly' });
    const down = await expectStatus<{ change: string; checkout: null; effectiveAt: string; subscription: { next: unknown } }>(200,
      call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'essential_2019', period: 'monthly' } }));
    expect(down).toMatchObject({ change: 'downgrade', checkout: null, effectiveAt: subscribed.nextRenewal, subscription: { next: { product: 'essential_2019', period: 'monthly', licences: 1, pinPacks: 0 } } });
    const change = await expectStatus<{ change: string; subscription: { next: unknown } }>(200,
      call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'pro_2020', period: 'yearly' } }));
    expect(change).toMatchObject({
      change: 'change',
      subscription: {
        next: { product: 'pro_2020', period: 'yearly' },
        badges: [{ product: 'pro_2020', period: 'monthly', badge: 'current' }, { product: 'pro_2020', period: 'yearly', badge: 'next' }],
      },
    });
    expect((await plan(app, user)).product).toBe('pro_2020');
    const products = await expectStatus<ProductsResponse>(200, call(app, 'GET', `/Clients/${user.id}/products`, { as: user }));
    expect(products.products.map((p) => [p.product, p.monthly.action, p.yearly.badges])).toEqual([
      ['essential_2019', 'downgrade', []], ['pro_2020', 'keep', ['next']], ['advanced_2024', 'upgrade', []],
    ]);
    // Asking for the plan in force drops the scheduled change.
    const kept = await expectStatus<{ change: string; subscription: { next: unknown } }>(200,
      call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'pro_2020', period: 'monthly' } }));
    expect(kept).toMatchObject({ change: 'keep', subscription: { next: null } });
    const same = await call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'pro_2020', period: 'monthly' }, lang: 'fr' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toEqual({ code: 'SAME_PLAN', message: "C'est déjà votre offre" });
  });

  it('answers 404 NO_SUBSCRIPTION without a subscription', async () => {
    const user = await signUp(app);
    const response = await call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'pro_2020', period: 'monthly' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NO_SUBSCRIPTION');
  });
});

describe('cancelling and reactivating', () => {
  it('needs a reason from the list, ends at the period\'s end, and can be taken back before it', async () => {
    const user = await signUp(app);
    const subscribed = await subscribe(app, user);
    const noReason = await call(app, 'POST', `/Clients/${user.id}/subscription/cancel`, { as: user, payload: {}, lang: 'fr' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details).toEqual([{ path: 'body.cancelFeedback', message: 'Merci de nous indiquer la raison de votre résiliation' }]);
    expect((await call(app, 'POST', `/Clients/${user.id}/subscription/cancel`, { as: user, payload: { cancelFeedback: 'boredom' } })).statusCode).toBe(400);
    expect((await getSubscription(app, user)).subscription!.cancelAtPeriodEnd).toBe(false);

    const cancelled = await expectStatus<Record<string, unknown>>(200, call(app, 'POST', `/Clients/${user.id}/subscription/cancel`, {
      as: user, payload: { cancelFeedback: 'tooExpensive', cancelComment: 'Over budget this year' },
    }));
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, cancelFeedback: 'tooExpensive', cancelComment: 'Over budget this year', nextRenewal: null, actions: ['reactivate'], status: 'active' });
    expect(cancelled.expiry).toBe(subscribed.nextRenewal);
    expect((await plan(app, user)).product).toBe('pro_2020');
    const again = await call(app, 'POST', `/Clients/${user.id}/subscription/cancel`, { as: user, payload: { cancelFeedback: 'other' } });
    expect(again.json().error).toEqual({ code: 'SUBSCRIPTION_CANCELLING', message: 'Your subscription is already cancelled' });
    const upgrade = await call(app, 'PUT', `/Clients/${user.id}/subscription`, { as: user, payload: { product: 'advanced_2024', period: 'monthly' } });
    expect(upgrade.json().error.code).toBe('SUBSCRIPTION_CANCELLING');

    const reactivated = await expectStatus<Record<string, unknown>>(200, call(app, 'POST', `/Clients/${user.id}/subscription/reactivate`, { as: user }));
    expect(reactivated).toMatchObject({ cancelAtPeriodEnd: false, cancelFeedback: null, expiry: null, actions: ['upgrade', 'downgrade', 'change', 'unsubscribe'] });
    expect(reactivated.nextRenewal).not.toBeNull();
    const twice = await call(app, 'POST', `/Clients/${user.id}/subscription/reactivate`, { as: user });
    expect(twice.json().error.code).toBe('SUBSCRIPTION_NOT_CANCELLING');
  });
});

describe('the OpenAPI document', () => {
  it('describes the billing routes with their bodies and answers, for the web app', async () => {
    const doc = (await call(app, 'GET', '/docs/json')).json();
    for (const path of [
      '/Clients/{id}/products', '/Clients/{id}/products/additional_user', '/Clients/{id}/payment/{product}', '/Clients/{id}/subscription',
      '/Clients/{id}/subscription/cancel', '/Clients/{id}/subscription/reactivate', '/Clients/{id}/subscription/pay',
      '/Clients/{id}/subscription/customer_portal', '/Clients/{id}/invoices', '/Clients/{id}/subscribers', '/Clients/{id}/subscribers/owner',
      '/Clients/{id}/billing-details', '/billing/checkouts/{checkoutId}', '/billing/checkouts/{checkoutId}/confirm',
    ]) expect(doc.paths[path], path).toBeDefined();
    const cancel = doc.paths['/Clients/{id}/subscription/cancel'].post;
    expect(cancel.tags).toEqual(['billing']);
    expect(cancel.requestBody.content['application/json'].schema.properties.cancelFeedback.enum).toContain('tooExpensive');
    expect(doc.paths['/Clients/{id}/billing-details'].put.requestBody.content['application/json'].schema.required).toContain('country');
  });
});
