import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Folder } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { signUp, testApp } from './harness.js';
import { addMember, call, createFolder, createMap, expectStatus, getMap, polygonArea, postAreas } from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

type FolderResult = { folder: Folder; version: number };
const labels = async (user: Parameters<typeof getMap>[1], mapId: number) => (await getMap(app, user, mapId)).folders.map((f) => f.label);

describe('PUT /v2/maps/{id}/folders/{folderId}', () => {
  it('creates the folder at the end (201), then updates it (200); each write bumps the version', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const first = randomUUID();
    const created = await call(app, 'PUT', `/v2/maps/${map.id}/folders/${first}`, { as: user, payload: { label: 'Shops' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ folder: { uuid: first, label: 'Shops', closed: false, active: false, areas: [] }, version: 2 });
    const second = randomUUID();
    const next = await expectStatus<FolderResult>(201, call(app, 'PUT', `/v2/maps/${map.accessId}/folders/${second}`, {
      as: user, payload: { label: 'Rivals', closed: true, active: true, version: 2 },
    }));
    expect(next).toEqual({ folder: { uuid: second, label: 'Rivals', closed: true, active: true, areas: [] }, version: 3 });
    const updated = await call(app, 'PUT', `/v2/maps/${map.id}/folders/${first}`, { as: user, payload: { label: 'Stores', active: true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ folder: { uuid: first, label: 'Stores', active: true }, version: 4 });
    const doc = await getMap(app, user, map.id);
    expect(doc.folders.map((f) => [f.uuid, f.label, f.active])).toEqual([[first, 'Stores', true], [second, 'Rivals', false]]);
    expect(doc.version).toBe(4);
  });

  it('refuses a folder uuid that another map uses, with 409 CONFLICT', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const theirs = await createMap(app, other);
    const uuid = await createFolder(app, other, theirs.id, 'Theirs');
    const mine = await createMap(app, user);
    const response = await call(app, 'PUT', `/v2/maps/${mine.id}/folders/${uuid}`, { as: user, payload: { label: 'Mine' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'CONFLICT', message: 'An item with this identifier already exists' });
    expect(await getMap(app, user, mine.id)).toMatchObject({ version: 1, folders: [] });
    expect(await labels(other, theirs.id)).toEqual(['Theirs']);
  });

  it('checks session, rights, uuid and version', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const member = await signUp(app);
    const open = await createMap(app, owner, { public: true });
    const closed = await createMap(app, owner);
    await addMember(ctx, closed.id, member);
    const put = (mapId: number, as?: typeof owner, payload: object = { label: 'L' }, folder = randomUUID()) =>
      call(app, 'PUT', `/v2/maps/${mapId}/folders/${folder}`, { as, payload });
    expect((await put(open.id)).statusCode).toBe(403);
    expect((await put(closed.id)).statusCode).toBe(401);
    const forbidden = await put(open.id, stranger);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: "You don't have the rights needed to modify this map" });
    const forbiddenFr = await call(app, 'PUT', `/v2/maps/${open.id}/folders/${randomUUID()}`, { as: stranger, lang: 'fr', payload: { label: 'L' } });
    expect(forbiddenFr.json().error.message).toBe("Vous n'avez pas les droits nécessaires pour modifier cette carte");
    expect((await put(closed.id, stranger)).statusCode).toBe(404);
    expect((await put(closed.id, member)).statusCode).toBe(201);
    expect((await call(app, 'PUT', `/v2/maps/${closed.id}/folders/not-a-uuid`, { as: owner, payload: { label: 'L' } })).statusCode).toBe(400);
    const stale = await put(closed.id, owner, { label: 'L', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'MAP_VERSION_CONFLICT', details: { currentVersion: 2 } });
    expect(await getMap(app, owner, closed.id)).toMatchObject({ version: 2 });
    expect(await getMap(app, owner, open.id)).toMatchObject({ version: 1, folders: [] });
  });
});

