/**
 * The real-time socket at /api (SPEC §7) over a real listening server and real sockets: who may
 * connect, following maps, list-sync events after changes made by others over HTTP (to the map or
 * to its business searches), bad input.
 * On PostgreSQL, events also cross API processes through LISTEN/NOTIFY.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { REALTIME_CLOSE_CODES, type RealtimeServerMessage } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { EventBus, RoomEvent } from '../src/events/event-bus.js';
import { openEventBus } from '../src/events/open-event-bus.js';
import { PostgresEventBus } from '../src/events/postgres-event-bus.js';
import { userRoom } from '../src/events/rooms.js';
import { buildServer } from '../src/server.js';
import { importOsmPoiFile, signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { addMember, call, createMap, expectStatus } from './maps-factories.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
/** How long a test waits for a message before it fails saying which one it waited for. */
const PATIENCE_MS = 10_000;

let app: FastifyInstance;
let ctx: AppContext;
let bus: EventBus;
let server: FastifyInstance;
let origin: string;
let socketUrl: string;
const busName = `catchment-events-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ({ app, ctx } = await testApp());
  bus = await openEventBus(ctx.database.kind, ctx.database.connection, { applicationName: busName, log: () => {} });
  // A short heartbeat so that a test sees a socket closed when its session ends.
  server = await buildServer({ ...ctx, events: bus }, { rateLimits: false, realtimeHeartbeatMs: 100 });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  socketUrl = `ws://127.0.0.1:${address.port}/api`;
});

/** Every socket a test opened, closed even when the test failed half-way. */
const openSockets = new Set<WebSocket>();
afterEach(() => {
  for (const ws of openSockets) ws.terminate();
  openSockets.clear();
});

afterAll(async () => {
  await server?.close();
  await bus?.close();
});

