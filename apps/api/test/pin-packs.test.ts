/**
 * Extra packs of pins (SPEC §9: 10,000 points at 30 a month): bought with a paid plan, they add to
 * the pins of the account that owns the subscription, the imports' pins check counts them, and the
 * refusal names the packs that would make room.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientDatasetView, User } from '@catchment/domain';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { confirmCheckout, subscribe } from './billing-factories.js';

let app: FastifyInstance;
beforeAll(async () => { ({ app } = await testApp()); });

const me = (user: TestUser) => expectStatus<User>(200, call(app, 'GET', '/auth/me', { as: user }));
const items = (count: number) => Array.from({ length: count }, (_, i) => ({ position: [2.3 + (i % 100) / 1_000, 48.8 + Math.floor(i / 100) / 1_000] }));

describe('pin packs', () => {
  it('makes room for more of the own data once a pack is bought, and names the packs missing when refused', async () => {
    const user = await signUp(app);
    await subscribe(app, user, 'essential_2019', { period: 'monthly' });
    expect((await me(user)).pins).toBe(1_000);
    const dataset = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${user.id}/datasets`, {
      as: user, payload: { name: 'Stores', columns: ['name'], items: items(1_000) },
    }));

    const refused = await call(app, 'POST', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { items: items(5) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'INSUFFICIENT_STORAGE', details: { pins: 1_000, used: 1_000, adding: 5, plan: 'pro_2020', packs: 1 } });

    // The same plan with one pack: an upgrade paid on the payment page.
    const change = await expectStatus<{ change: string; checkout: { id: string } }>(200, call(app, 'PUT', `/Clients/${user.id}/subscription`, {
      as: user, payload: { product: 'essential_2019', period: 'monthly', pinPacks: 1 },
    }));
    expect(change.change).toBe('upgrade');
    expect((await me(user)).pins).toBe(1_000);
    await expectStatus(200, confirmCheckout(app, user, change.checkout.id));
    expect((await me(user)).pins).toBe(11_000);

    const added = await expectStatus<ClientDatasetView>(200, call(app, 'POST', `/Clients/${user.id}/datasets/${dataset.id}`, { as: user, payload: { items: items(5) } }));
    expect(added.pointCount).toBe(1_005);
  });

  it('gives the packs to the owner who bought them, not to every user of the subscription, and none to the free plan', async () => {
    const free = await signUp(app);
    expect((await me(free)).pins).toBe(10);
    const owner = await signUp(app);
    await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 2, pinPacks: 2 });
    expect((await me(owner)).pins).toBe(30_000);
    const member = await signUp(app);
    await expectStatus(201, call(app, 'POST', `/Clients/${owner.id}/subscribers`, { as: owner, payload: { email: member.email } }));
    const memberView = await me(member);
    expect(memberView.product).toBe('pro_2020');
    expect(memberView.pins).toBe(10_000);
  });
});
