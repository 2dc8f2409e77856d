/**
 * `npm run bench:territories`: census statistics of areas and unit-outline tiles.
 *
 * 1. Statistics: the population of 100 seeded random circles, computed by our in-memory index
 *    (packages/geodata TerritoryIndex) and by the same apportionment in PostgreSQL + PostGIS
 *    (GiST-indexed units; ST_Intersects + ST_Area(ST_Intersection) / ST_Area for boundaries,
 *    ST_Intersects for points), same machine, same run, results compared area by area.
 *    Datasets: the communes of Alpes-Maritimes with their population (../shared/data/fr), and the
 *    demo data's French communes (points, with legal populations) over the whole of France.
 * 2. Tiles: p95 time per tile and tiles per second for the unit outlines at zooms 5, 8 and 11.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { circlePolygon, type AreaGeometry } from '@catchment/domain';
import {
  demoTerritoryDirectory, ensureDemoData, TERRITORY_IMPORTERS, TerritoryIndex, TerritoryStore, UnitTiles, type IndexedUnit,
} from '@catchment/geodata';
import { ms, pct, percentile, ratio, seededRandom, table } from '../stats.js';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/data/fr');
const AREAS = Number(argument('--areas') ?? 100);
const WARM_UP = 5;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'catchment_bench_territories';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Scenario { name: string; index: TerritoryIndex; kind: 'fr_cities'; circles: AreaGeometry[] }

/** Circles of 2 to 20 km (communes) or 5 to 50 km (France) centred on random units with data. */
function randomCircles(units: readonly IndexedUnit[], count: number, minKm: number, maxKm: number, seed: number): AreaGeometry[] {
  const random = seededRandom(seed);
  const withData = units.filter((unit) => unit.values.population !== undefined);
  return Array.from({ length: count + WARM_UP }, () => {
    const unit = withData[Math.floor(random() * withData.length)]!;
    const [minX, minY, maxX, maxY] = unit.bbox;
    const centre: [number, number] = [minX + (maxX - minX) * random(), minY + (maxY - minY) * random()];
    return circlePolygon(centre, Math.round((minKm + (maxKm - minKm) * random()) * 1000));
  });
}

async function postgisBaseline(): Promise<pg.Client | string> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE}`);
    await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } catch (error) {
    return `PostgreSQL at ${PG_URL} is not usable: ${(error as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } catch (error) {
    await client.end();
    return `PostGIS is not installed (apt-get install -y postgresql-15-postgis-3): ${(error as Error).message}`;
  }
  return client;
}

/** The same units, GiST-indexed, the way a PostGIS user stores them. */
async function loadUnits(client: pg.Client, table: string, units: readonly IndexedUnit[]): Promise<void> {
  await client.query(`CREATE TABLE ${table} (code text PRIMARY KEY, population double precision, geom geometry(Geometry, 4326) NOT NULL)`);
  const rows = units.filter((unit) => unit.values.population !== undefined);
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    await client.query(
      `INSERT INTO ${table} SELECT code, population, ST_SetSRID(ST_GeomFromGeoJSON(geom), 4326)
       FROM unnest($1::text[], $2::float8[], $3::text[]) AS u(code, population, geom)`,
      [batch.map((unit) => unit.code), batch.map((unit) => unit.values.population!), batch.map((unit) => JSON.stringify(unit.geometry))],
    );
  }
  await client.query(`CREATE INDEX ON ${table} USING gist (geom)`);
  await client.query(`ANALYZE ${table}`);
}

const APPORTION_SQL = (table: string) => `
  WITH area AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g)
  SELECT coalesce(sum(CASE WHEN GeometryType(u.geom) = 'POINT' THEN u.population
                           ELSE u.population * ST_Area(ST_Intersection(u.geom, area.g)) / ST_Area(u.geom) END), 0) AS population
  FROM ${table} u, area WHERE ST_Intersects(u.geom, area.g)`;

interface Timing { ours: number[]; peer: number[]; worstDifference: number }

async function runScenario(scenario: Scenario, client: pg.Client | undefined, table: string): Promise<Timing> {
  const ours: number[] = [];
  const peer: number[] = [];
  let worstDifference = 0;
  const sql = APPORTION_SQL(table);
  for (const [i, circle] of scenario.circles.entries()) {
    const started = performance.now();
    const [population] = scenario.index.measures(circle, ['population']);
    const ourTime = performance.now() - started;
    if (i >= WARM_UP) ours.push(ourTime);
    if (!client) continue;
    const text = JSON.stringify(circle);
    const peerStarted = performance.now();
    const { rows } = await client.query<{ population: number }>(sql, [text]);
    const peerTime = performance.now() - peerStarted;
    if (i < WARM_UP) continue;
    peer.push(peerTime);
    const expected = Number(rows[0]!.population);
    const got = population?.value ?? 0;
    if (expected > 0) worstDifference = Math.max(worstDifference, Math.abs(got - expected) / expected);
  }
  return { ours, peer, worstDifference };
}