/** A client socket that keeps what it receives, to be taken in order with next(). */
class TestSocket {
  private readonly inbox: RealtimeServerMessage[] = [];
  private wake: () => void = () => {};
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.inbox.push(JSON.parse(String(raw)) as RealtimeServerMessage);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(user: TestUser, url = socketUrl): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers: { cookie: user.cookie }, origin });
    openSockets.add(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message received and not yet taken that matches; waits for it if needed. */
  async next(what: string, matches: (message: RealtimeServerMessage) => boolean = () => true): Promise<RealtimeServerMessage> {
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      const index = this.inbox.findIndex(matches);
      if (index >= 0) return this.inbox.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} received; got ${JSON.stringify(this.inbox)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** Whether a message that matches was received and not yet taken. */
  received(matches: (message: RealtimeServerMessage) => boolean): boolean {
    return this.inbox.some(matches);
  }

  /** Follows a map and returns the server's answer (joined or error). */
  async join(mapId: number | string): Promise<RealtimeServerMessage> {
    this.send({ type: 'join', mapId });
    return this.next(`answer to join ${mapId}`, (m) => (m.event === 'joined' || m.event === 'error') && m.data.mapId === mapId);
  }

  close(): Promise<unknown> {
    this.ws.close();
    return this.closed;
  }
}

/** The HTTP answer of an upgrade the server refuses. */
function refusedUpgrade(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const ws = new WebSocket(socketUrl, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('the socket was accepted')));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => { body += String(chunk); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
}

const renameMap = (user: TestUser, mapId: number, title: string) =>
  expectStatus<{ version: number }>(200, call(server, 'PATCH', `/v2/maps/${mapId}`, { as: user, payload: { title } }));

const listSyncOf = (mapId: number) => (message: RealtimeServerMessage) =>
  message.event === 'list-sync' && message.data.mapId === mapId;

const listSyncAt = (mapId: number, version: number) => (message: RealtimeServerMessage) =>
  message.event === 'list-sync' && message.data.mapId === mapId && message.data.version === version;

describe('connecting to the real-time socket', () => {
  it('lets a logged-in user in, and refuses a visitor (401) and a page of another site (403) before the upgrade', async () => {
    const user = await signUp(app);
    const socket = await TestSocket.open(user);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();

    const visitor = await refusedUpgrade({});
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.body).error.code).toBe('UNAUTHORIZED');
    const forged = await refusedUpgrade({ cookie: 'session=not-a-session' });
    expect(forged.status).toBe(401);
    const otherSite = await refusedUpgrade({ cookie: user.cookie, origin: 'https://evil.example.net' });
    expect(otherSite.status).toBe(403);
  });

  it('leaves a plain GET /api a 404 like any unknown API path', async () => {
    const response = await server.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('puts every socket in its user room', async () => {
    const user = await signUp(app);
    const socket = await TestSocket.open(user);
    // The channel's later events (downloads) go to the user room; nothing else needs joining.
    bus.publish({ room: userRoom(user.id), event: 'downloads', data: { count: 1 } });
    expect(await socket.next('downloads event')).toEqual({ event: 'downloads', data: { count: 1 } });
    await socket.close();
  });

  it('closes the socket once its session has ended (logout)', async () => {
    const user = await signUp(app);
    const socket = await TestSocket.open(user);
    await expectStatus(204, call(server, 'POST', '/auth/logout', { as: user }));
    expect((await socket.closed).code).toBe(REALTIME_CLOSE_CODES.sessionEnded);
  });
});

describe('following a map', () => {
  it('tells a member following the map of each change another user makes over HTTP, with the new version', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const map = await createMap(app, owner, { title: 'Stores' });
    await addMember(ctx, map.id, member);
    const socket = await TestSocket.open(member);

    // Joined by accessId (the shared link's reference), answered with the map's id and current versions.
    const searches = await expectStatus<{ version: number }>(200, call(server, 'GET', `/v2/maps/${map.id}/searches`, { as: owner }));
    expect(await socket.join(map.accessId)).toEqual({
      event: 'joined', data: { mapId: map.accessId, id: map.id, version: map.version, searchesVersion: searches.version, datasetsVersion: 1 },
    });

    const renamed = await renameMap(owner, map.id, 'Stores 2');
    expect(await socket.next('list-sync')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
    const folder = randomUUID();
    await expectStatus(201, call(server, 'PUT', `/v2/maps/${map.id}/folders/${folder}`, { as: owner, payload: { label: 'Shops' } }));
    expect(await socket.next('list-sync after the new folder')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version + 1 } });
    await socket.close();
  });

  it('lets anyone logged in follow a public map, by id as well', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const map = await createMap(app, owner, { public: true });
    const socket = await TestSocket.open(stranger);
    expect(await socket.join(map.id)).toMatchObject({ event: 'joined', data: { id: map.id } });
    const renamed = await renameMap(owner, map.id, 'Public stores');
    expect(await socket.next('list-sync', listSyncOf(map.id))).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
    await socket.close();
  });

  it('refuses to let a user follow the private map of another, on the socket, which goes on working', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const secret = await createMap(app, owner, { title: 'Secret' });
    const own = await createMap(app, stranger);
    const socket = await TestSocket.open(stranger);

    const refused = await socket.join(secret.id);
    expect(refused).toMatchObject({ event: 'error', data: { code: 'MAP_NOT_FOUND', mapId: secret.id } });
    expect(await socket.join(secret.accessId)).toMatchObject({ event: 'error', data: { code: 'MAP_NOT_FOUND' } });
    expect(await socket.join(own.id)).toMatchObject({ event: 'joined' });

    // Events come in the order of the changes: had the secret map's come through, it would come first.
    await renameMap(owner, secret.id, 'Secret 2');
    const renamed = await renameMap(stranger, own.id, 'Mine');
    expect(await socket.next('list-sync of the own map')).toEqual({ event: 'list-sync', data: { mapId: own.id, version: renamed.version } });
    await socket.close();
  });

  it('stops telling a socket about a map it left', async () => {
    const user = await signUp(app);
    const left = await createMap(app, user);
    const kept = await createMap(app, user);
    const socket = await TestSocket.open(user);
    await socket.join(left.accessId);
    await socket.join(kept.id);
    socket.send({ type: 'leave', mapId: left.accessId });
    expect(await socket.next('left')).toEqual({ event: 'left', data: { mapId: left.accessId } });

    await renameMap(user, left.id, 'Not followed');
    const renamed = await renameMap(user, kept.id, 'Followed');
    expect(await socket.next('list-sync of the kept map')).toEqual({ event: 'list-sync', data: { mapId: kept.id, version: renamed.version } });
    await socket.close();
  });
});

