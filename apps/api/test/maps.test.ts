import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MapDocument, MapSummary } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { canonicalGeometry } from '../src/maps/geometry-hash.js';
import { signUp, testApp, type TestUser } from './harness.js';
import {
  addMember, call, circleArea, createFolder, createMap, expectStatus, getMap, mapWithAreas, polygonArea, postAreas, setProduct, square,
} from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

interface MapPage { items: MapSummary[]; total: number; page: number; limit: number }
const listMaps = (user: TestUser, query = '') => expectStatus<MapPage>(200, call(app, 'GET', `/v2/maps${query}`, { as: user }));

describe('POST /v2/maps', () => {
  it('creates an empty private map owned by the caller, titled in the request language', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    expect(map).toMatchObject({
      title: 'My map', public: false, version: 1, ownerId: user.id, areaCount: 0, selectedUuid: null, canEdit: true, folders: [],
    });
    expect(typeof map.id).toBe('number');
    expect(map.accessId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Date(map.createdAt).toISOString()).toBe(map.createdAt);
    expect(map.updatedAt).toBe(map.createdAt);
    const fr = await expectStatus<MapDocument>(201, call(app, 'POST', '/v2/maps', { as: user, lang: 'fr', payload: {} }));
    expect(fr.title).toBe('Ma carte');
    expect(fr.accessId).not.toBe(map.accessId);
    const named = await createMap(app, user, { title: 'Shops', public: true });
    expect(named).toMatchObject({ title: 'Shops', public: true });
  });

  it('needs a session and a valid title', async () => {
    const anonymous = await call(app, 'POST', '/v2/maps', { payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const user = await signUp(app);
    const blank = await call(app, 'POST', '/v2/maps', { as: user, payload: { title: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details[0].path).toBe('body.title');
  });
});

describe('GET /v2/maps', () => {
  it('lists own and shared maps only, sorted both ways, searched by title, paged', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const alpha = await createMap(app, user, { title: 'Alpha stores' });
    const beta = await createMap(app, user, { title: 'Beta' });
    const gamma = await createMap(app, user, { title: 'Gamma STORES 100%' });
    const shared = await createMap(app, other, { title: 'Shared stores' });
    await createMap(app, other, { title: 'Not mine' });
    await addMember(ctx, shared.id, user);
    // Touch alpha last so that it is the most recently modified.
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${alpha.id}`, { as: user, payload: { title: 'Alpha stores!' } }));

    const byUpdate = await listMaps(user);
    expect(byUpdate).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(byUpdate.items.map((m) => m.id)).toEqual([alpha.id, shared.id, gamma.id, beta.id]);
    expect((await listMaps(user, '?sortBy=updatedAt')).items.map((m) => m.id)).toEqual([beta.id, gamma.id, shared.id, alpha.id]);
    expect((await listMaps(user, '?sortBy=createdAt')).items.map((m) => m.id)).toEqual([alpha.id, beta.id, gamma.id, shared.id]);
    expect((await listMaps(user, '?sortBy=-createdAt')).items.map((m) => m.id)).toEqual([shared.id, gamma.id, beta.id, alpha.id]);

    const stores = await listMaps(user, '?search=stores&sortBy=createdAt');
    expect(stores.items.map((m) => m.title)).toEqual(['Alpha stores!', 'Gamma STORES 100%', 'Shared stores']);
    expect(stores.total).toBe(3);
    // LIKE wildcards are plain characters in a search.
    expect((await listMaps(user, `?search=${encodeURIComponent('0%')}`)).items.map((m) => m.id)).toEqual([gamma.id]);
    expect((await listMaps(user, `?search=${encodeURIComponent('_')}`)).total).toBe(0);

    const page2 = await listMaps(user, '?sortBy=createdAt&limit=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(page2.items.map((m) => m.id)).toEqual([shared.id]);
    expect(page2.items[0]).toMatchObject({ ownerId: other.id, areaCount: 0, accessId: shared.accessId });
  });

  it('counts areas, refuses unknown sorts and needs a session', async () => {
    const user = await signUp(app);
    const { map } = await mapWithAreas(app, user, 3);
    expect((await listMaps(user)).items[0]).toMatchObject({ id: map.id, areaCount: 3 });
    const bad = await call(app, 'GET', '/v2/maps?sortBy=title', { as: user });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown sort order');
    expect((await call(app, 'GET', '/v2/maps')).statusCode).toBe(401);
  });
});

describe('GET /v2/maps/{id}', () => {
  it('reads a map by id or accessId, folders and areas in order, and remembers it as the owner\'s last map', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user, { title: 'Ordered' });
    const first = await createFolder(app, user, map.id, 'First');
    const second = await createFolder(app, user, map.id, 'Second');
    const a = polygonArea({ label: 'A', startAddress: 'Paris' });
    const b = circleArea({ label: 'B' });
    await expectStatus(201, postAreas(app, user, map.id, second, [a, b]));
    const byId = await getMap(app, user, map.id);
    const byAccessId = await getMap(app, user, map.accessId);
    expect(byAccessId).toEqual(byId);
    expect(byId).toMatchObject({ id: map.id, title: 'Ordered', version: 4, areaCount: 2, canEdit: true });
    expect(byId.folders.map((f) => [f.uuid, f.label, f.areas.map((x) => x.label)])).toEqual([[first, 'First', []], [second, 'Second', ['A', 'B']]]);
    expect(byId.folders[1]!.areas[0]).toMatchObject({ uuid: a.uuid, isoMode: 'polygon', startAddress: 'Paris', startPoint: null, geometry: canonicalGeometry(a.geometry) });
    expect(byId.folders[1]!.areas[1]).toMatchObject({ uuid: b.uuid, isoMode: 'isodistance', transportMode: 'circle', startPoint: [2.35, 48.85], distance: 5000 });
    const me = await expectStatus<{ lastAccessedMapId: number | null }>(200, call(app, 'GET', '/auth/me', { as: user }));
    expect(me.lastAccessedMapId).toBe(map.id);
  });

  it('shows public maps to anyone read-only and hides private ones from everybody but owner and members', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const open = await createMap(app, owner, { public: true, title: 'Open' });
    const closed = await createMap(app, owner, { title: 'Closed' });
    await addMember(ctx, closed.id, member);

    expect(await getMap(app, undefined, open.accessId)).toMatchObject({ title: 'Open', canEdit: false });
    expect(await getMap(app, stranger, open.id)).toMatchObject({ canEdit: false });
    // Readers who are neither owner nor member do not learn the owner's user id; owner and members do.
    for (const reader of [undefined, stranger]) expect(await getMap(app, reader, open.accessId)).not.toHaveProperty('ownerId');
    expect((await getMap(app, owner, open.id)).ownerId).toBe(owner.id);
    for (const reader of [undefined, stranger]) {
      for (const ref of [closed.id, closed.accessId]) {
        const hidden = await call(app, 'GET', `/v2/maps/${ref}`, { as: reader });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json().error).toEqual({ code: 'MAP_NOT_FOUND', message: 'Map not found' });
      }
    }
    expect(await getMap(app, member, closed.accessId)).toMatchObject({ title: 'Closed', canEdit: true, ownerId: owner.id });
    // A member reading the map does not make it their last accessed map; a stranger's read changes nothing either.
    const me = await expectStatus<{ lastAccessedMapId: number | null }>(200, call(app, 'GET', '/auth/me', { as: member }));
    expect(me.lastAccessedMapId).toBeNull();
  });

  it('answers 404 to ids that match no map', async () => {
    const user = await signUp(app);
    for (const ref of ['2147483647', '99999999999999', 'noSuchMap123']) {
      const response = await call(app, 'GET', `/v2/maps/${ref}`, { as: user });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('MAP_NOT_FOUND');
    }
    expect((await call(app, 'GET', '/v2/maps/not%20valid', { as: user })).statusCode).toBe(400);
  });
});

describe('PATCH /v2/maps/{id}', () => {
  it('changes title, public flag and selection, answers the summary with the next version', async () => {
    const user = await signUp(app);
    const { map } = await mapWithAreas(app, user, 1);
    const selected = map.folders[0]!.areas[0]!.uuid;
    const summary = await expectStatus<MapSummary>(200, call(app, 'PATCH', `/v2/maps/${map.id}`, {
      as: user, payload: { title: 'Renamed', public: true, selectedUuid: selected, version: 3 },
    }));
    expect(summary).toMatchObject({ id: map.id, title: 'Renamed', public: true, version: 4, areaCount: 1 });
    expect(summary).not.toHaveProperty('folders');
    expect(summary.updatedAt > map.updatedAt).toBe(true);
    expect(await getMap(app, user, map.id)).toMatchObject({ title: 'Renamed', public: true, selectedUuid: selected, version: 4 });
    const cleared = await expectStatus<MapSummary>(200, call(app, 'PATCH', `/v2/maps/${map.accessId}`, { as: user, payload: { selectedUuid: null } }));
    expect(cleared.version).toBe(5);
    expect((await getMap(app, user, map.id)).selectedUuid).toBeNull();
  });

  it("selects only an area of this very map: another map's area or an unknown uuid gets 400, translated, and changes nothing", async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const { map } = await mapWithAreas(app, user, 1);
    const own = map.folders[0]!.areas[0]!.uuid;
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { selectedUuid: own } }));
    const before = await getMap(app, user, map.id);
    const { map: othersMap } = await mapWithAreas(app, other, 1, { public: true });
    const { map: ownOtherMap } = await mapWithAreas(app, user, 1);
    const strangers = [othersMap.folders[0]!.areas[0]!.uuid, ownOtherMap.folders[0]!.areas[0]!.uuid, randomUUID()];
    for (const selectedUuid of strangers) {
      const refused = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { title: 'Not saved', selectedUuid } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'VALIDATION_ERROR', message: 'The selected area is not an area of this map',
        details: [{ path: 'body.selectedUuid', message: 'The selected area is not an area of this map' }],
      });
    }
    const fr = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, lang: 'fr', payload: { selectedUuid: strangers[0] } });
    expect(fr.json().error.message).toBe("La zone sélectionnée n'est pas une zone de cette carte");
    // Neither the title sent alongside, nor the selection, nor the version moved.
    expect(await getMap(app, user, map.id)).toEqual(before);
  });

  it('forgets the selection when its area is deleted, alone or with its folder', async () => {
    const user = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, user, 2);
    const [first, second] = map.folders[0]!.areas.map((area) => area.uuid);
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { selectedUuid: first } }));
    await expectStatus(200, call(app, 'DELETE', `/v2/maps/${map.id}/folders/${folderId}/areas/${first}`, { as: user }));
    expect((await getMap(app, user, map.id)).selectedUuid).toBeNull();
    // An area created again under the deleted uuid, in another map, does not become this map's selection either.
    const { map: elsewhere, folderId: elsewhereFolder } = await mapWithAreas(app, user, 0);
    await expectStatus(201, postAreas(app, user, elsewhere.id, elsewhereFolder, [polygonArea({ uuid: first })]));
    expect((await getMap(app, user, map.id)).selectedUuid).toBeNull();
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { selectedUuid: second } }));
    await expectStatus(200, call(app, 'DELETE', `/v2/maps/${map.id}/folders/${folderId}`, { as: user }));
    expect((await getMap(app, user, map.id)).selectedUuid).toBeNull();
  });

  it('refuses a stale version (body or If-Match) with 409 and the current version, changing nothing', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user, { title: 'Original' });
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { title: 'Second', version: 1 } }));
    const stale = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { title: 'Lost', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: 'MAP_VERSION_CONFLICT', message: 'This map was changed elsewhere since the version your change is based on: it was not saved. Read the map again and make the change on top of it.', details: { currentVersion: 2 } });
    // Said as it is, in the caller's language: nothing was saved, nothing is reloaded for them.
    const staleFr = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, headers: { 'accept-language': 'fr' }, payload: { title: 'Lost', version: 1 } });
    expect(staleFr.json().error.message).toBe("Cette carte a été modifiée ailleurs depuis la version sur laquelle porte votre modification : elle n'a pas été enregistrée. Relisez la carte et refaites la modification par-dessus.");
    const staleHeader = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, headers: { 'if-match': '"1"' }, payload: { title: 'Lost' } });
    expect(staleHeader.statusCode).toBe(409);
    expect(staleHeader.json().error.details).toEqual({ currentVersion: 2 });
    expect(await getMap(app, user, map.id)).toMatchObject({ title: 'Second', version: 2 });
    const fresh = await call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, headers: { 'if-match': '2' }, payload: { title: 'Third' } });
    expect(fresh.json()).toMatchObject({ title: 'Third', version: 3 });
  });

  it('serialises concurrent writes: of several based on the same version, one wins and the others get 409', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const responses = await Promise.all(['A', 'B', 'C'].map((title) =>
      call(app, 'PATCH', `/v2/maps/${map.id}`, { as: user, payload: { title, version: 1 } })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    expect(await getMap(app, user, map.id)).toMatchObject({ title: winner.title, version: 2 });
  });

  it('lets members edit but only the owner publish; others get 403 on public maps (anonymous callers too), 404 on private ones (401 anonymous)', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const closed = await createMap(app, owner);
    const open = await createMap(app, owner, { public: true });
    await addMember(ctx, closed.id, member);

    expect((await call(app, 'PATCH', `/v2/maps/${closed.id}`, { as: member, payload: { title: 'By member' } })).statusCode).toBe(200);
    const publish = await call(app, 'PATCH', `/v2/maps/${closed.id}`, { as: member, payload: { public: true } });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.code).toBe('FORBIDDEN');
    expect((await call(app, 'PATCH', `/v2/maps/${open.id}`, { as: stranger, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'PATCH', `/v2/maps/${closed.id}`, { as: stranger, payload: { title: 'x' } })).json().error.code).toBe('MAP_NOT_FOUND');
    expect((await call(app, 'PATCH', `/v2/maps/${open.id}`, { payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'PATCH', `/v2/maps/${closed.id}`, { payload: { title: 'x' } })).statusCode).toBe(401);
    expect(await getMap(app, owner, closed.id)).toMatchObject({ title: 'By member', public: false, version: 2 });
    expect(await getMap(app, owner, open.id)).toMatchObject({ version: 1 });
  });
});

describe('DELETE /v2/maps/{id}', () => {
  it('lets only the owner delete, with folders and areas, and forgets it as last accessed map', async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const { map, folderId } = await mapWithAreas(app, owner, 2);
    await addMember(ctx, map.id, member);
    expect((await call(app, 'DELETE', `/v2/maps/${map.id}`, { as: member })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/v2/maps/${map.id}`)).statusCode).toBe(401);
    expect((await call(app, 'DELETE', `/v2/maps/${map.id}`, { as: owner, headers: { 'if-match': '1' } })).statusCode).toBe(409);
    const deleted = await call(app, 'DELETE', `/v2/maps/${map.accessId}`, { as: owner });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call(app, 'GET', `/v2/maps/${map.id}`, { as: owner })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/v2/maps/${map.id}`, { as: owner })).statusCode).toBe(404);
    const rows = await ctx.database.db.selectFrom('areas').select('uuid').where('folder_uuid', '=', folderId).execute();
    expect(rows).toEqual([]);
    const me = await expectStatus<{ lastAccessedMapId: number | null }>(200, call(app, 'GET', '/auth/me', { as: owner }));
    expect(me.lastAccessedMapId).toBeNull();
  });
});

describe('POST /v2/maps/{id}/clone', () => {
  it('copies a readable map for the caller: new ids, same folders, areas, geometries and order', async () => {
    const owner = await signUp(app);
    const reader = await signUp(app);
    const map = await createMap(app, owner, { public: true, title: 'Source' });
    const f1 = await createFolder(app, owner, map.id, 'One', { active: true, closed: true });
    const f2 = await createFolder(app, owner, map.id, 'Two');
    await expectStatus(201, postAreas(app, owner, map.id, f1, [polygonArea({ label: 'p1', color: '#123456', hide: true }), circleArea({ label: 'c1' })]));
    await expectStatus(201, postAreas(app, owner, map.id, f2, [polygonArea({ label: 'p2', geometry: square(3, 45) })]));
    const source = await getMap(app, owner, map.id);

    const copy = await expectStatus<MapDocument>(201, call(app, 'POST', `/v2/maps/${map.accessId}/clone`, { as: reader }));
    expect(copy).toMatchObject({ title: 'Source (copy)', ownerId: reader.id, public: false, version: 1, canEdit: true, areaCount: 3, selectedUuid: null });
    expect(copy.id).not.toBe(map.id);
    expect(copy.accessId).not.toBe(map.accessId);
    const shape = (doc: MapDocument) => doc.folders.map((f) => ({
      label: f.label, closed: f.closed, active: f.active,
      areas: f.areas.map(({ uuid: _u, createdAt: _c, updatedAt: _m, ...area }) => area),
    }));
    expect(shape(copy)).toEqual(shape(source));
    const sourceIds = new Set(source.folders.flatMap((f) => [f.uuid, ...f.areas.map((a) => a.uuid)]));
    expect(copy.folders.flatMap((f) => [f.uuid, ...f.areas.map((a) => a.uuid)]).some((id) => sourceIds.has(id))).toBe(false);
    expect(await getMap(app, reader, copy.id)).toEqual(copy);
    // The source is untouched.
    expect(await getMap(app, owner, map.id)).toEqual(source);

    const fr = await expectStatus<MapDocument>(201, call(app, 'POST', `/v2/maps/${map.id}/clone`, { as: reader, lang: 'fr' }));
    expect(fr.title).toBe('Source (copie)');
  });

  it('needs read access and a session, and applies the free plan to the copy', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const closed = await createMap(app, owner);
    expect((await call(app, 'POST', `/v2/maps/${closed.id}/clone`, { as: stranger })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/v2/maps/${closed.id}/clone`)).statusCode).toBe(401);

    const paid = await signUp(app);
    await setProduct(ctx, paid, 'pro_2020');
    const { map: big } = await mapWithAreas(app, paid, 11, { public: true });
    const refused = await call(app, 'POST', `/v2/maps/${big.id}/clone`, { as: stranger });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('AREA_LIMIT_REACHED');
    expect((await listMaps(stranger)).total).toBe(0);
    expect((await expectStatus<MapDocument>(201, call(app, 'POST', `/v2/maps/${big.id}/clone`, { as: paid }))).areaCount).toBe(11);
  });
});

