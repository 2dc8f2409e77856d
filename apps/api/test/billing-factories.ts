/** Factories for the billing tests: subscribing through the test-mode payment page, billing details, reading the subscription. */
import type { FastifyInstance } from 'fastify';
import type { PlanChangeResponse, SubscriptionResponse, SubscriptionView } from '@catchment/domain';
import type { TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

export type Lang = 'en' | 'fr';

/** Starts a payment for a plan (POST /Clients/{id}/payment/{product}). */
export function startPayment(app: FastifyInstance, user: TestUser, product: string, body: Record<string, unknown> = { period: 'monthly' }, lang: Lang = 'en') {
  return expectStatus<PlanChangeResponse>(200, call(app, 'POST', `/Clients/${user.id}/payment/${product}`, { as: user, payload: body, lang }));
}

/** The test-mode page's pay button. */
export function confirmCheckout(app: FastifyInstance, user: TestUser, checkoutId: string, outcome: 'paid' | 'declined' = 'paid') {
  return call(app, 'POST', `/billing/checkouts/${checkoutId}/confirm`, { as: user, payload: { outcome } });
}

/** Subscribes the user to a plan, paid on the test-mode page; answers the subscription. */
export async function subscribe(app: FastifyInstance, user: TestUser, product = 'pro_2020', body: Record<string, unknown> = { period: 'monthly' }, lang: Lang = 'en'): Promise<SubscriptionView> {
  const started = await startPayment(app, user, product, body, lang);
  await expectStatus(200, confirmCheckout(app, user, started.checkout!.id));
  return (await getSubscription(app, user, lang)).subscription!;
}

export function getSubscription(app: FastifyInstance, user: TestUser, lang: Lang = 'en') {
  return expectStatus<SubscriptionResponse>(200, call(app, 'GET', `/Clients/${user.id}/subscription`, { as: user, lang }));
}

export function putBillingDetails(app: FastifyInstance, user: TestUser, details: Record<string, unknown>, lang: Lang = 'en') {
  return call(app, 'PUT', `/Clients/${user.id}/billing-details`, {
    as: user, lang,
    payload: { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR', ...details },
  });
}

export async function plan(app: FastifyInstance, user: TestUser): Promise<{ product: string; productEndDate: string | null; features: string[] }> {
  return expectStatus(200, call(app, 'GET', '/auth/me', { as: user }));
}
