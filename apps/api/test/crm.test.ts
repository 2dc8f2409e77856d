/**
 * CRM connections (SPEC §6, §7 CRM) against a local server answering as HubSpot documents
 * (crm/hubspot/test-support): connecting by OAuth, the CRM's lists searched and paged, their
 * properties and samples (the real Bindlach customer addresses), an expired access token refreshed,
 * a refresh token refused (the connection expired, then reconnected), who may connect and whose
 * connection it is, and that tokens never leave the server nor sit in the database as they are.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmAuthorizeView, CrmConnectionView, CrmPropertyView, CrmRemoteListPage, CrmSampleView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { EMULATOR_HUB_ID, HubSpotEmulator } from '../src/crm/hubspot/test-support/hubspot-emulator.js';
import { signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

const REDIRECT = 'http://localhost:3000/app/oauth/hubspot';

let ctx: AppContext;
let app: FastifyInstance;
let emulator: HubSpotEmulator;

beforeAll(async () => {
  ({ ctx } = await testApp());
  emulator = await new HubSpotEmulator().start();
  // The worker's context, with the HubSpot app pointing at the emulator.
  app = await buildServer({ ...ctx, config: { ...ctx.config, hubspot: emulator.settings() } }, { rateLimits: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await emulator?.stop();
});

/** What the web app does: asks for the authorize URL, the user grants access, the code comes back to /oauth/hubspot. */
async function connect(user: TestUser): Promise<CrmConnectionView> {
  const { url } = await expectStatus<CrmAuthorizeView>(200, call(app, 'POST', '/crm/connections/hubspot', { as: user, payload: { redirectUri: REDIRECT, state: 'integrations' } }));
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('integrations');
  return expectStatus<CrmConnectionView>(201, call(app, 'POST', '/crm/connections/create', {
    as: user, payload: { type: 'hubspot', code: back.searchParams.get('code'), redirectUri: REDIRECT },
  }));
}

const remoteLists = (user: TestUser, connectionId: number, query: string) =>
  call(app, 'GET', `/crm/connections/${connectionId}/remotelists?${query}`, { as: user });

describe('connecting HubSpot', () => {
  it('gives the authorize URL, exchanges the code and lists the connection, connected, without its tokens', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const connection = await connect(user);
    expect(connection).toMatchObject({ type: 'hubspot', state: 'connected', remoteAccountId: String(EMULATOR_HUB_ID) });
    const listed = await expectStatus<CrmConnectionView[]>(200, call(app, 'GET', '/crm/connections', { as: user }));
    expect(listed).toEqual([connection]);
    expect(JSON.stringify(listed)).not.toMatch(/access-|refresh-/);
    // Stored sealed: neither token appears as HubSpot gave it.
    const row = await ctx.database.db.selectFrom('crm_connections').selectAll().where('id', '=', connection.id).executeTakeFirstOrThrow();
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.refresh_token).toMatch(/^v1\./);
    // Connecting the same HubSpot account again renews the connection rather than adding one.
    expect((await connect(user)).id).toBe(connection.id);
  });

  it('refuses a code HubSpot does not accept (cannot connect), and a CRM it does not know', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const refused = await call(app, 'POST', '/crm/connections/create', { as: user, payload: { type: 'hubspot', code: 'made-up', redirectUri: REDIRECT } });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('CRM_CANNOT_CONNECT');
    expect((await call(app, 'POST', '/crm/connections/salesforce', { as: user, payload: { redirectUri: REDIRECT, state: 's' } })).statusCode).toBe(400);
  });

  it('tells a free user they are not allowed to connect a CRM, in their language, and a visitor to log in', async () => {
    const free = await signUp(app);
    const refused = await call(app, 'POST', '/crm/connections/hubspot', { as: free, lang: 'fr', payload: { redirectUri: REDIRECT, state: 's' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'CRM_NOT_ALLOWED', details: { plan: 'essential_2019' } });
    expect(refused.json().error.message).toMatch(/pas autorisé à connecter un CRM/);
    const code = emulator.grant(REDIRECT);
    expect((await call(app, 'POST', '/crm/connections/create', { as: free, payload: { type: 'hubspot', code, redirectUri: REDIRECT } })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/crm/connections')).statusCode).toBe(401);
  });

  it('answers that it cannot connect when the server has no HubSpot app', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const unconfigured = await buildServer({ ...ctx, config: { ...ctx.config, hubspot: undefined } }, { rateLimits: false });
    try {
      const response = await call(unconfigured, 'POST', '/crm/connections/hubspot', { as: user, payload: { redirectUri: REDIRECT, state: 's' } });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('CRM_CANNOT_CONNECT');
    } finally {
      await unconfigured.close();
    }
  });
});

