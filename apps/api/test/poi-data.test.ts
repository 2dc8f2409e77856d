/**
 * The business and POI data of record in the database: what the importers read from the real
 * samples (OpenStreetMap extracts, SIRENE establishments by IRIS) is what the files hold; an
 * import goes live all at once or not at all, an identical import changes nothing, a removed
 * dataset is gone; and each moves the POI data version the caches key on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOsm } from '@catchment/routing';
import { classifySireneFiles, emptyPoiReadSummary, readSireneItems, type PoiItem } from '@catchment/geodata';
import type { AppContext } from '../src/context.js';
import { listPoiDatasets, loadPoiDataset, poiDataVersion, removePoiDataset } from '../src/poi/data/poi-loader.js';
import { importOsmPoiFile, importSireneTestFiles, testApp } from './harness.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
const ANDORRA = path.join(TEST_DATA, 'osm/andorra.osm.pbf');
const LIECHTENSTEIN = path.join(TEST_DATA, 'osm/liechtenstein-2013-08-03.osm.pbf');
const SIRENE_67 = path.join(TEST_DATA, 'poi/sirene-etablissements-67-bas-rhin-by-iris.csv');

let ctx: AppContext;
beforeAll(async () => {
  ({ ctx } = await testApp());
});

const db = () => ctx.database.db;
const count = async (where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM live_poi_items WHERE ${where}`.execute(db())).rows[0]!.n;
const rowsOfDataset = async (id: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM poi_items WHERE dataset_id = ${id}`.execute(db())).rows[0]!.n;

/** Objects of the extract carrying `key=value`, counted with a plain reader, apart from the importer. */
async function objectsTagged(file: string, key: string, value: string): Promise<number> {
  let objects = 0;
  const tagged = (tags: Readonly<Record<string, string>>) => { if (tags[key] === value) objects += 1; };
  await readOsm(file, { node() {}, nodeTags: (_id, tags) => tagged(tags), way: (_id, _refs, tags) => tagged(tags), relation: (_id, _members, tags) => tagged(tags) });
  return objects;
}