const accessLostOf = (mapId: number) => (message: RealtimeServerMessage) =>
  message.event === 'access-lost' && message.data.id === mapId;

const removeMember = (as: TestUser, mapId: number, member: TestUser, through = server) =>
  expectStatus(204, call(through, 'DELETE', `/v2/maps/${mapId}/clients/${member.id}`, { as }));

describe('losing access to a followed map', () => {
  it('drops a member removed from a private map at once, under each reference they followed it by, and tells them; the others go on', async () => {
    const owner = await signUp(app);
    const removed = await signUp(app);
    const kept = await signUp(app);
    const map = await createMap(app, owner, { title: 'Team' });
    const own = await createMap(app, removed);
    await addMember(ctx, map.id, removed);
    await addMember(ctx, map.id, kept);
    const removedSocket = await TestSocket.open(removed);
    const keptSocket = await TestSocket.open(kept);
    await removedSocket.join(map.accessId);
    await removedSocket.join(map.id);
    await removedSocket.join(own.id);
    await keptSocket.join(map.id);

    await removeMember(owner, map.id, removed);
    // The removal is a write of the map: its list-sync comes first, then the loss of access.
    expect(await removedSocket.next('list-sync of the removal')).toMatchObject({ event: 'list-sync', data: { mapId: map.id } });
    expect(await removedSocket.next('access lost')).toEqual({ event: 'access-lost', data: { mapId: map.accessId, id: map.id } });
    expect(await removedSocket.next('access lost')).toEqual({ event: 'access-lost', data: { mapId: map.id, id: map.id } });

    // Events come in the order of the changes: had the team map's come through, it would come first.
    const renamedTeam = await renameMap(owner, map.id, 'Team 2');
    const renamedOwn = await renameMap(removed, own.id, 'Mine');
    expect(await removedSocket.next('list-sync of the own map')).toEqual({ event: 'list-sync', data: { mapId: own.id, version: renamedOwn.version } });
    expect(await keptSocket.next('list-sync of the rename', listSyncAt(map.id, renamedTeam.version))).toBeTruthy();
    expect(await keptSocket.join(map.id)).toMatchObject({ event: 'joined' });
    // Joining again is refused like any stranger's.
    expect(await removedSocket.join(map.id)).toMatchObject({ event: 'error', data: { code: 'MAP_NOT_FOUND' } });
  });

  it('drops the strangers following a public map made private, not its members; a member removed from a public map goes on reading it', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const map = await createMap(app, owner, { public: true });
    await addMember(ctx, map.id, member);
    const memberSocket = await TestSocket.open(member);
    const strangerSocket = await TestSocket.open(stranger);
    await memberSocket.join(map.id);
    await strangerSocket.join(map.id);

    await removeMember(owner, map.id, member);
    await addMember(ctx, map.id, member);
    await expectStatus(200, call(server, 'PATCH', `/v2/maps/${map.id}`, { as: owner, payload: { public: false } }));
    expect(await strangerSocket.next('access lost', accessLostOf(map.id))).toEqual({ event: 'access-lost', data: { mapId: map.id, id: map.id } });

    const renamed = await renameMap(owner, map.id, 'Private now');
    expect(await memberSocket.next('list-sync after the map turned private', listSyncAt(map.id, renamed.version))).toBeTruthy();
    expect(memberSocket.received(accessLostOf(map.id))).toBe(false);
  });

  it('tells the followers of a deleted map that it is gone', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const map = await createMap(app, owner);
    await addMember(ctx, map.id, member);
    const socket = await TestSocket.open(member);
    await socket.join(map.accessId);
    await expectStatus(204, call(server, 'DELETE', `/v2/maps/${map.id}`, { as: owner }));
    expect(await socket.next('access lost', accessLostOf(map.id))).toEqual({ event: 'access-lost', data: { mapId: map.accessId, id: map.id } });
  });
});

