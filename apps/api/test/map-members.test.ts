import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MapMember } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectError, expectStatus, getMap, polygonArea, postAreas } from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

const events: RoomEvent[] = [];
let unsubscribe: () => void = () => {};
beforeAll(() => { unsubscribe = ctx.events.subscribe((event) => events.push(event)); });
afterAll(() => unsubscribe());

const UNKNOWN_EN = 'This user does not exist. They must create their account first.';
const UNKNOWN_FR = "Cet utilisateur n'existe pas. Il doit créer son compte au préalable.";

const addMember = (as: TestUser | undefined, mapId: number | string, email: string, lang: 'en' | 'fr' = 'en') =>
  call(app, 'POST', `/v2/maps/${mapId}/clients`, { as, payload: { email }, lang });
const members = (as: TestUser | undefined, mapId: number | string) => call(app, 'GET', `/v2/maps/${mapId}/clients`, { as });
const removeMember = (as: TestUser | undefined, mapId: number | string, clientId: number) => call(app, 'DELETE', `/v2/maps/${mapId}/clients/${clientId}`, { as });

/** A private map of `owner` with one folder. */
async function sharedMap(owner: TestUser, body: Record<string, unknown> = {}) {
  const map = await createMap(app, owner, body);
  return { map, folderId: await createFolder(app, owner, map.id) };
}

const announcedFor = (mapId: number) => events.filter((event) => (event.data as { mapId?: number }).mapId === mapId);

describe('POST /v2/maps/{id}/clients', () => {
  it('makes a registered user a member by e-mail, in any case: they then read and edit the private map', async () => {
    const [owner, colleague] = [await signUp(app), await signUp(app, { firstName: 'Grace', lastName: 'Hopper' })];
    const { map, folderId } = await sharedMap(owner);
    await expectStatus(404, call(app, 'GET', `/v2/maps/${map.id}`, { as: colleague }));

    const response = await addMember(owner, map.id, colleague.email.toUpperCase());
    expect(response.statusCode).toBe(201);
    const member = response.json<MapMember>();
    expect(member).toEqual({ clientId: colleague.id, email: colleague.email, firstName: 'Grace', lastName: 'Hopper', addedAt: expect.any(String) });
    expect(Date.parse(member.addedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The document says the member may now edit: the map moved on, and its viewers were told.
    const doc = await getMap(app, colleague, map.accessId);
    expect(doc).toMatchObject({ canEdit: true, version: map.version + 2 });
    await expect.poll(() => announcedFor(map.id).at(-1)).toEqual({ room: `map:${map.id}`, event: 'list-sync', data: { mapId: map.id, version: doc.version } });

    const created = await postAreas(app, colleague, map.id, folderId, [polygonArea({ label: 'By the member' })]);
    expect(created.statusCode, created.body).toBe(201);
    expect((await getMap(app, owner, map.id)).folders[0]!.areas.map((area) => area.label)).toEqual(['By the member']);
    // The map is in the member's list of maps.
    const list = await expectStatus<{ items: { id: number }[] }>(200, call(app, 'GET', '/v2/maps', { as: colleague }));
    expect(list.items.map((item) => item.id)).toContain(map.id);
  });

  it('answers 200 with the same member when they are one already, and leaves the map as it was', async () => {
    const [owner, colleague] = [await signUp(app), await signUp(app)];
    const { map } = await sharedMap(owner);
    const first = await expectStatus<MapMember>(201, addMember(owner, map.id, colleague.email));
    const version = (await getMap(app, owner, map.id)).version;
    const again = await expectStatus<MapMember>(200, addMember(owner, map.accessId, colleague.email));
    expect(again).toEqual(first);
    expect((await getMap(app, owner, map.id)).version).toBe(version);
    expect(await expectStatus<MapMember[]>(200, members(owner, map.id))).toEqual([first]);
  });

  it('says in the request language that an address without an account must sign up first', async () => {
    const owner = await signUp(app);
    const { map } = await sharedMap(owner);
    const email = `nobody-${randomUUID()}@example.com`;
    expectError(await addMember(owner, map.id, email), 404, 'MAP_MEMBER_UNKNOWN', UNKNOWN_EN);
    expectError(await addMember(owner, map.id, email, 'fr'), 404, 'MAP_MEMBER_UNKNOWN', UNKNOWN_FR);
    expectError(await addMember(owner, map.id, 'not an address'), 400, 'VALIDATION_ERROR');
    expect(await expectStatus<MapMember[]>(200, members(owner, map.id))).toEqual([]);
  });

  it('refuses the owner as their own member', async () => {
    const owner = await signUp(app);
    const { map } = await sharedMap(owner);
    const refused = expectError(await addMember(owner, map.id, owner.email.toUpperCase()), 409, 'MAP_MEMBER_IS_OWNER');
    expect(refused.message).toBe('You own this map already: share it with someone else');
    expect((await addMember(owner, map.id, owner.email, 'fr')).json().error.message).toBe('Vous êtes déjà propriétaire de cette carte : partagez-la avec quelqu’un d’autre');
  });

  it('lets only the owner add members: 403 to those who may read the map, 404 to the rest, before looking at the address', async () => {
    const [owner, member, stranger, newcomer] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    const { map } = await sharedMap(owner);
    await expectStatus(201, addMember(owner, map.id, member.email));
    expectError(await addMember(member, map.id, newcomer.email), 403, 'FORBIDDEN');
    expectError(await addMember(stranger, map.id, newcomer.email), 404, 'MAP_NOT_FOUND');
    // An unknown address answers the same: nobody but the owner learns which addresses have an account.
    expectError(await addMember(stranger, map.id, `nobody-${randomUUID()}@example.com`), 404, 'MAP_NOT_FOUND');
    expectError(await addMember(undefined, map.id, newcomer.email), 401, 'UNAUTHORIZED');
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: owner, payload: { public: true } }));
    expectError(await addMember(stranger, map.id, newcomer.email), 403, 'FORBIDDEN');
    expectError(await addMember(undefined, map.id, newcomer.email), 403, 'FORBIDDEN');
    expectError(await addMember(owner, 'no-such-map', newcomer.email), 404, 'MAP_NOT_FOUND');
    expect((await expectStatus<MapMember[]>(200, members(owner, map.id))).map((entry) => entry.clientId)).toEqual([member.id]);
  });
});

