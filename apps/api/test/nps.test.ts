/**
 * The NPS survey (SPEC §9): shown to accounts older than 21 days, its answer or dismissal stored,
 * once per 90 days; to the account itself only. Accounts and answers are aged with SQL, as time would.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NpsStatus } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ({ ctx, app } = await testApp());
});

const due = async (user: TestUser) => (await expectStatus<NpsStatus>(200, call(app, 'GET', `/Clients/${user.id}/nps`, { as: user }))).due;
const answer = (user: TestUser, payload: unknown) => call(app, 'POST', `/Clients/${user.id}/nps`, { as: user, payload });

async function accountAged(days: number): Promise<TestUser> {
  const user = await signUp(app);
  await sql`UPDATE clients SET created_at = now() - make_interval(days => ${days}) WHERE id = ${user.id}`.execute(ctx.database.db);
  return user;
}

async function storedAnswers(user: TestUser) {
  const { rows } = await sql<{ score: number | null; comment: string | null }>`
    SELECT score, comment FROM nps_answers WHERE client_id = ${user.id} ORDER BY id`.execute(ctx.database.db);
  return rows;
}

describe('the NPS survey', () => {
  it('is not shown to a new account, which cannot answer it', async () => {
    const user = await signUp(app);
    expect(await due(user)).toBe(false);
    const refused = await answer(user, { score: 9 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NPS_NOT_DUE');
    expect(await storedAnswers(user)).toEqual([]);
  });

  it('is shown to a 22-day-old account, stores its answer once, then is not shown again', async () => {
    const user = await accountAged(22);
    expect(await due(user)).toBe(true);
    expect((await answer(user, { score: 9, comment: '  Quick isochrones  ' })).statusCode).toBe(201);
    expect(await storedAnswers(user)).toEqual([{ score: 9, comment: 'Quick isochrones' }]);
    expect(await due(user)).toBe(false);
    const second = await answer(user, { score: 3 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('NPS_NOT_DUE');
    expect(await storedAnswers(user)).toHaveLength(1);
  });

  it('keeps one answer when two tabs answer at once', async () => {
    const user = await accountAged(30);
    const statuses = (await Promise.all([answer(user, { score: 8 }), answer(user, { score: 2 }), answer(user, { score: null })])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409, 409]);
    expect(await storedAnswers(user)).toHaveLength(1);
  });

  it('is not shown after "Not now" (a null score) until the period is over, 90 days after the last answer', async () => {
    const user = await accountAged(200);
    expect((await answer(user, { score: null })).statusCode).toBe(201);
    expect(await storedAnswers(user)).toEqual([{ score: null, comment: null }]);
    expect(await due(user)).toBe(false);

    await sql`UPDATE nps_answers SET answered_at = now() - interval '89 days' WHERE client_id = ${user.id}`.execute(ctx.database.db);
    expect(await due(user)).toBe(false);
    await sql`UPDATE nps_answers SET answered_at = now() - interval '91 days' WHERE client_id = ${user.id}`.execute(ctx.database.db);
    expect(await due(user)).toBe(true);
    expect((await answer(user, { score: 10 })).statusCode).toBe(201);
    expect((await storedAnswers(user)).map((row) => row.score)).toEqual([null, 10]);
    expect(await due(user)).toBe(false);
  });

  it("answers another account's survey 403 and an anonymous caller 401, storing nothing", async () => {
    const owner = await accountAged(22);
    const other = await accountAged(22);
    expect((await call(app, 'GET', `/Clients/${owner.id}/nps`, { as: other })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/Clients/${owner.id}/nps`, { as: other, payload: { score: 5 } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/Clients/${owner.id}/nps`)).statusCode).toBe(401);
    expect((await call(app, 'POST', `/Clients/${owner.id}/nps`, { payload: { score: 5 } })).statusCode).toBe(401);
    expect(await storedAnswers(owner)).toEqual([]);
    expect(await due(owner)).toBe(true);
  });

  it('refuses a bad body with 400, in the caller’s language, and stores nothing', async () => {
    const user = await accountAged(22);
    for (const payload of [{ score: 11 }, { score: -1 }, { score: 4.5 }, { score: '7' }, {}, { score: 5, comment: 'x'.repeat(1001) }]) {
      const response = await answer(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const french = await call(app, 'POST', `/Clients/${user.id}/nps`, { as: user, lang: 'fr', payload: { score: 12 } });
    expect(JSON.stringify(french.json())).toContain('Choisissez une note de 0 à 10');
    expect(await storedAnswers(user)).toEqual([]);
    expect(await due(user)).toBe(true);
  });
});