describe("following a map's business searches", () => {
  const restaurants = { datasetName: 'ad_osm_poi', categories: ['amenity=restaurant'] };
  const shops = { datasetName: 'ad_osm_poi', categories: ['shopping'] };
  let pro: TestUser;

  beforeAll(async () => {
    await importOsmPoiFile(ctx, path.resolve(import.meta.dirname, '../../../test-data/osm/andorra.osm.pbf'));
    pro = await signUpOnPlan(app, 'pro_2020');
  }, 300_000);

  interface SearchAnswer { id: number; version: number }
  const searchesUrl = (mapId: number) => `/v2/maps/${mapId}/searches`;

  it("tells a colleague following the map of each committed write of its searches, with the searches' new version", async () => {
    const member = await signUp(app);
    const map = await createMap(app, pro, { title: 'Competitors' });
    await addMember(ctx, map.id, member);
    const socket = await TestSocket.open(member);
    expect(await socket.join(map.accessId)).toMatchObject({ event: 'joined', data: { id: map.id, version: map.version, searchesVersion: 1 } });

    // The map itself did not move: its version stays, the searches' comes beside it.
    const first = await expectStatus<SearchAnswer>(201, call(server, 'POST', searchesUrl(map.id), { as: pro, payload: restaurants }));
    expect(await socket.next('list-sync after the creation')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: map.version, searchesVersion: first.version } });
    const second = await expectStatus<SearchAnswer>(201, call(server, 'POST', searchesUrl(map.id), { as: pro, payload: { ...shops, version: first.version } }));
    expect(await socket.next('list-sync after the second creation')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: map.version, searchesVersion: second.version } });

    const moved = await expectStatus<{ version: number; searches: SearchAnswer[] }>(200, call(server, 'PUT', `${searchesUrl(map.id)}/${second.id}/order`, {
      as: pro, payload: { version: second.version, referenceSearchId: first.id, before: true },
    }));
    expect(moved.searches.map((search) => search.id)).toEqual([second.id, first.id]);
    expect(await socket.next('list-sync after the order')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: map.version, searchesVersion: moved.version } });

    const updated = await expectStatus<SearchAnswer>(200, call(server, 'PATCH', `${searchesUrl(map.id)}/${first.id}`, {
      as: pro, payload: { ...restaurants, categories: ['amenity=cafe'], version: moved.version },
    }));
    expect(await socket.next('list-sync after the change')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: map.version, searchesVersion: updated.version } });
    await expectStatus(204, call(server, 'DELETE', `${searchesUrl(map.id)}/${second.id}?version=${updated.version}`, { as: pro }));
    const afterDelete = await expectStatus<{ version: number }>(200, call(server, 'GET', searchesUrl(map.id), { as: pro }));
    expect(afterDelete.version).toBe(updated.version + 1);
    expect(await socket.next('list-sync after the deletion')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: map.version, searchesVersion: afterDelete.version } });
    await socket.close();
  });

  it('tells nothing of a refused write (stale version, missing search, no right to edit)', async () => {
    const member = await signUp(app);
    const map = await createMap(app, pro);
    await addMember(ctx, map.id, member);
    // Joined before the writes it is to hear of: an event committed before the join may still be
    // on its way through the database's notifications, and would arrive after it.
    const socket = await TestSocket.open(member);
    await socket.join(map.id);
    const first = await expectStatus<SearchAnswer>(201, call(server, 'POST', searchesUrl(map.id), { as: pro, payload: restaurants }));
    expect(await socket.next('list-sync after the creation')).toMatchObject({ event: 'list-sync', data: { searchesVersion: first.version } });
    const second = await expectStatus<SearchAnswer>(201, call(server, 'POST', searchesUrl(map.id), { as: pro, payload: { ...shops, version: first.version } }));
    expect(await socket.next('list-sync after the second creation')).toMatchObject({ event: 'list-sync', data: { searchesVersion: second.version } });

    const stale = first.version;
    await expectStatus(409, call(server, 'POST', searchesUrl(map.id), { as: pro, payload: { ...shops, version: stale } }));
    await expectStatus(409, call(server, 'PUT', `${searchesUrl(map.id)}/${second.id}/order`, { as: pro, payload: { version: stale, referenceSearchId: first.id, before: true } }));
    await expectStatus(409, call(server, 'PATCH', `${searchesUrl(map.id)}/${first.id}`, { as: pro, payload: { ...restaurants, version: stale } }));
    await expectStatus(409, call(server, 'DELETE', `${searchesUrl(map.id)}/${first.id}?version=${stale}`, { as: pro }));
    await expectStatus(404, call(server, 'DELETE', `${searchesUrl(map.id)}/${second.id + 1000}?version=${second.version}`, { as: pro }));
    const stranger = await signUpOnPlan(app, 'pro_2020');
    await expectStatus(404, call(server, 'DELETE', `${searchesUrl(map.id)}/${first.id}?version=${second.version}`, { as: stranger }));

    // Events come in the order of the writes: had a refused one been announced, it would come first.
    const renamed = await renameMap(pro, map.id, 'After the refusals');
    expect(await socket.next('list-sync of the rename')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
    const list = await expectStatus<{ version: number }>(200, call(server, 'GET', searchesUrl(map.id), { as: member }));
    expect(list.version).toBe(second.version);
    await socket.close();
  });
});

