/**
 * The users of a subscription (SPEC §4, §5, §6): the owner gives licences to registered users,
 * within the licences bought, buys more, takes them back and hands the ownership over; the users
 * read the subscription without managing it, and their plan follows it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SubscribersResponse } from '@catchment/domain';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { confirmCheckout, getSubscription, plan, subscribe } from './billing-factories.js';

let app: FastifyInstance;
beforeAll(async () => { ({ app } = await testApp()); });

const subscribers = (owner: TestUser, method: 'POST' | 'DELETE', email: string, lang: 'en' | 'fr' = 'en') =>
  call(app, method, `/Clients/${owner.id}/subscribers`, { as: owner, payload: { email }, lang });

describe('the users of a subscription', () => {
  it('gives a licence to a registered user, whose plan follows the subscription, and lists them with their roles', async () => {
    const owner = await signUp(app);
    const colleague = await signUp(app);
    const subscription = await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 2 });
    const added = await expectStatus<SubscribersResponse>(201, subscribers(owner, 'POST', colleague.email.toUpperCase()));
    expect(added).toEqual({
      licences: 2, used: 2,
      subscribers: [
        { id: owner.id, email: owner.email, firstName: 'Ada', lastName: 'Lovelace', status: 'admin' },
        { id: colleague.id, email: colleague.email, firstName: 'Ada', lastName: 'Lovelace', status: 'active' },
      ],
    });
    expect(await plan(app, colleague)).toMatchObject({ product: 'pro_2020', productEndDate: subscription.nextRenewal });

    // The user reads the subscription and its users, and manages nothing.
    const seen = (await getSubscription(app, colleague)).subscription!;
    expect(seen).toMatchObject({ id: subscription.id, role: 'active', owner: { id: owner.id }, actions: [], usedLicences: 2 });
    expect(await expectStatus(200, call(app, 'GET', `/Clients/${colleague.id}/subscribers`, { as: colleague }))).toEqual(added);
    for (const [method, url, payload] of [
      ['PUT', 'subscription', { product: 'advanced_2024', period: 'monthly' }],
      ['POST', 'subscription/cancel', { cancelFeedback: 'other' }],
      ['POST', 'subscribers', { email: owner.email }],
    ] as const) {
      const refused = await call(app, method, `/Clients/${colleague.id}/${url}`, { as: colleague, payload, lang: 'fr' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'NOT_SUBSCRIPTION_OWNER', message: "Seul le propriétaire de l'abonnement peut faire cela" });
    }
    // Holding a licence, the user cannot subscribe on their own.
    const own = await call(app, 'POST', `/Clients/${colleague.id}/payment/essential_2019`, { as: colleague, payload: { period: 'monthly' } });
    expect(own.json().error.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('refuses an unknown e-mail, a user who has a licence, and more users than licences, in English and French', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const first = await signUp(app);
    const second = await signUp(app);
    await subscribe(app, owner, 'essential_2019', { period: 'yearly', licences: 2 });
    await subscribe(app, other, 'essential_2019');

    const unknown = await subscribers(owner, 'POST', 'nobody-here@example.com', 'fr');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'SUBSCRIBER_UNKNOWN', message: "Cet utilisateur n'existe pas. Il doit créer son compte au préalable." });
    expect((await subscribers(owner, 'POST', 'nobody-here@example.com')).json().error.message).toBe('This user does not exist. They must create their account first.');

    const taken = await subscribers(owner, 'POST', other.email, 'fr');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'SUBSCRIBER_HAS_LICENCE', message: "L'utilisateur a déjà une licence" });
    expect((await subscribers(owner, 'POST', owner.email)).json().error.code).toBe('SUBSCRIBER_HAS_LICENCE');

    await expectStatus(201, subscribers(owner, 'POST', first.email));
    const full = await subscribers(owner, 'POST', second.email, 'fr');
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({ code: 'LICENCES_EXHAUSTED', message: "Nombre d'utilisateurs actifs atteint", details: { licences: 2 } });
    expect((await plan(app, second)).product).toBe('default');

    const invalid = await subscribers(owner, 'POST', 'not an e-mail');
    expect(invalid.statusCode).toBe(400);
  });

  it('buys more licences as an upgrade of the subscription, charged for the rest of the period', async () => {
    const owner = await signUp(app);
    const extra = await signUp(app);
    await subscribe(app, owner, 'pro_2020', { period: 'monthly' });
    expect((await subscribers(owner, 'POST', extra.email)).json().error.code).toBe('LICENCES_EXHAUSTED');
    const bought = await expectStatus<{ change: string; checkout: { id: string } }>(200,
      call(app, 'PUT', `/Clients/${owner.id}/subscription`, { as: owner, payload: { product: 'pro_2020', period: 'monthly', licences: 2 } }));
    expect(bought.change).toBe('upgrade');
    // Until paid, the licence is not there.
    expect((await subscribers(owner, 'POST', extra.email)).json().error.code).toBe('LICENCES_EXHAUSTED');
    const page = await expectStatus<{ lines: { kind: string; quantity: number; prorated: boolean }[] }>(200, call(app, 'GET', `/billing/checkouts/${bought.checkout.id}`, { as: owner }));
    expect(page.lines).toMatchObject([{ kind: 'additionalUsers', quantity: 1, prorated: true }]);
    await expectStatus(200, confirmCheckout(app, owner, bought.checkout.id));
    expect(await expectStatus<SubscribersResponse>(201, subscribers(owner, 'POST', extra.email))).toMatchObject({ licences: 2, used: 2 });

    // Fewer licences than users is refused.
    const tooFew = await call(app, 'PUT', `/Clients/${owner.id}/subscription`, { as: owner, payload: { product: 'pro_2020', period: 'monthly', licences: 1 } });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().error).toMatchObject({ code: 'TOO_FEW_LICENCES', details: { used: 2 } });
  });

  it('takes a licence back (the user returns to the free plan), never the owner\'s', async () => {
    const owner = await signUp(app);
    const colleague = await signUp(app);
    await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 3 });
    await expectStatus(201, subscribers(owner, 'POST', colleague.email));
    const removed = await expectStatus<SubscribersResponse>(200, subscribers(owner, 'DELETE', colleague.email));
    expect(removed.subscribers.map((s) => s.email)).toEqual([owner.email]);
    expect(await plan(app, colleague)).toMatchObject({ product: 'default', productEndDate: null });
    expect((await getSubscription(app, colleague)).subscription).toBeNull();
    expect((await subscribers(owner, 'DELETE', colleague.email)).json().error.code).toBe('SUBSCRIBER_NOT_FOUND');
    const self = await subscribers(owner, 'DELETE', owner.email);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('OWNER_LICENCE');
  });

  it('transfers the ownership: the former owner keeps a licence and loses the admin rights', async () => {
    const owner = await signUp(app);
    const heir = await signUp(app);
    const outsider = await signUp(app);
    await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 2 });
    await expectStatus(201, subscribers(owner, 'POST', heir.email));
    expect((await call(app, 'POST', `/Clients/${owner.id}/subscribers/owner`, { as: owner, payload: { email: outsider.email } })).json().error.code)
      .toBe('SUBSCRIBER_NOT_FOUND');

    const moved = await expectStatus<SubscribersResponse>(200, call(app, 'POST', `/Clients/${owner.id}/subscribers/owner`, { as: owner, payload: { email: heir.email } }));
    expect(moved.subscribers.map((s) => [s.email, s.status])).toEqual([[heir.email, 'admin'], [owner.email, 'active']]);
    expect((await getSubscription(app, heir)).subscription).toMatchObject({ role: 'admin', owner: { id: heir.id } });
    expect((await getSubscription(app, owner)).subscription).toMatchObject({ role: 'active', actions: [] });
    expect((await call(app, 'POST', `/Clients/${owner.id}/subscription/cancel`, { as: owner, payload: { cancelFeedback: 'other' } })).statusCode).toBe(403);
    expect((await plan(app, owner)).product).toBe('pro_2020');
    // The new owner manages: the former one's licence can be taken back.
    await expectStatus(200, subscribers(heir, 'DELETE', owner.email));
    expect((await plan(app, owner)).product).toBe('default');
  });
});
