/**
 * The peer we measure against: PostgreSQL + PostGIS + pgRouting from Debian packages, fed by
 * osm2pgrouting, queried the way a pgRouting user builds an isochrone: the nearest vertex,
 * pgr_drivingDistance from it, ST_ConcaveHull of the reached vertices.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Geometry, MultiPolygon } from 'geojson';
import pg from 'pg';

const run = promisify(execFile);

export const PG_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
export const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5432);
const ADMIN_USER = process.env.BENCH_PG_USER ?? 'postgres';
/** osm2pgrouting only logs in with a password: this role is (re)created with a fresh one on every run. */
const BENCH_ROLE = 'catchment_bench';
const MAPCONFIG_DIR = '/usr/share/osm2pgrouting';
/** ST_ConcaveHull's param_pctconvex: 0 is the most concave, 1 the convex hull. */
export const CONCAVE_HULL_TARGET = 0.3;

/** One osm2pgrouting configuration per kind of traveller, each imported into its own database. */
export type BaselineProfile = 'cars' | 'pedestrian' | 'bicycles';

export interface BaselineSetup {
  password: string;
}

export type Availability = { ok: true; setup: BaselineSetup } | { ok: false; reason: string };

function adminClient(database = 'postgres'): pg.Client {
  return new pg.Client({ host: PG_HOST, port: PG_PORT, user: ADMIN_USER, database });
}

/** Checks the tools and the server, and creates the password role osm2pgrouting logs in with. */
export async function prepareBaseline(): Promise<Availability> {
  for (const tool of ['osmium', 'osm2pgrouting']) {
    try {
      await run(tool, ['--version']);
    } catch {
      return { ok: false, reason: `${tool} is not installed (apt-get install -y postgresql-15-pgrouting osm2pgrouting osmium-tool)` };
    }
  }
  if (!existsSync('/usr/bin/time')) return { ok: false, reason: '/usr/bin/time (Debian package "time") is needed to measure peak memory' };
  if (!existsSync(`${MAPCONFIG_DIR}/mapconfig_for_cars.xml`)) return { ok: false, reason: `${MAPCONFIG_DIR}/mapconfig_for_cars.xml is missing` };
  const client = adminClient();
  try {
    await client.connect();
  } catch (error) {
    return { ok: false, reason: `PostgreSQL at ${PG_HOST}:${PG_PORT} is not reachable as ${ADMIN_USER}: ${(error as Error).message}` };
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT name FROM pg_available_extensions WHERE name IN ('postgis', 'pgrouting')",
    );
    const missing = ['postgis', 'pgrouting'].filter((name) => !rows.some((row) => row.name === name));
    if (missing.length) return { ok: false, reason: `the PostgreSQL server lacks the extension(s) ${missing.join(', ')}` };
    const password = randomBytes(12).toString('hex');
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [BENCH_ROLE]);
    await client.query(`${rowCount ? 'ALTER' : 'CREATE'} ROLE ${BENCH_ROLE} LOGIN PASSWORD '${password}'`);
    return { ok: true, setup: { password } };
  } finally {
    await client.end();
  }
}

export function databaseName(region: string, profile: BaselineProfile): string {
  return `bench_${region.replace(/\W/g, '_')}_${profile}`;
}

export interface MeasuredRun {
  seconds: number;
  maxRssKb: number;
}

/** Runs a command under /usr/bin/time to get its wall time and peak resident memory. */
async function measured(command: string, args: string[]): Promise<MeasuredRun> {
  const { stderr } = await run('/usr/bin/time', ['-f', 'BENCH_TIME %e %M', command, ...args], { maxBuffer: 64 << 20 });
  const match = /BENCH_TIME ([\d.]+) (\d+)/.exec(stderr);
  if (!match) throw new Error(`${command} did not report its time: ${stderr.slice(-500)}`);
  return { seconds: Number(match[1]), maxRssKb: Number(match[2]) };
}

/** osm2pgrouting reads XML only: osmium converts the extract first (part of the peer's import). */
export function convertToXml(pbfPath: string, osmPath: string): Promise<MeasuredRun> {
  return measured('osmium', ['cat', pbfPath, '-o', osmPath, '--overwrite']);
}

/**
 * Debian's mapconfig_for_pedestrian.xml has comments after its root element, which its own parser
 * rejects: every configuration is copied without what follows the root.
 */
function mapconfig(profile: BaselineProfile, workDir: string): string {
  const text = readFileSync(`${MAPCONFIG_DIR}/mapconfig_for_${profile}.xml`, 'utf8');
  const end = text.indexOf('</configuration>');
  const path = join(workDir, `mapconfig_for_${profile}.xml`);
  writeFileSync(path, end === -1 ? text : text.slice(0, end + '</configuration>'.length) + '\n');
  return path;
}