describe('bad input on the socket', () => {
  it('answers an error to each unreadable message and keeps the socket open', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const socket = await TestSocket.open(user);
    const badMessages = ['not json', '{"type":"join"}', '{"type":"join","mapId":{"$gt":0}}', '{"type":"drop","mapId":1}',
      '{"type":"join","mapId":"../../etc"}', '{"type":"join","mapId":-3}', 'null'];
    for (const bad of badMessages) {
      socket.send(bad);
      expect(await socket.next(`error for ${bad}`), bad).toMatchObject({ event: 'error', data: { code: 'VALIDATION_ERROR' } });
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await socket.next('error for a binary message')).toMatchObject({ event: 'error', data: { code: 'VALIDATION_ERROR' } });
    // A map id beyond the column's range is a map that does not exist, as on the REST routes.
    expect(await socket.join('99999999999')).toMatchObject({ event: 'error', data: { code: 'MAP_NOT_FOUND' } });
    expect(await socket.join(map.id)).toMatchObject({ event: 'joined' });
    await socket.close();
  });

  it('closes a socket that sends an oversized message, and goes on serving the others', async () => {
    const user = await signUp(app);
    const flooder = await TestSocket.open(user);
    flooder.send(JSON.stringify({ type: 'join', mapId: 1, padding: 'x'.repeat(64 * 1024) }));
    expect((await flooder.closed).code).toBe(1009);
    const map = await createMap(app, user);
    const socket = await TestSocket.open(user);
    expect(await socket.join(map.id)).toMatchObject({ event: 'joined' });
    await socket.close();
  });
});