describe('OpenStreetMap POIs in the database', () => {
  it('imports every POI of the Andorra extract, in the catalogue of its country, and an identical import changes nothing', async () => {
    await removePoiDataset(db(), 'osm-pois--andorra');
    const before = await poiDataVersion(db());
    const first = await importOsmPoiFile(ctx, ANDORRA);
    expect(first.loaded).toMatchObject({ id: 'osm-pois--andorra', unchanged: false, items: 463, catalogues: ['ad_osm_poi', 'es_osm_poi'] });
    expect(first.summary).toEqual({ items: 463, byCatalogue: { ad_osm_poi: 462, es_osm_poi: 1 }, skipped: { 'area not whole in the extract': 1 } });
    // Andorra's own border, from the extract (two of its ways are missing: closed over the gap).
    expect(first.borders).toEqual([{ code: 'ad', closedOverGap: true }]);
    const version = await poiDataVersion(db());
    expect(version).toBeGreaterThan(before);
    expect(version).toBe(first.loaded.version);

    // As many restaurants, pharmacies and hotels as the extract holds, all in Andorra.
    for (const [tag, category] of [['amenity=restaurant', 'food.restaurant'], ['amenity=pharmacy', 'health.pharmacy'], ['tourism=hotel', 'accommodation.hotel']] as const) {
      const [key, value] = tag.split('=') as [string, string];
      const inFile = await objectsTagged(ANDORRA, key, value);
      expect(inFile, tag).toBeGreaterThan(0);
      expect(await count(sql`catalogue = 'ad_osm_poi' AND ${tag} = ANY(tags)`), tag).toBe(inFile);
      expect(await count(sql`catalogue = 'ad_osm_poi' AND categories @> ARRAY[${category}, ${category.split('.')[0]!}]::text[]`), category).toBeGreaterThanOrEqual(inFile);
    }
    expect(await count(sql`catalogue = 'ad_osm_poi' AND 'food.restaurant' = ANY(categories)`)).toBe(await objectsTagged(ANDORRA, 'amenity', 'restaurant'));
    // The hypermarket of Pas de la Casa is in Andorra, though the world's coarse shapes put it in France.
    const item = (await sql<{ ref: string; name: string; name_key: string; address: string | null; details: Record<string, string>; country: string; lon: number; lat: number }>`
      SELECT ref, name, name_key, address, details, country, ST_X(position) AS lon, ST_Y(position) AS lat FROM live_poi_items
      WHERE dataset_id = 'osm-pois--andorra' AND ref IN ('w54858984', 'n1407150629') ORDER BY ref`.execute(db())).rows;
    expect(item).toEqual([
      { ref: 'n1407150629', name: 'Pizzeria Uruguayana', name_key: 'pizzeria uruguayana', address: 'Plaça Major 4', details: { cuisine: 'pizza', phone: '832903' }, country: 'ad', lon: 1.4911522, lat: 42.4630693 },
      expect.objectContaining({ ref: 'w54858984', name: 'Pyrénées Hyper-Centre', name_key: 'pyrenees hyper centre', country: 'ad' }),
    ]);

    const again = await importOsmPoiFile(ctx, ANDORRA);
    expect(again).toMatchObject({ summary: null, loaded: { id: 'osm-pois--andorra', unchanged: true, items: 463, version } });
    expect(await poiDataVersion(db())).toBe(version);
    expect(await rowsOfDataset('osm-pois--andorra')).toBe(463);
  });

  it("places Liechtenstein's POIs by its exact border, and those across it in Austria and Switzerland", async () => {
    const imported = await importOsmPoiFile(ctx, LIECHTENSTEIN);
    expect(imported.loaded.unchanged || imported.summary?.byCatalogue).toBeTruthy();
    expect(await count(sql`dataset_id = 'osm-pois--liechtenstein-2013-08-03' AND catalogue = 'li_osm_poi'`)).toBe(570);
    expect(await count(sql`dataset_id = 'osm-pois--liechtenstein-2013-08-03' AND catalogue = 'at_osm_poi'`)).toBe(7);
    expect(await count(sql`dataset_id = 'osm-pois--liechtenstein-2013-08-03' AND catalogue = 'ch_osm_poi'`)).toBe(1);
    // The Landesmuseum in Vaduz: a point inside its building, its address in the order of the country.
    const museum = (await sql<{ name: string; address: string; opening_hours: string; categories: string[]; tags: string[] }>`
      SELECT name, address, opening_hours, categories, tags FROM live_poi_items WHERE ref = 'n5139' AND dataset_id = 'osm-pois--liechtenstein-2013-08-03'`.execute(db())).rows;
    expect(museum).toEqual([{
      name: 'Liechtensteinisches Landesmuseum Vaduz', address: 'Städtle 43, 9490 Vaduz', opening_hours: 'Tu-Su 10:00-17:00; We 10:00-20:00',
      categories: ['leisure', 'leisure.attraction'], tags: ['tourism=museum'],
    }]);
  });

  it('keeps the live data whole when an import fails, and leaves nothing staged', async () => {
    await importOsmPoiFile(ctx, ANDORRA);
    const live = (await listPoiDatasets(db())).find((dataset) => dataset.id === 'osm-pois--andorra')!;
    const version = await poiDataVersion(db());
    // The same extract cut short: a new content, whose read fails half-way.
    const truncated = path.join(ctx.config.territoryDir, 'andorra.osm.pbf');
    fs.writeFileSync(truncated, fs.readFileSync(ANDORRA).subarray(0, 300_000));
    await expect(importOsmPoiFile(ctx, truncated)).rejects.toThrow(/Truncated PBF file/);
    expect((await listPoiDatasets(db())).find((dataset) => dataset.id === 'osm-pois--andorra')).toEqual(live);
    expect(await poiDataVersion(db())).toBe(version);
    expect(await rowsOfDataset('osm-pois--andorra')).toBe(463);
    expect(fs.readdirSync(ctx.config.territoryDir).filter((name) => name.endsWith('.pois.ndjson'))).toEqual([]);
  });
});