/** A fresh database with PostGIS and pgRouting, then osm2pgrouting with the profile's configuration. */
export async function importBaseline(
  setup: BaselineSetup,
  region: string,
  profile: BaselineProfile,
  osmPath: string,
  workDir: string,
): Promise<MeasuredRun> {
  const database = databaseName(region, profile);
  const admin = adminClient();
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${BENCH_ROLE}`);
  } finally {
    await admin.end();
  }
  const inDatabase = adminClient(database);
  await inDatabase.connect();
  try {
    await inDatabase.query('CREATE EXTENSION postgis; CREATE EXTENSION pgrouting;');
  } finally {
    await inDatabase.end();
  }
  return measured('osm2pgrouting', [
    '-f', osmPath, '-c', mapconfig(profile, workDir), '-d', database,
    '-U', BENCH_ROLE, '-W', setup.password, '-h', PG_HOST, '-p', String(PG_PORT), '--clean',
  ]);
}

export async function dropBaselineDatabases(region: string): Promise<void> {
  const admin = adminClient();
  await admin.connect();
  try {
    for (const profile of ['cars', 'pedestrian', 'bicycles'] as const) await admin.query(`DROP DATABASE IF EXISTS ${databaseName(region, profile)}`);
  } finally {
    await admin.end();
  }
}

/** The edge query pgr_drivingDistance reads, per kind of request, and whether one-ways count. */
export interface BaselineCost {
  profile: BaselineProfile;
  edgesSql: string;
  directed: boolean;
}

export const BASELINE_COSTS = {
  /** osm2pgrouting's travel times from its speed table and maxspeed tags; negative reverse cost on one-ways. */
  carTime: { profile: 'cars', directed: true, edgesSql: 'SELECT gid AS id, source, target, cost_s AS cost, reverse_cost_s AS reverse_cost FROM ways' },
  /** 5 km/h on every way of the pedestrian configuration, both directions. */
  walkTime: { profile: 'pedestrian', directed: false, edgesSql: 'SELECT gid AS id, source, target, length_m / (5 / 3.6) AS cost FROM ways' },
  /** Metres along the ways of the bicycle configuration, one-ways respected. */
  bikeLength: {
    profile: 'bicycles', directed: true,
    edgesSql: 'SELECT gid AS id, source, target, length_m AS cost, CASE WHEN reverse_cost < 0 THEN -1 ELSE length_m END AS reverse_cost FROM ways',
  },
} satisfies Record<string, BaselineCost>;

export interface BaselineAnswer {
  snapMs: number;
  searchMs: number;
  polygonMs: number;
  reachedVertices: number;
  polygon: MultiPolygon;
}

/** One open connection per database, reused for every query as an application would. */
export class BaselineQueries {
  private readonly clients = new Map<BaselineProfile, pg.Client>();

  constructor(private readonly region: string) {}

  private async client(profile: BaselineProfile): Promise<pg.Client> {
    let client = this.clients.get(profile);
    if (!client) {
      client = adminClient(databaseName(this.region, profile));
      await client.connect();
      this.clients.set(profile, client);
    }
    return client;
  }

  async isochrone(cost: BaselineCost, [lon, lat]: [number, number], budget: number): Promise<BaselineAnswer> {
    const client = await this.client(cost.profile);
    await client.query('DROP TABLE IF EXISTS reached');
    const t0 = performance.now();
    const nearest = await client.query<{ id: string }>(
      'SELECT id FROM ways_vertices_pgr ORDER BY the_geom <-> ST_SetSRID(ST_Point($1, $2), 4326) LIMIT 1',
      [lon, lat],
    );
    const t1 = performance.now();
    await client.query(
      'CREATE TEMP TABLE reached AS SELECT node FROM pgr_drivingDistance($1, $2::bigint, $3::float8, directed => $4)',
      [cost.edgesSql, nearest.rows[0]!.id, budget, cost.directed],
    );
    const t2 = performance.now();
    const hull = await client.query<{ geojson: string | null; vertices: string }>(
      `SELECT ST_AsGeoJSON(ST_ConcaveHull(ST_Collect(v.the_geom), $1)) AS geojson, count(*) AS vertices
         FROM reached r JOIN ways_vertices_pgr v ON v.id = r.node`,
      [CONCAVE_HULL_TARGET],
    );
    const t3 = performance.now();
    const row = hull.rows[0]!;
    return {
      snapMs: t1 - t0,
      searchMs: t2 - t1,
      polygonMs: t3 - t2,
      reachedVertices: Number(row.vertices),
      polygon: asMultiPolygon(row.geojson ? (JSON.parse(row.geojson) as Geometry) : null),
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.end()));
    this.clients.clear();
  }
}

/** The hull of fewer than three vertices is a point or a line: no area. */
function asMultiPolygon(geometry: Geometry | null): MultiPolygon {
  if (geometry?.type === 'Polygon') return { type: 'MultiPolygon', coordinates: [geometry.coordinates] };
  if (geometry?.type === 'MultiPolygon') return geometry;
  return { type: 'MultiPolygon', coordinates: [] };
}