/** Up to 400 distinct tiles at a zoom where units are: each holds a random point of a random unit's box. */
function tileAddresses(units: readonly IndexedUnit[], zoom: number): [number, number, number][] {
  const n = 2 ** zoom;
  const random = seededRandom(zoom);
  const addresses = new Map<string, [number, number, number]>();
  for (let attempt = 0; attempt < 4_000 && addresses.size < 400; attempt += 1) {
    const { bbox } = units[Math.floor(random() * units.length)]!;
    const lng = bbox[0] + (bbox[2] - bbox[0]) * random();
    const lat = bbox[1] + (bbox[3] - bbox[1]) * random();
    const x = Math.min(n - 1, Math.floor(((lng + 180) / 360) * n));
    const rad = (lat * Math.PI) / 180;
    const y = Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n));
    addresses.set(`${x}/${y}`, [zoom, x, y]);
  }
  return [...addresses.values()];
}

function benchTiles(name: string, kind: 'fr_cities' | 'us_counties', units: readonly IndexedUnit[]): string[][] {
  const buildStarted = performance.now();
  const tiles = new UnitTiles(kind, units);
  const build = performance.now() - buildStarted;
  const rows: string[][] = [];
  for (const zoom of [5, 8, 11]) {
    const times: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (const [z, x, y] of tileAddresses(units, zoom)) {
      const t = performance.now();
      bytes += tiles.tile(z, x, y)?.byteLength ?? 0;
      times.push(performance.now() - t);
    }
    const total = performance.now() - started;
    rows.push([`${name} z${zoom}`, String(times.length), ms(percentile(times, 50)), ms(percentile(times, 95)),
      (times.length / (total / 1000)).toFixed(0), `${(bytes / Math.max(1, times.length) / 1024).toFixed(1)} kB`, ms(build)]);
  }
  return rows;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'catchment-bench-territories-'));
  try {
    console.log('Loading the communes of Alpes-Maritimes and the demo data…');
    await TERRITORY_IMPORTERS['fr-communes']!.run(
      [path.join(SHARED, 'communes-06-alpes-maritimes.geojson'), path.join(SHARED, 'population-communes-06-alpes-maritimes.csv')],
      { outputDir: path.join(work, 'communes') },
    );
    const communes = await TerritoryStore.open({ directories: [path.join(work, 'communes')] });
    const dataDir = path.resolve(import.meta.dirname, '../../var/bench');
    await ensureDemoData({ dataDir });
    const demo = await TerritoryStore.open({ directories: [demoTerritoryDirectory(dataDir)] });
    const demoFrance = demo.index.units('fr_cities');
    // The French communes alone, as the PostGIS table holds them (the world's cities near the borders would differ).
    const demoCommunes = new TerritoryIndex([{ source: 'demo', units: demoFrance }]);

    const scenarios: Scenario[] = [
      { name: 'Communes 06 (boundaries), circles 2–20 km', index: communes.index, kind: 'fr_cities',
        circles: randomCircles(communes.index.units('fr_cities'), AREAS, 2, 20, 6) },
      { name: 'Demo France (commune points), circles 5–50 km', index: demoCommunes, kind: 'fr_cities',
        circles: randomCircles(demoFrance, AREAS, 5, 50, 75) },
    ];

    const baseline = await postgisBaseline();
    const client = typeof baseline === 'string' ? undefined : baseline;
    if (typeof baseline === 'string') console.log(`BASELINE UNAVAILABLE: ${baseline}`);
    if (client) {
      await loadUnits(client, 'communes_06', communes.index.units('fr_cities'));
      await loadUnits(client, 'demo_france', demoFrance);
    }

    const rows = [['Statistics (population)', 'areas', 'ours p50 ms', 'ours p95 ms', 'PostGIS p50 ms', 'PostGIS p95 ms', 'ratio p50', 'ratio p95', 'worst diff']];
    for (const [i, scenario] of scenarios.entries()) {
      const timing = await runScenario(scenario, client, i === 0 ? 'communes_06' : 'demo_france');
      const [o50, o95, p50, p95] = [percentile(timing.ours, 50), percentile(timing.ours, 95), percentile(timing.peer, 50), percentile(timing.peer, 95)];
      rows.push([scenario.name, String(timing.ours.length), ms(o50), ms(o95), ms(p50), ms(p95), ratio(p50 / o50), ratio(p95 / o95),
        client ? pct(timing.worstDifference) : '–']);
    }
    console.log(`\n${table(rows)}\n(targets: ratio ≥ 10×, worst difference ≤ 0.1 %)\n`);

    const tileRows = [['Unit outline tiles', 'tiles', 'p50 ms', 'p95 ms', 'tiles/s', 'avg size', 'index build ms']];
    tileRows.push(...benchTiles('Communes 06', 'fr_cities', communes.index.units('fr_cities')));
    tileRows.push(...benchTiles('US counties (demo)', 'us_counties', demo.index.units('us_counties')));
    console.log(table(tileRows));

    if (client) {
      await client.end();
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE}`);
      await admin.end();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
