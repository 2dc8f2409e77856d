/**
 * CRM connections (SPEC §6, §7 CRM) against a local server answering as HubSpot documents
 * (crm/hubspot/test-support): connecting by OAuth, the CRM's lists searched and paged, their
 * properties and samples (the real Bindlach customer addresses), an expired access token refreshed,
 * a refresh token refused (the connection expired, then reconnected), who may connect and whose
 * connection it is, and that tokens never leave the server nor sit in the database as they are.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientDatasetView, CrmAuthorizeView, CrmConnectionView, CrmPropertyView, CrmRemoteListPage, CrmSampleView, CrmSynchronizedListView, RealtimeEventName,
} from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { buildServer } from '../src/server.js';
import { EMULATOR_HUB_ID, HubSpotEmulator } from '../src/crm/hubspot/test-support/hubspot-emulator.js';
import { importOsmAddressFile, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, createMap, expectStatus } from './maps-factories.js';
import { connectHubSpot, HEINERSREUTH_LIST, OAUTH_REDIRECT, settledList } from './crm-factories.js';
import { startQueuedApp, type QueuedApp } from './queue-factories.js';

const NORTH_BAYREUTH = path.resolve(import.meta.dirname, '../../../test-data/osm/north-bayreuth.osm.pbf');

const REDIRECT = OAUTH_REDIRECT;

let ctx: AppContext;
let app: FastifyInstance;
let emulator: HubSpotEmulator;
let queued: QueuedApp;
let events: RoomEvent[];

beforeAll(async () => {
  ({ ctx } = await testApp());
  emulator = await new HubSpotEmulator().start();
  // Synchronisations run on a real job queue (a schema of its own), as in the app, with the HubSpot app pointing at the emulator.
  queued = await startQueuedApp(ctx, { ...ctx.config, hubspot: emulator.settings() });
  ({ app, events } = queued);
});
afterAll(async () => {
  await queued?.close();
  await emulator?.stop();
});

const connect = (user: TestUser) => connectHubSpot(app, user);

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

  it('answers that it cannot connect when the server has no HubSpot app, and says it is not configured', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const unconfigured = await buildServer({ ...ctx, config: { ...ctx.config, hubspot: undefined } }, { rateLimits: false });
    try {
      const response = await call(unconfigured, 'POST', '/crm/connections/hubspot', { as: user, payload: { redirectUri: REDIRECT, state: 's' } });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('CRM_CANNOT_CONNECT');
      // What the integrations page reads to say so before anyone tries.
      expect(await expectStatus(200, call(unconfigured, 'GET', '/crm/types', { as: user }))).toEqual([{ type: 'hubspot', configured: false }]);
      expect(await expectStatus(200, call(app, 'GET', '/crm/types', { as: user }))).toEqual([{ type: 'hubspot', configured: true }]);
      expect((await call(app, 'GET', '/crm/types')).statusCode).toBe(401);
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

  it('refuses to reconnect a connection with the grant of another HubSpot account, which is a connection of its own', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const connection = await connect(user);
    emulator.setHubId(EMULATOR_HUB_ID + 1);
    try {
      const other = await call(app, 'PATCH', `/crm/connections/${connection.id}`, { as: user, payload: { code: emulator.grant(REDIRECT), redirectUri: REDIRECT } });
      expect(other.statusCode).toBe(502);
      expect(other.json().error).toMatchObject({ code: 'CRM_CANNOT_CONNECT', details: { expected: String(EMULATOR_HUB_ID), granted: String(EMULATOR_HUB_ID + 1) } });
      const second = await connect(user);
      expect(second).toMatchObject({ remoteAccountId: String(EMULATOR_HUB_ID + 1) });
      expect((await expectStatus<CrmConnectionView[]>(200, call(app, 'GET', '/crm/connections', { as: user }))).map((c) => c.remoteAccountId))
        .toEqual([String(EMULATOR_HUB_ID), String(EMULATOR_HUB_ID + 1)]);
    } finally {
      emulator.setHubId(EMULATOR_HUB_ID);
    }
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
      ['GET', `/crm/connections/${id}/synchronize`, undefined],
      ['GET', `/crm/connections/${id}/synchronizedlists`, undefined],
      ['POST', `/crm/connections/${id}/synchronizedlists`, { listId: '2', address: { city: 'city' } }],
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

describe('a synchronised list', () => {
  beforeAll(async () => {
    // The addresses of north Bayreuth, where the customers live, for the built-in geocoder.
    await importOsmAddressFile(ctx, NORTH_BAYREUTH);
  }, 240_000);

  const synchronizedLists = (user: TestUser, connectionId: number) =>
    expectStatus<CrmSynchronizedListView[]>(200, call(app, 'GET', `/crm/connections/${connectionId}/synchronizedlists`, { as: user }));

  /** The list once its synchronisation is over. */
  const settled = (user: TestUser, connectionId: number, listId: number) => settledList(app, user, connectionId, listId);

  const body = HEINERSREUTH_LIST;

  it('places every Heinersreuth customer by address into a dataset, then synchronises again on demand, failing without losing the last success', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { id } = await connect(user);
    const started = await expectStatus<CrmSynchronizedListView>(201, call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: body }));
    expect(started).toMatchObject({ remoteListId: '2', name: 'Heinersreuth customers', objectType: 'contacts', status: 'active', lastSuccessAt: null });
    const first = await settled(user, id, started.id);
    expect(first).toMatchObject({ status: 'success', lastError: null, recordCount: 104, placedCount: 104, notPlacedCount: 0 });
    expect(first.lastSuccessAt).not.toBeNull();

    const dataset = await expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${user.id}/datasets/${first.datasetId}`, { as: user }));
    expect(dataset).toMatchObject({ source: 'hubspot', status: 'ready', columns: ['firstname', 'lastname', 'annualrevenue', 'address', 'zip', 'city', 'country'], operationColumn: 'annualrevenue', rowCount: 104, pointCount: 104 });
    // Each customer where the file puts them: compared in metres, row by row.
    const { rows } = await sql<{ row_number: number; metres: number }>`SELECT r.row_number, ST_Distance(r.position::geography, ST_SetSRID(ST_MakePoint(f.lon, f.lat), 4326)::geography) AS metres
      FROM client_dataset_rows r JOIN jsonb_to_recordset(${JSON.stringify(emulator.contacts.filter((c) => c.properties.city!.startsWith('Heinersreuth')).map((c, i) => ({ n: i + 1, lon: c.lon, lat: c.lat })))}::jsonb) AS f(n int, lon float8, lat float8) ON f.n = r.row_number
      WHERE r.dataset_id = ${first.datasetId} ORDER BY metres`.execute(ctx.database.db);
    expect(rows).toHaveLength(104);
    expect(rows[52]!.metres).toBeLessThan(25);
    // Its progress went to the owner's sockets (told just after the list's success is written).
    await expect.poll(() => events.some((event) => event.room === `user:${user.id}` && event.event === ('datasets' satisfies RealtimeEventName) && (event.data as { datasetId: number; status: string }).status === 'ready')).toBe(true);

    // On demand, after the list changed in HubSpot: the maps showing the dataset are told (list-sync).
    const map = await createMap(app, user);
    await expectStatus(201, call(app, 'POST', `/v2/maps/${map.id}/datasets/bulk`, { as: user, payload: { datasets: [{ datasetId: first.datasetId }] } }));
    const list = emulator.lists.find((candidate) => candidate.listId === '2')!;
    const removed = list.memberIds.splice(0, 4);
    try {
      const again = await expectStatus<CrmSynchronizedListView[]>(200, call(app, 'GET', `/crm/connections/${id}/synchronize`, { as: user }));
      expect(again[0]!.status).toBe('active');
      const second = await settled(user, id, started.id);
      expect(second).toMatchObject({ status: 'success', recordCount: 100, placedCount: 100 });
      await expect.poll(() => events.some((event) => event.room === `map:${map.id}` && event.event === 'list-sync')).toBe(true);

      // HubSpot failing throughout: failed after an earlier success, the dataset's rows still those of the last success.
      emulator.failNext('/crm/v3/lists/2/memberships', 503, 4);
      await expectStatus(200, call(app, 'GET', `/crm/connections/${id}/synchronize`, { as: user }));
      const failed = await settled(user, id, started.id);
      expect(failed).toMatchObject({ status: 'failed', lastError: 'CRM_INTERNAL', lastSuccessAt: second.lastSuccessAt, recordCount: 100 });
      expect(await expectStatus<ClientDatasetView>(200, call(app, 'GET', `/Clients/${user.id}/datasets/${first.datasetId}`, { as: user }))).toMatchObject({ status: 'ready', pointCount: 100 });
    } finally {
      list.memberIds.unshift(...removed);
    }
  }, 120_000);

  it('says "warning" when some records could not be placed, and reports them; deleting the list deletes its dataset', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { id } = await connect(user);
    const contact = emulator.contacts.find((c) => c.properties.city!.startsWith('Heinersreuth'))!;
    const saved = { ...contact.properties };
    Object.assign(contact.properties, { address: '', zip: '', city: '', country: '' });
    try {
      const started = await expectStatus<CrmSynchronizedListView>(201, call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: { ...body, properties: ['email'], operationColumn: undefined } }));
      const done = await settled(user, id, started.id);
      expect(done).toMatchObject({ status: 'warning', recordCount: 104, placedCount: 103, notPlacedCount: 1 });
      const report = await call(app, 'GET', `/crm/connections/${id}/synchronizedlists/${started.id}/report`, { as: user });
      expect(report.statusCode).toBe(200);
      expect(report.body).toContain(contact.properties.email);
      // That list alone, on demand (the page's per-list action); another id is not the connection's.
      const again = await expectStatus<CrmSynchronizedListView[]>(200, call(app, 'GET', `/crm/connections/${id}/synchronize?listId=${started.id}`, { as: user }));
      expect(again.map((list) => [list.id, list.status])).toEqual([[started.id, 'active']]);
      expect(await settled(user, id, started.id)).toMatchObject({ status: 'warning', placedCount: 103 });
      expect((await call(app, 'GET', `/crm/connections/${id}/synchronize?listId=${started.id + 1000}`, { as: user })).json().error.code).toBe('CRM_LIST_NOT_FOUND');
      await expectStatus(204, call(app, 'DELETE', `/crm/connections/${id}/synchronizedlists/${started.id}`, { as: user }));
      expect(await synchronizedLists(user, id)).toEqual([]);
      expect((await call(app, 'GET', `/Clients/${user.id}/datasets/${done.datasetId}`, { as: user })).statusCode).toBe(404);
    } finally {
      Object.assign(contact.properties, saved);
    }
  }, 120_000);

  it("refuses a list larger than the plan's pins leave room for, a property the records do not have, and the same list twice", async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const { id } = await connect(user);
    const items = Array.from({ length: 250 }, (_, i) => ({ fields: { n: String(i) }, position: [11.6, 49.98] }));
    await expectStatus(201, call(app, 'POST', `/Clients/${user.id}/datasets`, { as: user, payload: { name: 'Already here', columns: ['n'], items } }));
    const tooMany = await call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: { ...body, listId: '1' } });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().error).toMatchObject({ code: 'CRM_DATA_LIMIT_REACHED', details: { pins: 1000, used: 250, adding: 797, plan: 'pro_2020' } });
    const unknown = await call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: { ...body, properties: ['shoe_size'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.details).toEqual({ unknownProperties: ['shoe_size'] });
    const missing = await call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: { ...body, listId: '999' } });
    expect(missing.json().error.code).toBe('CRM_LIST_NOT_FOUND');
    const started = await expectStatus<CrmSynchronizedListView>(201, call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: body }));
    expect((await call(app, 'POST', `/crm/connections/${id}/synchronizedlists`, { as: user, payload: body })).statusCode).toBe(409);
    await settled(user, id, started.id);
    const other = await signUpOnPlan(app, 'pro_2020');
    expect((await call(app, 'GET', `/crm/connections/${id}/synchronizedlists`, { as: other })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/crm/connections/${id}/synchronizedlists/${started.id}/report`, { as: other })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/crm/connections/${id}/synchronizedlists/${started.id}`, { as: other })).statusCode).toBe(404);
  }, 120_000);
});
