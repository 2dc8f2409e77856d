/**
 * Automatic map generation (SPEC §7 POST /v2/maps/generate, §8 generation errors) on a real job
 * queue and Monaco's roads: one area per place or per dataset row, in the rows' order, with the
 * shared recipe and the colour rule; rows the engine or the geocoder cannot place reported and the
 * others made; the plan's gate; limits refused with nothing created; a job taken up again after a
 * crash making no area twice; a lost job ending the generation as timed out.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_COLOR_PALETTE, circlePolygon, UNCATEGORISED_COLOR, type ClientDatasetView, type MapDocument, type MapGenerationView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { MAP_GENERATION_QUEUE } from '../src/generation/map-generation.job.js';
import { canonicalGeometry } from '../src/maps/geometry-hash.js';
import { serverWithRouting, signUp, signUpOnPlan, testApp, testRoutingEngine, type TestUser } from './harness.js';
import { call, createFolder, createMap, expectError, expectStatus, getMap, postAreas } from './maps-factories.js';
import { startTestQueue } from './queue-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
/** Streets of Monaco, on its road network (FONTVIEILLE: La Condamine, by the market). */
const CASINO: [number, number] = [7.4275, 43.7394];
const FONTVIEILLE: [number, number] = [7.4195, 43.7365];
const PORT_HERCULE: [number, number] = [7.4233, 43.7352];
/** Out at sea, a few kilometres off the coast: no road to start from. */
const OPEN_SEA: [number, number] = [7.45, 43.68];

let ctx: AppContext;
let app: FastifyInstance;
let roads: Awaited<ReturnType<typeof testRoutingEngine>>;
let queue: JobQueue;
beforeAll(async () => {
  ({ ctx } = await testApp());
  roads = await testRoutingEngine([path.join(TEST_DATA, 'osm/monaco.osm.pbf')]);
  queue = await startTestQueue(ctx);
  ({ app } = await serverWithRouting(roads.engine, { jobs: queue }));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await roads?.close();
});

const generate = (user: TestUser | undefined, body: Record<string, unknown>, lang?: string) =>
  call(app, 'POST', '/v2/maps/generate', { as: user, payload: body, ...(lang ? { headers: { 'accept-language': lang } } : {}) });

const walk10 = { isoMode: 'isochrone', transportMode: 'walk', value: 600 };

/** The generation once it has ended (the page polls the same way). */
async function finished(user: TestUser, id: string, lang?: string): Promise<MapGenerationView> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const view = await expectStatus<MapGenerationView>(200, call(app, 'GET', `/v2/maps/generate/${id}`, { as: user, ...(lang ? { headers: { 'accept-language': lang } } : {}) }));
    if (view.status === 'done' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the generation did not end');
}