describe('PATCH /v2/maps/{id}/folders/{folderId}', () => {
  it('changes label and state; one active folder per map', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const a = await createFolder(app, user, map.id, 'A', { active: true });
    const b = await createFolder(app, user, map.id, 'B');
    const c = await createFolder(app, user, map.id, 'C');
    const active = async () => (await getMap(app, user, map.id)).folders.filter((f) => f.active).map((f) => f.uuid);
    expect(await active()).toEqual([a]);
    const patched = await expectStatus<FolderResult>(200, call(app, 'PATCH', `/v2/maps/${map.id}/folders/${b}`, {
      as: user, payload: { active: true, closed: true, label: 'Bee' },
    }));
    expect(patched).toEqual({ folder: { uuid: b, label: 'Bee', closed: true, active: true, areas: [] }, version: 5 });
    expect(await active()).toEqual([b]);
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}/folders/${c}`, { as: user, payload: { active: true } }));
    expect(await active()).toEqual([c]);
    // Deactivating leaves no active folder; it does not activate another one.
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}/folders/${c}`, { as: user, payload: { active: false } }));
    expect(await active()).toEqual([]);
    expect(await labels(user, map.id)).toEqual(['A', 'Bee', 'C']);
  });

  it('answers FOLDER_NOT_FOUND for a folder of another map', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const elsewhere = await createMap(app, user);
    const folder = await createFolder(app, user, elsewhere.id, 'Elsewhere');
    const response = await call(app, 'PATCH', `/v2/maps/${map.id}/folders/${folder}`, { as: user, payload: { label: 'Moved?' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'FOLDER_NOT_FOUND', message: 'Layer not found' });
    expect(await getMap(app, user, map.id)).toMatchObject({ version: 1 });
    expect(await labels(user, elsewhere.id)).toEqual(['Elsewhere']);
  });
});

describe('PUT /v2/maps/{id}/folders/{folderId}/order', () => {
  it('moves a folder before or after another one', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const ids: Record<string, string> = {};
    for (const label of ['A', 'B', 'C', 'D']) ids[label] = await createFolder(app, user, map.id, label);
    const move = (label: string, reference: string, before: boolean) => expectStatus<{ version: number }>(200, call(app, 'PUT',
      `/v2/maps/${map.id}/folders/${ids[label]}/order`, { as: user, payload: { referenceFolderUuid: ids[reference], before } }));
    expect(await move('D', 'A', true)).toEqual({ version: 6 });
    expect(await labels(user, map.id)).toEqual(['D', 'A', 'B', 'C']);
    await move('D', 'B', false);
    expect(await labels(user, map.id)).toEqual(['A', 'B', 'D', 'C']);
    await move('A', 'C', false);
    expect(await labels(user, map.id)).toEqual(['B', 'D', 'C', 'A']);
    // Many moves into the same gap keep a strict order (positions are renumbered when the gap runs out).
    for (let i = 0; i < 60; i++) await move(i % 2 === 0 ? 'A' : 'C', 'D', false);
    expect(await labels(user, map.id)).toEqual(['B', 'D', 'C', 'A']);
    const missing = await call(app, 'PUT', `/v2/maps/${map.id}/folders/${ids.A}/order`, { as: user, payload: { referenceFolderUuid: randomUUID(), before: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('FOLDER_NOT_FOUND');
  });
});

describe('DELETE /v2/maps/{id}/folders/{folderId}', () => {
  it('deletes the folder with its areas', async () => {
    const user = await signUp(app);
    const map = await createMap(app, user);
    const keep = await createFolder(app, user, map.id, 'Keep');
    const drop = await createFolder(app, user, map.id, 'Drop');
    const kept = polygonArea();
    const dropped = [polygonArea(), polygonArea()];
    await expectStatus(201, postAreas(app, user, map.id, keep, [kept]));
    await expectStatus(201, postAreas(app, user, map.id, drop, dropped));
    expect(await expectStatus(200, call(app, 'DELETE', `/v2/maps/${map.id}/folders/${drop}`, { as: user }))).toEqual({ version: 6 });
    const doc = await getMap(app, user, map.id);
    expect(doc).toMatchObject({ areaCount: 1, version: 6 });
    expect(doc.folders.map((f) => [f.label, f.areas.map((a) => a.uuid)])).toEqual([['Keep', [kept.uuid]]]);
    const rows = await ctx.database.db.selectFrom('areas').select('uuid').where('uuid', 'in', dropped.map((a) => a.uuid)).execute();
    expect(rows).toEqual([]);
    expect((await call(app, 'DELETE', `/v2/maps/${map.id}/folders/${drop}`, { as: user })).json().error.code).toBe('FOLDER_NOT_FOUND');
  });
});