describe('SIRENE establishments in the database', () => {
  it('imports the 81,921 establishments of Bas-Rhin placed by IRIS, with their NAF code and headcount band', async () => {
    await removePoiDataset(db(), 'sirene--sirene-etablissements-67-bas-rhin-by-iris');
    const [result] = await importSireneTestFiles(ctx, [SIRENE_67]);
    expect(result!.loaded).toMatchObject({ id: 'sirene--sirene-etablissements-67-bas-rhin-by-iris', items: 81_921, catalogues: ['fr_institutions'], unchanged: false });
    const inDataset = (where: ReturnType<typeof sql>) => count(sql`dataset_id = 'sirene--sirene-etablissements-67-bas-rhin-by-iris' AND ${where}`);
    expect(await inDataset(sql`position IS NULL AND iris IS NOT NULL AND country = 'fr'`)).toBe(81_921);
    // Counted in the file: rows with APET700 = 5610A, 4773Z, 9602A; with CODE_IRIS = 674820701; with TEFET = 01.
    expect(await inDataset(sql`naf = '5610A'`)).toBe(1_175);
    expect(await inDataset(sql`naf = '4773Z'`)).toBe(147);
    expect(await inDataset(sql`naf = '9602A'`)).toBe(673);
    expect(await inDataset(sql`iris = '674820701'`)).toBe(1_425);
    expect(await inDataset(sql`headcount = '01'`)).toBe(9_430);
    // The category tree finds the same trades: restaurants are 5610A and 5610B.
    expect(await inDataset(sql`categories @> ARRAY['food.restaurant']`)).toBe(1_179);
    expect(await inDataset(sql`categories @> ARRAY['health.pharmacy']`)).toBe(147);

    const version = await poiDataVersion(db());
    const [again] = await importSireneTestFiles(ctx, [SIRENE_67]);
    expect(again).toMatchObject({ summary: null, loaded: { unchanged: true, items: 81_921 } });
    expect(await poiDataVersion(db())).toBe(version);
  });

  it('keeps the live establishments when a load fails half-way through the file', async () => {
    const live = (await listPoiDatasets(db())).find((dataset) => dataset.id === 'sirene--sirene-etablissements-67-bas-rhin-by-iris')!;
    const version = await poiDataVersion(db());
    const [source] = classifySireneFiles([SIRENE_67]);
    async function* failingAfter(limit: number): AsyncGenerator<PoiItem> {
      let read = 0;
      for await (const item of readSireneItems(source!, emptyPoiReadSummary())) {
        if (++read > limit) throw new Error('the disk went away');
        yield item;
      }
    }
    await expect(loadPoiDataset(db(), {
      id: live.id, source: 'sirene', files: live.files, contentHash: 'another content', items: async () => failingAfter(5_000),
    })).rejects.toThrow('the disk went away');
    expect((await listPoiDatasets(db())).find((dataset) => dataset.id === live.id)).toEqual(live);
    expect(await poiDataVersion(db())).toBe(version);
    expect(await rowsOfDataset(live.id)).toBe(81_921);
  });

  it('removes a dataset with its items, and moves the data version on', async () => {
    const version = await poiDataVersion(db());
    expect(await removePoiDataset(db(), 'sirene--sirene-etablissements-67-bas-rhin-by-iris')).toBe(true);
    expect(await poiDataVersion(db())).toBeGreaterThan(version);
    expect(await rowsOfDataset('sirene--sirene-etablissements-67-bas-rhin-by-iris')).toBe(0);
    expect((await listPoiDatasets(db())).map((dataset) => dataset.id)).not.toContain('sirene--sirene-etablissements-67-bas-rhin-by-iris');
    expect(await removePoiDataset(db(), 'sirene--sirene-etablissements-67-bas-rhin-by-iris')).toBe(false);
  });
});
