/**
 * `npm run bench:geocoding`: how fast the built-in geocoder places the rows of a customer file, and
 * how many it places, on both databases, with baselines measured in the same run.
 *
 * Data: the postal addresses of test-data/osm/north-bayreuth.osm.pbf imported with the
 * osm-addresses importer (timed), plus, as a scale test (said so), `--replicas` (default 200)
 * copies of them under other postcodes and towns loaded with the same loader, so the tables hold
 * what a region's import holds (a copy's streets are the real ones: a query's postcode and town
 * decide which copy it meets, as in real data where street names repeat from town to town).
 * Queries: every row of test-data/customers/addresses-bindlach-heinersreuth-osm.csv (797 real
 * addresses of the extract) by its street, house number, postcode and town columns; the same rows
 * with their street misspelt in seven seeded ways (abbreviated, ß and umlauts spelt out, hyphens
 * dropped, a letter dropped, two letters swapped, a letter doubled, lower case without accents);
 * and test-data/customers/london-cycle-hire-stations.csv (742 stations: name as the street, area
 * as the town, in Great Britain), for which no address is imported, so what places them is the
 * gazetteer.
 *
 * Throughput, rows per second, the cache of answers off unless said: ours in batches of `--batch`
 * (default 500) rows, one SQL statement each; baseline: the same geocoder one row at a time (one
 * statement per row: what a geocoder without batches costs); ours again with the cache warm.
 * Hit rate: ours against a plain SQL baseline without our keys or fuzzy matching, one row at a
 * time on a connection of its own: the address whose street and house number equal the row's,
 * case aside (lower() =, with an index of its own on them), in its postcode or town, i.e. what an
 * exact ILIKE without wildcards finds.
 *
 * Databases: the embedded PGlite (in memory) and a scratch PostgreSQL database
 * `catchment_bench_geocoding` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres;
 * dropped afterwards unless `--keep`); `--database pglite|postgres` runs one.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import { ensureDemoData, type AddressItem, type Gazetteer } from '@catchment/geodata';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/database.js';
import { migrate } from '../../apps/api/src/db/migrate.js';
import { importOsmAddressExtract } from '../../apps/api/src/geocoding/data/address-import.js';
import { loadAddressDataset } from '../../apps/api/src/geocoding/data/address-loader.js';
import type { AddressQuery, GeocodeResult } from '../../apps/api/src/geocoding/geocoder.js';
import { OfflineGeocoder } from '../../apps/api/src/geocoding/offline-geocoder.js';
import { argument } from '../arguments.js';
import { scratchPostgres } from '../load/server-process.js';
import { median, percentile, pct, ratio, seededRandom, table } from '../stats.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../test-data');
const EXTRACT = path.join(TEST_DATA, 'osm/north-bayreuth.osm.pbf');
const ADDRESSES_FILE = path.join(TEST_DATA, 'customers/addresses-bindlach-heinersreuth-osm.csv');
const STATIONS_FILE = path.join(TEST_DATA, 'customers/london-cycle-hire-stations.csv');
const BATCH = Number(argument('--batch') ?? 500);
const REPLICAS = Number(argument('--replicas') ?? 200);
const DATABASES = (argument('--database') ?? 'pglite,postgres').split(',');
const KEEP = process.argv.includes('--keep');
const BENCH_DATABASE = 'catchment_bench_geocoding';

interface AddressRow { street: string; housenumber: string; postcode: string; city: string; lon: string; lat: string }
interface StationRow { name: string; area: string; lon: string; lat: string }

const readCsv = <T>(file: string) => Papa.parse<T>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;

/** The misspellings, each applied to every seventh row (seeded, so every run asks the same). */
const MISSPELLINGS: Array<[string, (street: string, random: () => number) => string]> = [
  ['abbreviated', (street) => street.replace(/straße$/i, 'str.').replace(/strasse$/i, 'Str.').replace(/^St\.-/, 'St. ')],
  ['ß and umlauts spelt out', (street) => street.replace(/ß/g, 'ss').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue')],
  ['hyphens dropped', (street) => street.replace(/-/g, ' ').replace(/\s+/g, ' ')],
  ['a letter dropped', (street, random) => { const i = 1 + Math.floor(random() * (street.length - 2)); return street.slice(0, i) + street.slice(i + 1); }],
  ['two letters swapped', (street, random) => { const i = 1 + Math.floor(random() * (street.length - 3)); return street.slice(0, i) + street[i + 1] + street[i] + street.slice(i + 2); }],
  ['a letter doubled', (street, random) => { const i = 1 + Math.floor(random() * (street.length - 2)); return street.slice(0, i) + street[i] + street.slice(i); }],
  ['lower case, no accents', (street) => street.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()],
];

function metres([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const radians = Math.PI / 180;
  const x = (lng2 - lng1) * radians * Math.cos(((lat1 + lat2) / 2) * radians);
  return Math.hypot(x, (lat2 - lat1) * radians) * 6_371_000;
}

/** A plugin of the API's query builder (kysely is the API's dependency, not the benches'). */
type KyselyPlugin = Parameters<DatabaseHandle['db']['withPlugin']>[0];

/** Counts the SQL statements sent through the Kysely it is plugged into. */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => { this.statements += 1; return args.node; };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

async function geocodeInBatches(geocoder: OfflineGeocoder, queries: AddressQuery[], batch: number): Promise<GeocodeResult[]> {
  const results: GeocodeResult[] = [];
  for (let start = 0; start < queries.length; start += batch) results.push(...await geocoder.geocode(queries.slice(start, start + batch)));
  return results;
}

/** The baseline's lookup, on its own connection: equal street and number, case aside, in the row's postcode or town. */
async function exactMatch(peer: pg.Client, query: AddressQuery): Promise<[number, number] | null> {
  const { rows } = await peer.query<{ lon: number; lat: number }>(`
    SELECT ST_X(position) AS lon, ST_Y(position) AS lat FROM live_addresses
    WHERE lower(street) = lower($1) AND lower(housenumber) = lower($2) AND (postcode = $3 OR lower(city) = lower($4))
    ORDER BY id LIMIT 1`, [query.street ?? '', query.housenumber ?? '', query.postcode ?? '', query.city ?? '']);
  return rows[0] ? [rows[0].lon, rows[0].lat] : null;
}

/** Copies of the extract's addresses, each under postcodes and towns of its own. */
async function* replicas(addresses: AddressItem[], copies: number): AsyncGenerator<AddressItem> {
  for (let copy = 1; copy <= copies; copy++) {
    for (const address of addresses) {
      yield { ...address, ref: `${address.ref}-${copy}`, postcode: address.postcode ? `${copy}${address.postcode}` : null, city: address.city ? `${address.city} ${copy}` : null };
    }
  }
}

async function runOn(database: DatabaseHandle, label: string, gazetteer: Gazetteer): Promise<void> {
  console.log(`\n## ${label}\n`);
  await migrate(database);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-geocoding-'));
  const peer = new pg.Client(database.connection);
  await peer.connect();
  try {
    const imported = await timed(() => importOsmAddressExtract(database.db, EXTRACT, { scratchDir: work }));
    const { loaded } = imported.value;
    console.log(`import osm-addresses north-bayreuth: ${loaded.addresses} addresses on ${loaded.streets} streets in ${(imported.ms / 1000).toFixed(2)} s (${Math.round(loaded.addresses / (imported.ms / 1000))} addresses/s, small file: fixed costs dominate)`);
    if (REPLICAS > 0) {
      const { rows } = await peer.query<{ ref: string; country: string; street: string; housenumber: string; postcode: string | null; city: string | null; lon: number; lat: number }>(
        'SELECT ref, country, street, housenumber, postcode, city, ST_X(position) AS lon, ST_Y(position) AS lat FROM live_addresses ORDER BY id');
      const addresses: AddressItem[] = rows.map((row) => ({ ref: row.ref, country: row.country, street: row.street, houseNumber: row.housenumber, postcode: row.postcode, city: row.city, position: [row.lon, row.lat] }));
      const scale = await timed(() => loadAddressDataset(database.db, {
        id: 'bench--replicas', source: 'osm-addresses', files: ['replicas'], contentHash: `replicas-${REPLICAS}`, addresses: async () => replicas(addresses, REPLICAS),
      }));
      console.log(`scale test: ${scale.value.addresses.toLocaleString('en')} more addresses on ${scale.value.streets.toLocaleString('en')} streets (${REPLICAS} copies under other postcodes and towns) loaded in ${(scale.ms / 1000).toFixed(1)} s (${Math.round(scale.value.addresses / (scale.ms / 1000)).toLocaleString('en')} addresses/s)`);
    }

    const rows = readCsv<AddressRow>(ADDRESSES_FILE);
    const queries: AddressQuery[] = rows.map((row) => ({ street: row.street, housenumber: row.housenumber, postcode: row.postcode, city: row.city }));
    const random = seededRandom(42);
    const misspelt = queries.map((query, i) => ({ ...query, street: MISSPELLINGS[i % MISSPELLINGS.length]![1](query.street!, random) }));
    const stations = readCsv<StationRow>(STATIONS_FILE);
    const stationQueries: AddressQuery[] = stations.map((station) => ({ street: station.name, city: station.area, country: 'GB' }));

    // The baseline's own index, so that it is not slow for want of one.
    await peer.query('CREATE INDEX bench_addresses_exact ON addresses (lower(street), lower(housenumber))');
    // Warm-up: the first statements of a connection plan and cache.
    await new OfflineGeocoder(database.db, gazetteer, { cacheEntries: 0 }).geocode(queries.slice(0, 50));

    // Throughput.
    const passes = 5;
    const many = Array.from({ length: passes }, () => queries).flat();
    const counter = new StatementCounter();
    const counted = database.db.withPlugin(counter);
    const batched = await timed(() => geocodeInBatches(new OfflineGeocoder(counted, gazetteer, { cacheEntries: 0 }), many, BATCH));
    const batchedStatements = counter.statements;
    counter.statements = 0;
    const oneByOne = await timed(() => geocodeInBatches(new OfflineGeocoder(counted, gazetteer, { cacheEntries: 0 }), many, 1));
    const oneByOneStatements = counter.statements;
    const cachedGeocoder = new OfflineGeocoder(database.db, gazetteer);
    await geocodeInBatches(cachedGeocoder, queries, BATCH);
    const cached = await timed(() => geocodeInBatches(cachedGeocoder, many, BATCH));
    const baselineExact = await timed(async () => { for (const query of many) await exactMatch(peer, query); });
    const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
    console.log(`\nThroughput on ${many.length.toLocaleString('en')} rows (the file ${passes} times), cache off unless said:\n`);
    console.log(table([
      ['', 'rows/s', 'SQL statements', 'total'],
      [`ours, batches of ${BATCH}`, rate(many.length, batched.ms).toLocaleString('en'), String(batchedStatements), `${(batched.ms / 1000).toFixed(2)} s`],
      ['baseline: ours one row at a time', rate(many.length, oneByOne.ms).toLocaleString('en'), String(oneByOneStatements), `${(oneByOne.ms / 1000).toFixed(2)} s`],
      [`ours, batches of ${BATCH}, cache warm`, rate(many.length, cached.ms).toLocaleString('en'), '1 per batch (version)', `${(cached.ms / 1000).toFixed(2)} s`],
      ['plain SQL exact match, one row at a time', rate(many.length, baselineExact.ms).toLocaleString('en'), String(many.length), `${(baselineExact.ms / 1000).toFixed(2)} s`],
    ]));
    console.log(`\nbatched ÷ one row at a time: ${ratio(oneByOne.ms / batched.ms)}; cache warm ÷ batched: ${ratio(batched.ms / cached.ms)}`);

    // Hit rate.
    const geocoder = new OfflineGeocoder(database.db, gazetteer, { cacheEntries: 0 });
    const exact = await geocodeInBatches(geocoder, queries, BATCH);
    const variants = await geocodeInBatches(geocoder, misspelt, BATCH);
    const distances = exact.flatMap((result, i) => (result.precision === 'housenumber' ? [metres([result.lng, result.lat], [Number(rows[i]!.lon), Number(rows[i]!.lat)])] : []));
    const sameAddress = (result: GeocodeResult, i: number) => {
      const reference = exact[i]!;
      return result.precision === 'housenumber' && reference.precision === 'housenumber' && result.lng === reference.lng && result.lat === reference.lat;
    };
    const baselineOn = async (list: AddressQuery[]) => {
      const found: Array<[number, number] | null> = [];
      for (const query of list) found.push(await exactMatch(peer, query));
      return found;
    };
    const baselineFile = await baselineOn(queries);
    const baselineVariants = await baselineOn(misspelt);
    const byPrecision = (results: GeocodeResult[]) => {
      const counts = new Map<string, number>();
      for (const result of results) counts.set(String(result.precision), (counts.get(String(result.precision)) ?? 0) + 1);
      return ['housenumber', 'street', 'postcode', 'city', 'null'].map((precision) => `${precision} ${counts.get(precision) ?? 0}`).join(', ');
    };
    console.log(`\nHit rate on the real addresses (${rows.length} rows of addresses-bindlach-heinersreuth-osm.csv):\n`);
    console.log(table([
      ['', 'ours: house number', 'baseline (exact SQL)'],
      ['the file as it is', `${pct(exact.filter((result) => result.precision === 'housenumber').length / rows.length)} (${byPrecision(exact)})`, pct(baselineFile.filter(Boolean).length / rows.length)],
      ['the streets misspelt', `${pct(variants.filter(sameAddress).length / rows.length)} at the same address (${byPrecision(variants)})`, pct(baselineVariants.filter(Boolean).length / rows.length)],
      ...MISSPELLINGS.map(([name], kind): string[] => {
        const indices = rows.map((_, i) => i).filter((i) => i % MISSPELLINGS.length === kind);
        return [`  ${name} (${indices.length})`, pct(indices.filter((i) => sameAddress(variants[i]!, i)).length / indices.length), pct(indices.filter((i) => baselineVariants[i]).length / indices.length)];
      }),
    ]));
    const wrong = variants.filter((result, i) => result.precision === 'housenumber' && !sameAddress(result, i)).length;
    console.log(`misspelt rows placed at another address: ${wrong}`);
    console.log(`distance from the file's position (house number precision): median ${median(distances).toFixed(1)} m, p95 ${percentile(distances, 95).toFixed(1)} m, max ${Math.max(...distances).toFixed(1)} m`);

    const stationResults = await geocodeInBatches(geocoder, stationQueries, BATCH);
    const stationDistances = stationResults.flatMap((result, i) => (result.precision ? [metres([result.lng, result.lat], [Number(stations[i]!.lon), Number(stations[i]!.lat)])] : []));
    console.log(`\nLondon cycle hire stations (${stations.length}; name as the street, area as the town; no London address imported): ${byPrecision(stationResults)}; placed ${pct(stationDistances.length / stations.length)}, median distance ${(median(stationDistances) / 1000).toFixed(1)} km, p95 ${(percentile(stationDistances, 95) / 1000).toFixed(1)} km`);
  } finally {
    await peer.end().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

const config = loadConfig();
const { gazetteer } = await ensureDemoData({ dataDir: config.dataDir, log: (message) => console.log(message) });
console.log(`# bench:geocoding — batches of ${BATCH}, ${REPLICAS} replicas of the extract's addresses`);
if (DATABASES.includes('pglite')) {
  const database = await openDatabase({});
  try { await runOn(database, 'PGlite (embedded, in memory)', gazetteer); } finally { await database.close(); }
}
if (DATABASES.includes('postgres')) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchPostgres(adminUrl, BENCH_DATABASE);
  if (typeof scratch === 'string') {
    console.log(`\n## PostgreSQL\n\nUNAVAILABLE: ${scratch}`);
  } else {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    try { await runOn(database, `PostgreSQL (${BENCH_DATABASE})`, gazetteer); } finally {
      await database.close();
      if (!KEEP) await scratch.drop();
    }
  }
}
