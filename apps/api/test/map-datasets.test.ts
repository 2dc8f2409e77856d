/**
 * A map's own datasets (SPEC §7 Map datasets) on the real London cycle hire stations
 * (test-data/customers): who may put a dataset on a map and who sees it (owner, member, reader of a
 * public map, stranger, visitor), the version of the list (409 on a stale write, nothing changed;
 * an add of what is there already changes nothing), one row, the tiles, the export, and figures in
 * two real London boroughs equal to PostGIS's ST_Intersects count, sum and average on the same
 * rows, kept until the dataset's version moves on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaGeometry, DatasetAggregation, MapDatasetItem, MapDatasetList, MapDatasetRemoved, MapDatasetUpdated, PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { DatasetsRepository } from '../src/datasets/datasets.repository.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import { canonicalGeometry } from '../src/maps/geometry-hash.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { addMember, call, createMap, expectStatus } from './maps-factories.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ({ ctx, app } = await testApp());
});

/** The 742 stations: id, name, area, nbikes, nempty, lon, lat. */
const STATIONS = readFileSync(path.join(TEST_DATA, 'customers/london-cycle-hire-stations.csv'), 'utf8').trim().split(/\r?\n/).map((line) => line.split(','));
const [COLUMNS, ...ROWS] = STATIONS as [string[], ...string[][]];

/** A dataset of the user's made as the import makes one: the stations placed by their lon and lat columns. */
async function londonStations(user: TestUser, options: { name?: string; operationColumn?: string | null } = {}): Promise<number> {
  const datasets = new DatasetsRepository(ctx.database.db);
  const dataset = await datasets.create({
    clientId: user.id, name: options.name ?? 'Cycle hire', color: '#e6194b', source: 'file', columns: COLUMNS,
    operationColumn: options.operationColumn === undefined ? 'nbikes' : options.operationColumn, rowCount: ROWS.length,
  });
  await datasets.insertRows(dataset.id, ROWS.map((cells, i) => ({ rowNumber: i + 1, cells, position: { lng: Number(cells[5]), lat: Number(cells[6]) }, precision: 'coordinates' })));
  await datasets.finish(dataset.id, { pointCount: ROWS.length, notGeocodedCount: 0, precisions: { coordinates: ROWS.length } });
  return dataset.id;
}

/** Kensington and Chelsea, and Camden, as the Local Authority Districts of test-data/uk have them, at 7 decimals (as areas are stored). */
function borough(name: string): PolygonGeometry {
  const topology = JSON.parse(readFileSync(path.join(TEST_DATA, 'uk/gb-local-authority-districts.topo.json'), 'utf8')) as Topology<{ lad: GeometryCollection<{ LAD13NM: string }> }>;
  const found = feature(topology, topology.objects.lad).features.find((district) => district.properties.LAD13NM === name);
  return canonicalGeometry(found!.geometry as PolygonGeometry) as PolygonGeometry;
}
const KENSINGTON = borough('Kensington and Chelsea');
const CAMDEN = borough('Camden');

interface PostgisFigures { count: number; sum: number; average: number | null }

/**
 * PostGIS's figures: ST_Intersects, the column's cells read as the import reads numbers (a point or
 * a comma, spaces between thousands; anything else no number) into numeric, summed (0 for none)
 * and averaged, cast to float8.
 */
async function postgisFigures(datasetId: number, column: string, polygon: AreaGeometry): Promise<PostgisFigures> {
  const { rows } = await sql<PostgisFigures>`
    WITH cell AS (
      SELECT regexp_replace(cells->>${COLUMNS.indexOf(column)}::int, '\\s', '', 'g') AS text FROM client_dataset_rows
      WHERE dataset_id = ${datasetId} AND ST_Intersects(position, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326))
    ), value AS (
      SELECT CASE WHEN text ~ '^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$' THEN replace(text, ',', '.')::numeric END AS v FROM cell
    )
    SELECT count(*)::int AS count, coalesce(sum(v), 0)::float8 AS sum, avg(v)::float8 AS average FROM value`.execute(ctx.database.db);
  return rows[0]!;
}