describe.runIf(onPostgres)('events across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const killListener = (applicationName: string) => sql`
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE application_name = ${applicationName} AND datname = current_database()`.execute(ctx.database.db);

  it('hands an event published by one bus to the subscribers of another, on their own connections', async () => {
    const channel = `test_${randomUUID().replace(/-/g, '_')}`;
    const publisher = await PostgresEventBus.start(ctx.database.connection, { channel });
    const subscriber = await PostgresEventBus.start(ctx.database.connection, { channel });
    try {
      const heard: RoomEvent[] = [];
      const both = new Promise<void>((resolve) => subscriber.subscribe((event) => { heard.push(event); if (heard.length === 2) resolve(); }));
      publisher.publish({ room: 'map:1', event: 'list-sync', data: { mapId: 1, version: 2 } });
      publisher.publish({ room: 'user:3', event: 'downloads', data: null });
      await both;
      expect(heard).toEqual([
        { room: 'map:1', event: 'list-sync', data: { mapId: 1, version: 2 } },
        { room: 'user:3', event: 'downloads', data: null },
      ]);
    } finally {
      await publisher.close();
      await subscriber.close();
    }
  });

  it('tells a socket on one API process of a change made through another', async () => {
    const otherBus = await openEventBus('postgres', ctx.database.connection);
    const otherProcess = await buildServer({ ...ctx, events: otherBus }, { rateLimits: false });
    try {
      const owner = await signUp(app);
      const map = await createMap(app, owner);
      const socket = await TestSocket.open(owner);
      await socket.join(map.id);
      const renamed = await expectStatus<{ version: number }>(200, call(otherProcess, 'PATCH', `/v2/maps/${map.id}`, { as: owner, payload: { title: 'Elsewhere' } }));
      expect(await socket.next('list-sync from the other process')).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
      await socket.close();
    } finally {
      await otherProcess.close();
      await otherBus.close();
    }
  });

  it('drops at once a socket on one API process whose user was removed from the map through another', async () => {
    const otherBus = await openEventBus('postgres', ctx.database.connection);
    const otherProcess = await buildServer({ ...ctx, events: otherBus }, { rateLimits: false });
    try {
      const owner = await signUp(app);
      const member = await signUp(app);
      const map = await createMap(app, owner);
      await addMember(ctx, map.id, member);
      const socket = await TestSocket.open(member);
      await socket.join(map.id);
      await removeMember(owner, map.id, member, otherProcess);
      expect(await socket.next('access lost', accessLostOf(map.id))).toEqual({ event: 'access-lost', data: { mapId: map.id, id: map.id } });
    } finally {
      await otherProcess.close();
      await otherBus.close();
    }
  });

  it('listens again after its connection was killed, and says that events may have been missed', async () => {
    const channel = `test_${randomUUID().replace(/-/g, '_')}`;
    const applicationName = `catchment-events-test-${randomUUID().slice(0, 8)}`;
    const listener = await PostgresEventBus.start(ctx.database.connection, { channel, applicationName, reconnectDelay: { first: 50, max: 500 }, log: () => {} });
    const publisher = await PostgresEventBus.start(ctx.database.connection, { channel });
    try {
      const missed = new Promise<void>((resolve) => listener.onEventsMissed(resolve));
      await killListener(applicationName);
      await missed;
      const heard = new Promise<RoomEvent>((resolve) => listener.subscribe(resolve));
      publisher.publish({ room: 'map:5', event: 'list-sync', data: { mapId: 5, version: 9 } });
      expect(await heard).toEqual({ room: 'map:5', event: 'list-sync', data: { mapId: 5, version: 9 } });
    } finally {
      await listener.close();
      await publisher.close();
    }
  });

  it('makes the sockets of a process whose listener reconnected resynchronise', async () => {
    const user = await signUp(app);
    const socket = await TestSocket.open(user);
    await killListener(busName);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE_CODES.resync);
    // The client's reconnection finds a working channel.
    const map = await createMap(app, user);
    const again = await TestSocket.open(user);
    expect(await again.join(map.id)).toMatchObject({ event: 'joined' });
    const renamed = await renameMap(user, map.id, 'After the reconnection');
    expect(await again.next('list-sync after the reconnection', listSyncOf(map.id))).toEqual({ event: 'list-sync', data: { mapId: map.id, version: renamed.version } });
    await again.close();
  });
});