describe('GET /v2/maps/{id}/clients', () => {
  it('lists the members in the order they were added, to the owner and the members only', async () => {
    const [owner, first, second, stranger] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    const { map } = await sharedMap(owner);
    expect(await expectStatus<MapMember[]>(200, members(owner, map.id))).toEqual([]);
    await expectStatus(201, addMember(owner, map.id, first.email));
    await expectStatus(201, addMember(owner, map.id, second.email));
    const listed = await expectStatus<MapMember[]>(200, members(first, map.accessId));
    expect(listed.map((member) => [member.clientId, member.email])).toEqual([[first.id, first.email], [second.id, second.email]]);
    expect(await expectStatus<MapMember[]>(200, members(owner, map.id))).toEqual(listed);
    expectError(await members(stranger, map.id), 404, 'MAP_NOT_FOUND');
    expectError(await members(undefined, map.id), 404, 'MAP_NOT_FOUND');
    // A public map's readers see the map, not who it is shared with.
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: owner, payload: { public: true } }));
    expectError(await members(stranger, map.id), 403, 'FORBIDDEN');
    expectError(await members(undefined, map.id), 403, 'FORBIDDEN');
  });
});

describe('DELETE /v2/maps/{id}/clients/{clientId}', () => {
  it('lets the owner revoke a member: the private map is a 404 to them again, and their writes are refused', async () => {
    const [owner, member] = [await signUp(app), await signUp(app)];
    const { map, folderId } = await sharedMap(owner);
    await expectStatus(201, addMember(owner, map.id, member.email));
    await expectStatus(201, postAreas(app, member, map.id, folderId, [polygonArea()]));

    const removed = await removeMember(owner, map.id, member.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    // The removed member's open page is told (the new version, then the change of who may read the
    // map, which takes their sockets out of its room), and its refetch meets the 404.
    const version = (await getMap(app, owner, map.id)).version;
    await expect.poll(() => announcedFor(map.id).slice(-2)).toEqual([
      { room: `map:${map.id}`, event: 'list-sync', data: { mapId: map.id, version } },
      { room: `map:${map.id}`, event: 'map-access', data: { mapId: map.id } },
    ]);
    expectError(await call(app, 'GET', `/v2/maps/${map.id}`, { as: member }), 404, 'MAP_NOT_FOUND');
    expectError(await postAreas(app, member, map.id, folderId, [polygonArea()]), 404, 'MAP_NOT_FOUND');
    expectError(await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: member, payload: { title: 'Mine' } }), 404, 'MAP_NOT_FOUND');
    expect(await expectStatus<MapMember[]>(200, members(owner, map.id))).toEqual([]);
    const list = await expectStatus<{ items: { id: number }[] }>(200, call(app, 'GET', '/v2/maps', { as: member }));
    expect(list.items.map((item) => item.id)).not.toContain(map.id);
    // Removing again: they are no member.
    expectError(await removeMember(owner, map.id, member.id), 404, 'MAP_MEMBER_NOT_FOUND');
    expect((await getMap(app, owner, map.id)).version).toBe(version);
  });

  it('lets a member leave, but not remove another member', async () => {
    const [owner, leaving, staying] = [await signUp(app), await signUp(app), await signUp(app)];
    const { map } = await sharedMap(owner);
    await expectStatus(201, addMember(owner, map.id, leaving.email));
    await expectStatus(201, addMember(owner, map.id, staying.email));
    expectError(await removeMember(leaving, map.id, staying.id), 403, 'FORBIDDEN');
    expectError(await removeMember(leaving, map.id, owner.id), 403, 'FORBIDDEN');
    await expectStatus(204, removeMember(leaving, map.accessId, leaving.id));
    expectError(await call(app, 'GET', `/v2/maps/${map.id}`, { as: leaving }), 404, 'MAP_NOT_FOUND');
    expect((await expectStatus<MapMember[]>(200, members(staying, map.id))).map((member) => member.clientId)).toEqual([staying.id]);
    // The owner is no member: there is nothing to leave.
    expectError(await removeMember(owner, map.id, owner.id), 404, 'MAP_MEMBER_NOT_FOUND');
    expectError(await removeMember(undefined, map.id, staying.id), 401, 'UNAUTHORIZED');
    expectError(await removeMember(owner, map.id, 0), 400, 'VALIDATION_ERROR');
    expectError(await call(app, 'DELETE', `/v2/maps/${map.id}/clients/99999999999`, { as: owner }), 400, 'VALIDATION_ERROR');
  });

  it('never leaves a shared map as where the home page opens for a member who left or was removed: their own map or none', async () => {
    const [owner, leaving, removed] = [await signUp(app), await signUp(app), await signUp(app)];
    const lastAccessed = async (user: TestUser) =>
      (await expectStatus<{ lastAccessedMapId: number | null }>(200, call(app, 'GET', '/auth/me', { as: user }))).lastAccessedMapId;
    const { map } = await sharedMap(owner, { public: true });
    const own = await createMap(app, leaving);
    await getMap(app, leaving, own.id);
    await expectStatus(201, addMember(owner, map.id, leaving.email));
    await expectStatus(201, addMember(owner, map.id, removed.email));
    expect(await getMap(app, leaving, map.accessId)).toMatchObject({ canEdit: true });
    expect(await getMap(app, removed, map.accessId)).toMatchObject({ canEdit: true });
    expect(await lastAccessed(leaving)).toBe(own.id);
    expect(await lastAccessed(removed)).toBeNull();

    await expectStatus(204, removeMember(leaving, map.id, leaving.id));
    await expectStatus(204, removeMember(owner, map.id, removed.id));
    expect(await lastAccessed(leaving)).toBe(own.id);
    expect(await lastAccessed(removed)).toBeNull();
    // The map is public: whoever left reads it still, read-only, and reading it does not make it theirs to open.
    for (const user of [leaving, removed]) expect(await getMap(app, user, map.accessId)).toMatchObject({ canEdit: false });
    expect(await lastAccessed(leaving)).toBe(own.id);
    expect(await lastAccessed(removed)).toBeNull();
    const list = await expectStatus<{ items: { id: number }[] }>(200, call(app, 'GET', '/v2/maps', { as: leaving }));
    expect(list.items.map((item) => item.id)).toEqual([own.id]);
    // Leaving again: they are no member any more.
    expectError(await removeMember(leaving, map.id, leaving.id), 403, 'FORBIDDEN');
  });
});

