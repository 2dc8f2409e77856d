/**
 * Plans (SPEC §6): what /auth/me says of the plan in force, and the gating of each plan-limited
 * route: 403 PLAN_REQUIRED naming the cheapest plan that unlocks it, translated, until the user
 * has that plan; a plan past its end date is the free plan again.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '@catchment/domain';
import { ClientsRepository } from '../src/clients/clients.repository.js';
import { loadConfig } from '../src/config.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { compute, circleAroundNice, divisionsOf } from './analysis-factories.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function setPlan(user: TestUser, plan: string, endDate: Date | null = null) {
  const { ctx } = await testApp();
  await ctx.database.db.updateTable('clients').set({ product: plan, product_end_date: endDate }).where('id', '=', user.id).execute();
}

const me = (app: App, user: TestUser) => expectStatus<User>(200, call(app, 'GET', '/auth/me', { as: user }));

async function twoCirclesAroundNice(app: App, user: TestUser) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const areas = [circleArea({ startPoint: [7.262, 43.7102], distance: 2_000 }), circleArea({ startPoint: [7.03, 43.55], distance: 2_000 })];
  await expectStatus(201, postAreas(app, user, map.id, folderId, areas));
  return { mapId: map.id, areaIds: areas.map((area) => area.uuid as string) };
}

describe('the plan in force', () => {
  it('starts every new account on the free plan, with its features and no end date', async () => {
    const { app } = await testApp();
    const user = await me(app, await signUp(app));
    expect(user).toMatchObject({ product: 'default', productEndDate: null });
    expect(user.features).toContain('poi_count');
    expect(user.features).not.toContain('census:*');
  });

  it('gives the features of the plan set, until its end date; then the free plan again', async () => {
    const { app } = await testApp();
    const user = await signUp(app);
    const end = new Date(Date.now() + 30 * 86_400_000);
    await setPlan(user, 'pro_2020', end);
    expect(await me(app, user)).toMatchObject({ product: 'pro_2020', productEndDate: end.toISOString() });
    const { mapId, areaId } = await circleAroundNice(app, user);
    await expectStatus(200, compute(app, user, mapId, areaId));

    const past = new Date(Date.now() - 60_000);
    await setPlan(user, 'pro_2020', past);
    expect(await me(app, user)).toMatchObject({ product: 'default', productEndDate: past.toISOString() });
    expect((await compute(app, user, mapId, areaId)).statusCode).toBe(403);
  });

  it('starts new accounts on DEFAULT_PLAN when an operator sets it, and refuses an unknown plan there', async () => {
    const { ctx } = await testApp();
    const clients = new ClientsRepository(ctx.database.db, { defaultPlan: loadConfig({ DEFAULT_PLAN: 'advanced_2024' }).defaultPlan });
    const created = await clients.create({ email: `team-${randomUUID()}@example.com`, passwordHash: 'x', firstName: 'Grace', lastName: 'Hopper' });
    expect(created).toMatchObject({ product: 'advanced_2024', product_end_date: null });
    expect(loadConfig({}).defaultPlan).toBe('default');
    expect(() => loadConfig({ DEFAULT_PLAN: 'gold' })).toThrow(/DEFAULT_PLAN/);
  });
});

describe('gating (SPEC §6)', () => {
  it('refuses census figures below PRO with 403 PLAN_REQUIRED naming PRO, in the user\'s language', async () => {
    const { app } = await testApp();
    const user = await signUp(app);
    const { mapId, areaId } = await circleAroundNice(app, user);
    for (const plan of ['default', 'essential_2019']) {
      await setPlan(user, plan);
      const refused = await call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds: [areaId] }, lang: 'fr' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Pro"), details: { feature: 'census:ww', plan: 'pro_2020' } } });
    }
    const english = await call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds: [areaId], country: 'fr' } });
    expect(english.json().error).toMatchObject({ message: 'This is part of the Pro plan: upgrade to use it', details: { feature: 'census:fr' } });
    await setPlan(user, 'pro_2020');
    await expectStatus(200, compute(app, user, mapId, areaId, 'fr'));
  });

  it('refuses administrative divisions below ESSENTIAL, and the export of several areas in one file below ADVANCED', async () => {
    const { app } = await testApp();
    const user = await signUp(app);
    const { mapId, areaIds } = await twoCirclesAroundNice(app, user);
    const refused = await divisionsOf(app, user, mapId, areaIds[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', details: { plan: 'essential_2019' } });

    await setPlan(user, 'essential_2019');
    await expectStatus(200, divisionsOf(app, user, mapId, areaIds[0]!));
    const one = await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions`, { as: user, payload: { areaIds: [areaIds[0]] } });
    expect(one.statusCode).toBe(200);
    const several = await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions`, { as: user, payload: { areaIds }, lang: 'fr' });
    expect(several.statusCode).toBe(403);
    expect(several.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Avancée"), details: { feature: 'export:multi_area', plan: 'advanced_2024' } });

    await setPlan(user, 'advanced_2024');
    expect((await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions`, { as: user, payload: { areaIds } })).statusCode).toBe(200);
  });

  it('answers 404, not 403, for a map the caller may not read, whatever the plan', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const { mapId, areaId } = await circleAroundNice(app, owner);
    expect((await compute(app, stranger, mapId, areaId)).statusCode).toBe(404);
    expect((await compute(app, undefined as unknown as TestUser, mapId, areaId)).statusCode).toBe(404);
  });
});