describe("a connection's lists", () => {
  it('searches the lists by name and pages through them', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const { id } = await connect(user);
    const first = await expectStatus<CrmRemoteListPage>(200, remoteLists(user, id, 'search=campaign&page=1&limit=20'));
    expect(first).toMatchObject({ total: 45, page: 1, limit: 20, hasMore: true });
    expect(first.lists[0]).toEqual({ id: '101', name: 'Campaign 01', objectType: 'contacts', size: 5 });
    const third = await expectStatus<CrmRemoteListPage>(200, remoteLists(user, id, 'search=campaign&page=3&limit=20'));
    expect(third.lists.map((list) => list.name)).toEqual(['Campaign 41', 'Campaign 42', 'Campaign 43', 'Campaign 44', 'Campaign 45']);
    expect(third.hasMore).toBe(false);
    const all = await expectStatus<CrmRemoteListPage>(200, remoteLists(user, id, ''));
    expect(all.total).toBe(48);
    expect(all.lists.slice(0, 3).map((list) => [list.name, list.objectType, list.size])).toEqual([
      ['Bindlach customers', 'contacts', 797], ['Heinersreuth customers', 'contacts', 104], ['Shops and businesses', 'companies', emulator.companies.length],
    ]);
    expect((await remoteLists(user, id, 'limit=500')).statusCode).toBe(400);
  });

  it("gives a list's properties and samples of its records with the chosen ones, and 404 for a list HubSpot does not have", async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const { id } = await connect(user);
    const properties = await expectStatus<CrmPropertyView[]>(200, call(app, 'GET', `/crm/connections/${id}/remotelists/1/properties`, { as: user }));
    expect(properties.map((property) => property.name)).toEqual(expect.arrayContaining(['firstname', 'address', 'zip', 'city', 'country', 'annualrevenue']));
    expect(properties.find((property) => property.name === 'zip')).toEqual({ name: 'zip', label: 'Postal Code', type: 'string', group: 'contactinformation' });
    const samples = await expectStatus<CrmSampleView[]>(200, call(app, 'GET', `/crm/connections/${id}/remotelists/2/samples?properties=address,zip,city&limit=3`, { as: user }));
    const heinersreuth = emulator.contacts.filter((contact) => contact.properties.city!.startsWith('Heinersreuth')).slice(0, 3);
    expect(samples).toEqual(heinersreuth.map((contact) => ({
      id: contact.id, properties: { address: contact.properties.address, zip: contact.properties.zip, city: contact.properties.city },
    })));
    const missing = await call(app, 'GET', `/crm/connections/${id}/remotelists/999/properties`, { as: user });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CRM_LIST_NOT_FOUND');
    expect((await call(app, 'GET', `/crm/connections/${id}/remotelists/1/samples?properties=`, { as: user })).statusCode).toBe(400);
  });

  it('refreshes an expired access token and stores the new one', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const { id } = await connect(user);
    const before = await ctx.database.db.selectFrom('crm_connections').select('access_token').where('id', '=', id).executeTakeFirstOrThrow();
    emulator.expireAccessTokens();
    expect((await expectStatus<CrmRemoteListPage>(200, remoteLists(user, id, 'search=Bindlach'))).lists).toHaveLength(1);
    const after = await ctx.database.db.selectFrom('crm_connections').select(['access_token', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.state).toBe('connected');
  });

  it('marks the connection expired when HubSpot refuses its refresh token, and reconnects it with a new code', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const connection = await connect(user);
    emulator.revokeRefreshTokens();
    const expired = await remoteLists(user, connection.id, '');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.code).toBe('CRM_CONNECTION_EXPIRED');
    expect((await expectStatus<CrmConnectionView[]>(200, call(app, 'GET', '/crm/connections', { as: user })))[0]!.state).toBe('expired');
    // Expired stays expired without calling HubSpot again.
    const calls = emulator.requests.length;
    expect((await remoteLists(user, connection.id, '')).statusCode).toBe(409);
    expect(emulator.requests.length).toBe(calls);

    const { url } = await expectStatus<CrmAuthorizeView>(200, call(app, 'POST', `/crm/connections/${connection.id}/reconnect`, { as: user, payload: { redirectUri: REDIRECT, state: 'reconnect' } }));
    const code = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code');
    const renewed = await expectStatus<CrmConnectionView>(200, call(app, 'PATCH', `/crm/connections/${connection.id}`, { as: user, payload: { code, redirectUri: REDIRECT } }));
    expect(renewed).toMatchObject({ id: connection.id, state: 'connected' });
    expect((await expectStatus<CrmRemoteListPage>(200, remoteLists(user, connection.id, 'search=Shops'))).total).toBe(1);
  });
});

describe("another account's connection", () => {
  it('is not found for anyone else, whatever they do with it; its owner deletes it', async () => {
    const owner = await signUpOnPlan(app, 'essential_2019');
    const other = await signUpOnPlan(app, 'advanced_2024');
    const { id } = await connect(owner);
    for (const [method, url, payload] of [
      ['GET', `/crm/connections/${id}/remotelists`, undefined],
      ['GET', `/crm/connections/${id}/remotelists/1/properties`, undefined],
      ['GET', `/crm/connections/${id}/remotelists/1/samples?properties=zip`, undefined],
      ['POST', `/crm/connections/${id}/reconnect`, { redirectUri: REDIRECT, state: 's' }],
      ['PATCH', `/crm/connections/${id}`, { code: emulator.grant(REDIRECT), redirectUri: REDIRECT }],
      ['DELETE', `/crm/connections/${id}`, undefined],
    ] as const) {
      const response = await call(app, method, url, { as: other, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('CRM_CONNECTION_NOT_FOUND');
    }
    expect(await expectStatus<CrmConnectionView[]>(200, call(app, 'GET', '/crm/connections', { as: other }))).toEqual([]);
    await expectStatus(204, call(app, 'DELETE', `/crm/connections/${id}`, { as: owner }));
    expect(await expectStatus<CrmConnectionView[]>(200, call(app, 'GET', '/crm/connections', { as: owner }))).toEqual([]);
    expect((await call(app, 'DELETE', `/crm/connections/${id}`, { as: owner })).statusCode).toBe(404);
  });
});