const aggregate = (user: TestUser | undefined, mapId: number | string, datasetId: number, body: Record<string, unknown>) =>
  call(app, 'POST', `/v2/maps/${mapId}/datasets/${datasetId}/aggregation`, { as: user, payload: { polygons: [KENSINGTON, CAMDEN], ...body } });

const addDatasets = (user: TestUser | undefined, mapId: number | string, ids: number[], version?: number) =>
  call(app, 'POST', `/v2/maps/${mapId}/datasets/bulk`, { as: user, payload: { datasets: ids.map((datasetId) => ({ datasetId })), ...(version ? { version } : {}) } });

const events: RoomEvent[] = [];
let unsubscribe: () => void = () => {};
beforeAll(() => { unsubscribe = ctx.events.subscribe((event) => events.push(event)); });
afterAll(() => unsubscribe());

describe("a map's datasets", () => {
  it('puts the owner\'s datasets on the map once (adding one there already changes nothing) and tells its viewers', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const [stations, copy] = [await londonStations(owner), await londonStations(owner, { name: 'Copy' })];
    const first = await expectStatus<MapDatasetList>(201, addDatasets(owner, map.id, [stations]));
    expect(first.version).toBe(2);
    expect(first.datasets).toHaveLength(1);
    expect(first.datasets[0]).toMatchObject({ datasetId: stations, hidden: false, operationColumn: null, addedBy: owner.id, dataset: { id: stations, name: 'Cycle hire', columns: COLUMNS, pointCount: 742, operationColumn: 'nbikes', status: 'ready' } });

    // Again, and with the other: only the other is added, after the first.
    const again = await expectStatus<MapDatasetList>(200, addDatasets(owner, map.id, [stations, stations]));
    expect(again).toEqual(first);
    const both = await expectStatus<MapDatasetList>(201, addDatasets(owner, map.id, [stations, copy], first.version));
    expect(both.version).toBe(3);
    expect(both.datasets.map((entry) => entry.datasetId)).toEqual([stations, copy]);
    expect(await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: owner }))).toEqual(both);

    // Committed writes only, each announced once with the datasets' version and the map's own.
    await new Promise((resolve) => setImmediate(resolve));
    const announced = events.filter((event) => (event.data as { mapId: number }).mapId === map.id);
    expect(announced).toEqual([
      { room: `map:${map.id}`, event: 'list-sync', data: { mapId: map.id, version: map.version, datasetsVersion: 2 } },
      { room: `map:${map.id}`, event: 'list-sync', data: { mapId: map.id, version: map.version, datasetsVersion: 3 } },
    ]);
  });

  it('lets a member put their own datasets on the map, never one of another user\'s, and shows them to whoever may read the map', async () => {
    const [owner, member, reader] = [await signUp(app), await signUp(app), await signUp(app)];
    const map = await createMap(app, owner);
    await addMember(ctx, map.id, member);
    const [ownersStations, membersStations] = [await londonStations(owner), await londonStations(member)];
    await expectStatus(201, addDatasets(member, map.id, [membersStations]));
    // The owner's dataset is not the member's to add, nor the member's the owner's: as if it did not exist.
    const refused = await expectStatus<{ error: { code: string; details: { datasetId: number } } }>(404, addDatasets(member, map.id, [ownersStations]));
    expect(refused.error).toEqual(expect.objectContaining({ code: 'DATASET_NOT_FOUND', details: { datasetId: ownersStations } }));
    await expectStatus(404, addDatasets(owner, map.id, [membersStations + 1_000_000]));
    const list = await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: owner }));
    expect(list.datasets.map((entry) => [entry.datasetId, entry.addedBy])).toEqual([[membersStations, member.id]]);

    // A private map: a stranger and a visitor get 404 everywhere, the stranger's writes too.
    const item = `/v2/maps/${map.id}/datasets/${membersStations}`;
    for (const who of [reader, undefined]) {
      await expectStatus(404, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: who }));
      await expectStatus(404, aggregate(who, map.id, membersStations, { aggregateMethod: 'count' }));
      await expectStatus(404, call(app, 'GET', `${item}/tiles/12/2046/1361.pbf`, { as: who }));
    }
    await expectStatus(404, addDatasets(reader, map.id, [await londonStations(reader)]));
    await expectStatus(401, addDatasets(undefined, map.id, [membersStations]));

    // Public: a reader and a visitor read everything (by accessId too), and write nothing.
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}`, { as: owner, payload: { public: true } }));
    for (const who of [reader, undefined]) {
      expect((await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.accessId}/datasets`, { as: who }))).datasets).toHaveLength(1);
      expect((await expectStatus<DatasetAggregation>(200, aggregate(who, map.accessId, membersStations, { aggregateMethod: 'count' }))).values).toHaveLength(2);
      expect((await call(app, 'GET', `${item}/tiles/12/2046/1361.pbf`, { as: who })).statusCode).toBe(200);
    }
    await expectStatus(403, call(app, 'PATCH', item, { as: reader, payload: { hidden: true } }));
    await expectStatus(403, call(app, 'DELETE', item, { as: reader }));
    await expectStatus(403, addDatasets(reader, map.id, [await londonStations(reader)]));
    await expectStatus(403, call(app, 'DELETE', item));

    // The owner hides it and takes it off; the dataset stays the member's.
    // Each write answers the datasets' new version, the one the list then reads (no GET needed to catch up).
    const before = (await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: owner }))).version;
    const hidden = await expectStatus<MapDatasetUpdated>(200, call(app, 'PATCH', item, { as: owner, payload: { hidden: true } }));
    expect(hidden).toMatchObject({ hidden: true, datasetId: membersStations, datasetsVersion: before + 1 });
    expect(await expectStatus<MapDatasetRemoved>(200, call(app, 'DELETE', item, { as: owner }))).toEqual({ datasetsVersion: before + 2 });
    await expectStatus(404, call(app, 'DELETE', item, { as: owner }));
    expect(await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: owner }))).toEqual({ version: before + 2, datasets: [] });
    expect(await new DatasetsRepository(ctx.database.db).find(member.id, membersStations)).toBeDefined();
  });

  it('refuses a write based on an older version of the datasets with 409, changing nothing, and orders them', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const ids = [await londonStations(owner, { name: 'A' }), await londonStations(owner, { name: 'B' }), await londonStations(owner, { name: 'C' })];
    const added = await expectStatus<MapDatasetList>(201, addDatasets(owner, map.id, ids));
    const linkOf = (datasetId: number) => added.datasets.find((entry) => entry.datasetId === datasetId)!.id;
    const stale = added.version - 1;
    const conflict = await expectStatus<{ error: { code: string; details: { currentVersion: number } } }>(409, call(app, 'PUT', `/v2/maps/${map.id}/datasets/${ids[2]}/order`, {
      as: owner, payload: { version: stale, referenceClientDatasetToMapV2Id: linkOf(ids[0]!), before: true },
    }));
    expect(conflict.error).toMatchObject({ code: 'DATASETS_VERSION_CONFLICT', details: { currentVersion: added.version } });
    await expectStatus(409, call(app, 'PATCH', `/v2/maps/${map.id}/datasets/${ids[0]}`, { as: owner, payload: { hidden: true, version: stale } }));
    await expectStatus(409, call(app, 'DELETE', `/v2/maps/${map.id}/datasets/${ids[0]}?version=${stale}`, { as: owner }));
    await expectStatus(409, addDatasets(owner, map.id, [await londonStations(owner)], stale));
    const unchanged = await expectStatus<MapDatasetList>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets`, { as: owner }));
    expect(unchanged).toEqual(added);

    const moved = await expectStatus<MapDatasetList>(200, call(app, 'PUT', `/v2/maps/${map.id}/datasets/${ids[2]}/order`, {
      as: owner, payload: { version: added.version, referenceClientDatasetToMapV2Id: linkOf(ids[0]!), before: true },
    }));
    expect(moved.version).toBe(added.version + 1);
    expect(moved.datasets.map((entry) => entry.datasetId)).toEqual([ids[2], ids[0], ids[1]]);
    const after = await expectStatus<MapDatasetList>(200, call(app, 'PUT', `/v2/maps/${map.id}/datasets/${ids[2]}/order`, {
      as: owner, payload: { version: moved.version, referenceClientDatasetToMapV2Id: linkOf(ids[1]!), before: false },
    }));
    expect(after.datasets.map((entry) => entry.datasetId)).toEqual([ids[0], ids[1], ids[2]]);
    // A reference that is not one of the map's.
    await expectStatus(404, call(app, 'PUT', `/v2/maps/${map.id}/datasets/${ids[2]}/order`, {
      as: owner, payload: { version: after.version, referenceClientDatasetToMapV2Id: 2_000_000_000, before: true },
    }));
  });

  it('gives one row with its cells by column name, its position and how it was placed', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const stations = await londonStations(owner);
    await expectStatus(201, addDatasets(owner, map.id, [stations]));
    const { rows: [first] } = await sql<{ id: string }>`SELECT id FROM client_dataset_rows WHERE dataset_id = ${stations} AND row_number = 1`.execute(ctx.database.db);
    const item = await expectStatus<MapDatasetItem>(200, call(app, 'GET', `/v2/maps/${map.id}/datasets/${stations}/${first!.id}`, { as: owner }));
    expect(item).toEqual({
      id: Number(first!.id), rowNumber: 1, position: [-0.109970527, 51.52916347], precision: 'coordinates',
      fields: { id: '1', name: 'River Street', area: 'Clerkenwell', nbikes: '4', nempty: '14', lon: '-0.109970527', lat: '51.52916347' },
    });
    // A row of another dataset is not this one's.
    const other = await londonStations(owner);
    const { rows: [foreign] } = await sql<{ id: string }>`SELECT id FROM client_dataset_rows WHERE dataset_id = ${other} LIMIT 1`.execute(ctx.database.db);
    const refused = await expectStatus<{ error: { code: string } }>(404, call(app, 'GET', `/v2/maps/${map.id}/datasets/${stations}/${foreign!.id}`, { as: owner }));
    expect(refused.error.code).toBe('DATASET_ITEM_NOT_FOUND');
    expect((await expectStatus<{ error: { code: string } }>(404, call(app, 'GET', `/v2/maps/${map.id}/datasets/${other}/${foreign!.id}`, { as: owner }))).error.code).toBe('DATASET_NOT_FOUND');
  });

  it('draws the stations one by one from zoom 12, labelled by their name, and in groups with their count below', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const stations = await londonStations(owner);
    await expectStatus(201, addDatasets(owner, map.id, [stations]));
    const tile = async (z: number, x: number, y: number) => {
      const response = await call(app, 'GET', `/v2/maps/${map.id}/datasets/${stations}/tiles/${z}/${x}/${y}.pbf?lastSyncKey=abc`, { as: owner });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-protobuf');
      return new VectorTile(new PbfReader(response.rawPayload));
    };
    // Central London at z14 (Westminster, Covent Garden): stations as items, with their row id and name.
    const street = await tile(14, 8186, 5447);
    const items = street.layers.items!;
    expect(items.length).toBeGreaterThan(5);
    expect(street.layers.clusters).toBeUndefined();
    const names = new Set(ROWS.map((cells) => cells[1]));
    for (let i = 0; i < items.length; i += 1) {
      const { id, name } = items.feature(i).properties;
      expect(names.has(String(name))).toBe(true);
      expect(Number(id)).toBeGreaterThan(0);
    }
    // All of London at z9: groups whose counts add up to every station.
    const region = await tile(9, 255, 170);
    const grouped = region.layers.clusters!;
    let total = region.layers.items?.length ?? 0;
    for (let i = 0; i < grouped.length; i += 1) total += Number(grouped.feature(i).properties.count);
    expect(total).toBe(742);
    // Where there is none: no content.
    expect((await call(app, 'GET', `/v2/maps/${map.id}/datasets/${stations}/tiles/14/0/0.pbf`, { as: owner })).statusCode).toBe(204);
  });

  it('exports the rows inside each polygon, one sheet each, cells as imported', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner, { title: 'Bikes' });
    const stations = await londonStations(owner);
    await expectStatus(201, addDatasets(owner, map.id, [stations]));
    const response = await call(app, 'POST', `/v2/maps/${map.id}/datasets/${stations}/report`, { as: owner, lang: 'en', payload: { polygons: [KENSINGTON, CAMDEN], labels: ['Kensington and Chelsea'] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Cycle hire - Bikes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Kensington and Chelsea', 'Area 2']);
    const [kensington, camden] = [await postgisFigures(stations, 'nbikes', KENSINGTON), await postgisFigures(stations, 'nbikes', CAMDEN)];
    expect(workbook.worksheets.map((sheet) => sheet.rowCount - 1)).toEqual([kensington.count, camden.count]);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...COLUMNS, 'Longitude', 'Latitude', 'Placed by']);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(ROWS.some((cells) => cells.join() === row.slice(0, 7).join())).toBe(true);
    expect(row.slice(7)).toEqual([Number(row[5]), Number(row[6]), 'coordinates']);
  });
});

describe('figures of a dataset in polygons', () => {
  it('counts, sums and averages in two London boroughs exactly as PostGIS does on the same rows', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const stations = await londonStations(owner);
    await expectStatus(201, addDatasets(owner, map.id, [stations]));
    const polygons = [KENSINGTON, CAMDEN];
    const expected = async (column: string) => Promise.all(polygons.map((polygon) => postgisFigures(stations, column, polygon)));
    const values = async (body: Record<string, unknown>) => (await expectStatus<DatasetAggregation>(200, aggregate(owner, map.id, stations, body))).values;

    const bikes = await expected('nbikes');
    expect(bikes.map((figures) => figures.count)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(bikes[0]!.count).toBeGreaterThan(50);
    expect(bikes[1]!.count).toBeGreaterThan(20);
    expect(await values({ aggregateMethod: 'count' })).toEqual(bikes.map((figures) => figures.count));
    // Without a column: the dataset's own (nbikes).
    expect(await values({ aggregateMethod: 'sum' })).toEqual(bikes.map((figures) => figures.sum));
    expect(await values({ aggregateMethod: 'average' })).toEqual(bikes.map((figures) => figures.average));
    // Numbers with decimals (the longitudes: nine of them), summed and averaged exactly.
    const longitudes = await expected('lon');
    expect(await values({ aggregateMethod: 'sum', operationColumn: 'lon' })).toEqual(longitudes.map((figures) => figures.sum));
    expect(await values({ aggregateMethod: 'average', operationColumn: 'lon' })).toEqual(longitudes.map((figures) => figures.average));
    // A column of text: no numbers, a sum of 0 and no average.
    expect(await values({ aggregateMethod: 'sum', operationColumn: 'area' })).toEqual([0, 0]);
    expect(await values({ aggregateMethod: 'average', operationColumn: 'area' })).toEqual([null, null]);
    expect((await expected('area')).map((figures) => [figures.sum, figures.average])).toEqual([[0, null], [0, null]]);

    // The map's own choice of column comes before the dataset's.
    await expectStatus(200, call(app, 'PATCH', `/v2/maps/${map.id}/datasets/${stations}`, { as: owner, payload: { operationColumn: 'nempty' } }));
    const answer = await expectStatus<DatasetAggregation>(200, aggregate(owner, map.id, stations, { aggregateMethod: 'sum' }));
    expect(answer).toEqual({ aggregateMethod: 'sum', operationColumn: 'nempty', values: (await expected('nempty')).map((figures) => figures.sum) });
  });

  it('refuses a column the dataset does not have, naming it, and a sum without any column', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const [stations, withoutDefault] = [await londonStations(owner), await londonStations(owner, { operationColumn: null })];
    await expectStatus(201, addDatasets(owner, map.id, [stations, withoutDefault]));
    const unknown = await expectStatus<{ error: { code: string; message: string; details: { column: string } } }>(422,
      aggregate(owner, map.id, stations, { aggregateMethod: 'sum', operationColumn: 'revenue' }));
    expect(unknown.error).toMatchObject({ code: 'DATASET_COLUMN_UNKNOWN', details: { column: 'revenue' } });
    expect(unknown.error.message).toContain('revenue');
    await expectStatus(422, aggregate(owner, map.id, stations, { aggregateMethod: 'count', operationColumn: 'revenue' }));
    await expectStatus(422, call(app, 'PATCH', `/v2/maps/${map.id}/datasets/${stations}`, { as: owner, payload: { operationColumn: 'revenue' } }));
    const required = await expectStatus<{ error: { code: string } }>(422, aggregate(owner, map.id, withoutDefault, { aggregateMethod: 'average' }));
    expect(required.error.code).toBe('OPERATION_COLUMN_REQUIRED');
    expect((await expectStatus<DatasetAggregation>(200, aggregate(owner, map.id, withoutDefault, { aggregateMethod: 'count' }))).values).toHaveLength(2);
    const bad = await expectStatus<{ error: { code: string } }>(400, aggregate(owner, map.id, stations, { aggregateMethod: 'median' }));
    expect(bad.error.code).toBe('VALIDATION_ERROR');
  });

  it('answers the same polygons again from memory, until the dataset changes', async () => {
    const owner = await signUp(app);
    const map = await createMap(app, owner);
    const stations = await londonStations(owner);
    await expectStatus(201, addDatasets(owner, map.id, [stations]));
    const first = await expectStatus<DatasetAggregation>(200, aggregate(owner, map.id, stations, { aggregateMethod: 'sum' }));
    // Answered again without a figures task (one task: the polygons' check), on another map showing it too.
    const tasks = ctx.compute.completedTasks;
    const other = await createMap(app, owner);
    await expectStatus(201, addDatasets(owner, other.id, [stations]));
    expect(await expectStatus(200, aggregate(owner, other.id, stations, { aggregateMethod: 'sum' }))).toEqual(first);
    expect(ctx.compute.completedTasks).toBe(tasks + 1);

    // A new station in Kensington (Holland Park) with 10 bikes: the version moves on, the figures follow.
    const datasets = new DatasetsRepository(ctx.database.db);
    await datasets.insertRows(stations, [{ rowNumber: 743, cells: ['9999', 'Holland Park', 'Kensington', '10', '5', '-0.2039', '51.5025'], position: { lng: -0.2039, lat: 51.5025 }, precision: 'coordinates' }]);
    await datasets.finish(stations, { pointCount: 743, notGeocodedCount: 0, precisions: { coordinates: 743 } });
    const after = await expectStatus<DatasetAggregation>(200, aggregate(owner, map.id, stations, { aggregateMethod: 'sum' }));
    expect(ctx.compute.completedTasks).toBe(tasks + 3);
    expect(after.values).toEqual([first.values[0]! + 10, first.values[1]]);
    expect(after.values).toEqual((await Promise.all([KENSINGTON, CAMDEN].map((polygon) => postgisFigures(stations, 'nbikes', polygon)))).map((figures) => figures.sum));
  });
});