const mapCount = async (user: TestUser) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM maps WHERE owner_id = ${user.id}`.execute(ctx.database.db)).rows[0]!.n);

/** Whether two stored areas have the same geometry (PostGIS). */
async function sameGeometry(a: string, b: string): Promise<boolean> {
  const { rows } = await sql<{ same: boolean }>`SELECT ST_Equals(x.geometry, y.geometry) AS same FROM areas x, areas y WHERE x.uuid = ${a} AND y.uuid = ${b}`.execute(ctx.database.db);
  return rows[0]!.same;
}

/** Whether the stored geometry of the area contains the point (PostGIS). */
async function areaContains(uuid: string, point: [number, number]): Promise<boolean> {
  const { rows } = await sql<{ inside: boolean }>`SELECT ST_Contains(geometry, ST_SetSRID(ST_MakePoint(${point[0]}, ${point[1]}), 4326)) AS inside FROM areas WHERE uuid = ${uuid}`.execute(ctx.database.db);
  return rows[0]!.inside;
}

describe('generating a map from a list of places', () => {
  it('makes one walking isochrone per place, in order, coloured by category; the place at sea is reported and the rest made', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const response = await generate(user, {
      title: 'Our Monaco shops',
      source: {
        type: 'places', places: [
          { label: 'Casino', position: CASINO, category: 'Flagship' },
          { label: 'Fontvieille', position: FONTVIEILLE, category: 'Outlet' },
          { label: 'Boat', position: OPEN_SEA, category: 'Flagship' },
          { label: 'Port', position: PORT_HERCULE, category: ' flagship ' },
          { position: CASINO },
        ],
      },
      ...walk10,
      colors: { rule: 'category' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const started = response.json<MapGenerationView>();
    expect(response.headers.location).toBe(`/api/v2/maps/generate/${started.id}`);
    expect(started).toMatchObject({ total: 5, map: { title: 'Our Monaco shops' } });

    const view = await finished(user, started.id);
    expect(view).toMatchObject({ status: 'done', progress: 1, total: 5, created: 4 });
    expect(view.failures).toHaveLength(1);
    expect(view.failures[0]).toMatchObject({ row: 3, label: 'Boat' });
    expect(view.failures[0]!.message.length).toBeGreaterThan(10);

    const map = await getMap(app, user, view.map!.id);
    expect(map.title).toBe('Our Monaco shops');
    expect(map.folders).toHaveLength(1);
    const areas = map.folders[0]!.areas;
    expect(areas.map((area) => area.label)).toEqual(['Casino', 'Fontvieille', 'Port', 'Area 5']);
    // Flagship (any case and spaces) shares the first colour, Outlet the second, no category grey.
    expect(areas.map((area) => area.color)).toEqual([AREA_COLOR_PALETTE[0], AREA_COLOR_PALETTE[1], AREA_COLOR_PALETTE[0], UNCATEGORISED_COLOR]);
    for (const area of areas) expect(area).toMatchObject({ isoMode: 'isochrone', transportMode: 'walk', duration: 600 });
    expect(areas[0]!.startPoint).toEqual(CASINO);
    expect(await areaContains(areas[0]!.uuid, CASINO)).toBe(true);
    expect(await areaContains(areas[1]!.uuid, FONTVIEILLE)).toBe(true);
    // The same area as a user makes by hand with that recipe in a map of theirs.
    const own = await createMap(app, user);
    const folder = await createFolder(app, user, own.id);
    const [byHand] = (await expectStatus<{ areas: { uuid: string }[] }>(201, postAreas(app, user, own.id, folder, [
      { uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'walk', duration: 600, startPoint: FONTVIEILLE },
    ]))).areas;
    expect(await sameGeometry(areas[1]!.uuid, byHand!.uuid)).toBe(true);
  });

  it('places rows given by address with the geocoder, and says which address it could not find (in French)', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const response = await generate(user, {
      source: { type: 'places', places: [{ label: 'Nice', address: 'Nice' }, { label: 'Nowhere', address: 'Qwzxv Yyqqz 99999' }, { label: 'Casino', position: CASINO }] },
      isoMode: 'isodistance', transportMode: 'circle', value: 2_000, colors: { rule: 'single', color: '#112233' },
    }, 'fr');
    expect(response.statusCode, response.body).toBe(202);
    const view = await finished(user, response.json<MapGenerationView>().id, 'fr');
    expect(view).toMatchObject({ status: 'done', created: 2, map: { title: 'Carte générée' } });
    expect(view.failures).toEqual([{ row: 2, label: 'Nowhere', message: 'Adresse introuvable' }]);
    const areas = (await getMap(app, user, view.map!.id)).folders[0]!.areas;
    expect(areas.map((area) => [area.label, area.color, area.isoMode, area.transportMode, area.distance])).toEqual([
      ['Nice', '#112233', 'isodistance', 'circle', 2_000], ['Casino', '#112233', 'isodistance', 'circle', 2_000],
    ]);
    expect(areas[0]!.startAddress).toBe('Nice');
    // Nice's centre, as the geocoder places it, is the circle's.
    expect(areas[0]!.startPoint![0]).toBeCloseTo(7.27, 1);
    expect(areas[0]!.startPoint![1]).toBeCloseTo(43.7, 1);
  });
});

describe('generating a map from a dataset', () => {
  it('makes one circle per row, named by the label column and coloured by another', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const dataset = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${user.id}/datasets`, {
      as: user, payload: {
        name: 'Stores', columns: ['Store', 'Format'], items: [
          { fields: { Store: 'Casino', Format: 'Big' }, position: CASINO },
          { fields: { Store: 'Fontvieille', Format: 'Small' }, position: FONTVIEILLE },
          { fields: { Store: 'Port', Format: 'Small' }, position: PORT_HERCULE },
        ],
      },
    }));
    const response = await generate(user, {
      source: { type: 'dataset', datasetId: dataset.id, labelColumn: 'Store', categoryColumn: 'Format' },
      isoMode: 'isodistance', transportMode: 'circle', value: 1_500, colors: { rule: 'category' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const view = await finished(user, response.json<MapGenerationView>().id);
    expect(view).toMatchObject({ status: 'done', total: 3, created: 3, failures: [] });
    const areas = (await getMap(app, user, view.map!.id)).folders[0]!.areas;
    expect(areas.map((area) => [area.label, area.color])).toEqual([
      ['Casino', AREA_COLOR_PALETTE[0]], ['Fontvieille', AREA_COLOR_PALETTE[1]], ['Port', AREA_COLOR_PALETTE[1]],
    ]);
    const { rows } = await sql<{ same: boolean }>`SELECT ST_Equals(geometry, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(canonicalGeometry(circlePolygon(PORT_HERCULE, 1_500)))}), 4326)) AS same FROM areas WHERE uuid = ${areas[2]!.uuid}`.execute(ctx.database.db);
    expect(rows[0]!.same).toBe(true);
  });

  it('refuses a dataset of someone else, an unknown column and a dataset still importing, creating no map', async () => {
    const owner = await signUpOnPlan(app, 'essential_2019');
    const other = await signUpOnPlan(app, 'essential_2019');
    const dataset = await expectStatus<ClientDatasetView>(201, call(app, 'POST', `/Clients/${owner.id}/datasets`, {
      as: owner, payload: { name: 'Stores', columns: ['Store'], items: [{ fields: { Store: 'Casino' }, position: CASINO }] },
    }));
    const circle = { isoMode: 'isodistance', transportMode: 'circle', value: 1_000 };
    expectError(await generate(other, { source: { type: 'dataset', datasetId: dataset.id }, ...circle }), 404, 'DATASET_NOT_FOUND');
    expectError(await generate(owner, { source: { type: 'dataset', datasetId: dataset.id, categoryColumn: 'Colour' }, ...circle }), 422, 'DATASET_COLUMN_UNKNOWN', /Colour/);
    await sql`UPDATE client_datasets SET status = 'importing' WHERE id = ${dataset.id}`.execute(ctx.database.db);
    expectError(await generate(owner, { source: { type: 'dataset', datasetId: dataset.id }, ...circle }), 409, 'GENERATION_DATASET_NOT_READY');
    expect(await mapCount(owner)).toBe(0);
    expect(await mapCount(other)).toBe(0);
  });
});