describe('the public flag (the contract)', () => {
  it('opens the map to anyone for reading and to nobody else for writing, then closes it again', async () => {
    const [owner, member, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    const { map, folderId } = await sharedMap(owner);
    await expectStatus(201, addMember(owner, map.id, member.email));
    const [area] = (await expectStatus<{ areas: { uuid: string }[] }>(201, postAreas(app, owner, map.id, folderId, [polygonArea()]))).areas;
    const base = `/v2/maps/${map.id}`;
    /** Every kind of write to the map, by `as`; none of them may succeed for a non-member. */
    const writes = (as: TestUser | undefined) => [
      () => call(app, 'PATCH', base, { as, payload: { title: 'Taken' } }),
      () => call(app, 'DELETE', base, { as }),
      () => call(app, 'PUT', `${base}/folders/${randomUUID()}`, { as, payload: { label: 'Theirs' } }),
      () => call(app, 'PATCH', `${base}/folders/${folderId}`, { as, payload: { label: 'Theirs' } }),
      () => call(app, 'DELETE', `${base}/folders/${folderId}`, { as }),
      () => postAreas(app, as, map.id, folderId, [polygonArea()]),
      () => call(app, 'DELETE', `${base}/folders/${folderId}/areas/${area!.uuid}`, { as }),
      () => call(app, 'POST', `${base}/searches`, { as, payload: { datasetName: 'ad_osm_poi', categories: ['amenity=restaurant'] } }),
      () => call(app, 'POST', `${base}/metrics`, { as, payload: { name: 'Population', formula: [{ type: 'measure', measure: { source: 'census', key: 'population' } }] } }),
      () => call(app, 'POST', `${base}/datasets/bulk`, { as, payload: { datasets: [{ datasetId: 1 }] } }),
      () => call(app, 'POST', `${base}/clients`, { as, payload: { email: member.email } }),
      () => call(app, 'DELETE', `${base}/clients/${member.id}`, { as }),
    ];
    /** Status and error code of each write, one after the other. */
    const statuses = async (as: TestUser | undefined) => {
      const answers: [number, string][] = [];
      for (const write of writes(as)) {
        const response = await write();
        answers.push([response.statusCode, response.json().error?.code]);
      }
      return answers;
    };
    const everyWrite = (status: number, code: string) => writes(undefined).map(() => [status, code]);

    await expectStatus(404, call(app, 'GET', base, { as: stranger }));
    await expectStatus(404, call(app, 'GET', base));
    const published = await expectStatus<{ public: boolean }>(200, call(app, 'PATCH', base, { as: owner, payload: { public: true } }));
    expect(published.public).toBe(true);
    const before = await getMap(app, owner, map.id);

    for (const reader of [stranger, undefined]) {
      expect(await getMap(app, reader, map.id)).toMatchObject({ id: map.id, canEdit: false, public: true });
      expect(await getMap(app, reader, map.accessId)).toMatchObject({ id: map.id });
      expect(await statuses(reader)).toEqual(everyWrite(403, 'FORBIDDEN'));
    }
    // Nothing changed, and the member still edits.
    expect(await getMap(app, owner, map.id)).toEqual({ ...before, canEdit: true });
    await expectStatus(201, postAreas(app, member, map.id, folderId, [polygonArea()]));

    await expectStatus(200, call(app, 'PATCH', base, { as: owner, payload: { public: false } }));
    for (const reader of [stranger, undefined]) expectError(await call(app, 'GET', base, { as: reader }), 404, 'MAP_NOT_FOUND');
    expect(await statuses(stranger)).toEqual(everyWrite(404, 'MAP_NOT_FOUND'));
    // Anonymous callers are asked to log in, as on any map they cannot see.
    expect(await statuses(undefined)).toEqual(everyWrite(401, 'UNAUTHORIZED'));
    await expectStatus(200, call(app, 'GET', base, { as: member }));
  });
});