describe('GET /v2/maps/{id}/accessid', () => {
  it('gives id and accessId to those who can read the map', async () => {
    const owner = await signUp(app);
    const closed = await createMap(app, owner);
    const open = await createMap(app, owner, { public: true });
    expect(await expectStatus(200, call(app, 'GET', `/v2/maps/${closed.id}/accessid`, { as: owner }))).toEqual({ id: closed.id, accessId: closed.accessId });
    expect(await expectStatus(200, call(app, 'GET', `/v2/maps/${open.accessId}/accessid`))).toEqual({ id: open.id, accessId: open.accessId });
    expect((await call(app, 'GET', `/v2/maps/${closed.id}/accessid`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every maps, folders and areas route', async () => {
    const doc = (await call(app, 'GET', '/docs/json')).json();
    const expected: [string, string[]][] = [
      ['/v2/maps', ['get', 'post']],
      ['/v2/maps/{id}', ['get', 'patch', 'delete']],
      ['/v2/maps/{id}/clone', ['post']],
      ['/v2/maps/{id}/accessid', ['get']],
      ['/v2/maps/{id}/folders/{folderId}', ['put', 'patch', 'delete']],
      ['/v2/maps/{id}/folders/{folderId}/order', ['put']],
      ['/v2/maps/{id}/folders/{folderId}/areas/bulk', ['post', 'patch', 'delete']],
      ['/v2/maps/{id}/folders/{folderId}/areas/{areaId}', ['patch', 'delete']],
      ['/v2/maps/{id}/folders/{folderId}/areas/{areaId}/order', ['put']],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeTruthy();
        expect(operation.summary).toBeTruthy();
        expect(operation.tags.length).toBe(1);
      }
    }
    expect(doc.paths['/v2/maps/{id}/folders/{folderId}/areas/bulk'].post.requestBody).toBeTruthy();
  });
});