describe('who may generate, and the limits', () => {
  const onePlace = { source: { type: 'places', places: [{ position: CASINO }] }, ...walk10 };

  it('asks for a paid plan on the free plan, and a session without one, creating no map', async () => {
    const free = await signUp(app);
    const response = await generate(free, onePlace);
    expectError(response, 403, 'PLAN_REQUIRED');
    expect(response.json().error.details).toMatchObject({ feature: 'maps:generate', plan: 'essential_2019' });
    expect(await mapCount(free)).toBe(0);
    expectError(await generate(undefined, onePlace), 401, 'UNAUTHORIZED');
  });

  it('refuses more than 1,000 places, a circle by time, a value past the range and a place without position, creating no map', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const places = Array.from({ length: 1_001 }, () => ({ position: CASINO }));
    const tooMany = await generate(user, { ...onePlace, source: { type: 'places', places } });
    expectError(tooMany, 422, 'GENERATION_TOO_MANY_ROWS', /1000|1,000|1 000/);
    expect(tooMany.json().error.details).toEqual({ count: 1_001, max: 1_000 });
    expectError(await generate(user, { ...onePlace, transportMode: 'circle' }), 400, 'VALIDATION_ERROR');
    expectError(await generate(user, { ...onePlace, value: 3 * 3_600 + 1 }), 400, 'VALIDATION_ERROR');
    expectError(await generate(user, { ...onePlace, isoMode: 'isodistance', transportMode: 'car', value: 300_001 }), 400, 'VALIDATION_ERROR');
    expectError(await generate(user, { ...onePlace, source: { type: 'places', places: [{ label: 'Lost' }] } }), 400, 'VALIDATION_ERROR', /position or an address/);
    expectError(await generate(user, { ...onePlace, source: { type: 'places', places: [] } }), 400, 'VALIDATION_ERROR');
    expect(await mapCount(user)).toBe(0);
  });

  it("shows a generation to its author only", async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const view = await expectStatus<MapGenerationView>(202, generate(user, onePlace));
    const other = await signUpOnPlan(app, 'essential_2019');
    expectError(await call(app, 'GET', `/v2/maps/generate/${view.id}`, { as: other }), 404, 'GENERATION_NOT_FOUND');
    expectError(await call(app, 'GET', `/v2/maps/generate/${view.id}`), 401, 'UNAUTHORIZED');
    await finished(user, view.id);
  });
});

describe('a generation whose job stops', () => {
  it('taken up again after a crash, makes no area twice and counts what the first attempt made', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const started = await expectStatus<MapGenerationView>(202, generate(user, {
      source: { type: 'places', places: [{ position: CASINO }, { position: FONTVIEILLE }, { position: PORT_HERCULE }] }, ...walk10,
    }));
    const first = await finished(user, started.id);
    expect(first.created).toBe(3);
    // As a crash before its progress was recorded leaves it: running, nothing counted, its areas made.
    await sql`UPDATE map_generations SET status = 'running', processed = 0, created = 0 WHERE id = ${started.id}`.execute(ctx.database.db);
    await queue.send(MAP_GENERATION_QUEUE, { generationId: started.id });
    const again = await finished(user, started.id);
    expect(again).toMatchObject({ status: 'done', created: 3, failures: [] });
    const map: MapDocument = await getMap(app, user, started.map!.id);
    expect(map.folders[0]!.areas).toHaveLength(3);
  });

  it('whose job the queue no longer has, ends as timed out with the lost-request message', async () => {
    const user = await signUpOnPlan(app, 'essential_2019');
    const started = await expectStatus<MapGenerationView>(202, generate(user, { source: { type: 'places', places: [{ position: CASINO }] }, ...walk10 }));
    await finished(user, started.id);
    // As a job lost past its retries leaves it: still running, its job gone from the queue.
    await sql`UPDATE map_generations SET status = 'running', job_id = ${'00000000-0000-4000-8000-000000000000'} WHERE id = ${started.id}`.execute(ctx.database.db);
    const view = await expectStatus<MapGenerationView>(200, call(app, 'GET', `/v2/maps/generate/${started.id}`, { as: user }));
    expect(view.status).toBe('failed');
    expect(view.error).toEqual({ code: 'GENERATION_TIMEOUT', message: expect.stringMatching(/took too long/) });
    expect(view.map).not.toBeNull();
  });
});
