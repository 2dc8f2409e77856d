/**
 * The built-in geocoder on both databases: the postal addresses of the north Bayreuth extract
 * imported as `npm run data -- import osm-addresses` does (streamed, all-or-nothing, idempotent),
 * then every row of a real customer file of addresses there (test-data/customers, derived from the
 * same extract) placed by its street, house number, postcode and town, where the file says it is;
 * misspelt streets; a postcode alone, a town alone and an unknown address; and answers that follow
 * the data when it changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOsm } from '@catchment/routing';
import type { AppContext } from '../src/context.js';
import { addressDataVersion, listAddressDatasets, removeAddressDataset } from '../src/geocoding/data/address-loader.js';
import type { AddressQuery, GeocodeMatch, GeocodeResult } from '../src/geocoding/geocoder.js';
import { importOsmAddressFile, testApp } from './harness.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../test-data');
const NORTH_BAYREUTH = path.join(TEST_DATA, 'osm/north-bayreuth.osm.pbf');
const CUSTOMERS = path.join(TEST_DATA, 'customers/addresses-bindlach-heinersreuth-osm.csv');
const DATASET = 'osm-addresses--north-bayreuth';

interface CustomerRow { osm_id: string; street: string; housenumber: string; postcode: string; city: string; country: string; lon: string; lat: string }

let ctx: AppContext;
let rows: CustomerRow[];
beforeAll(async () => {
  ({ ctx } = await testApp());
  rows = Papa.parse<CustomerRow>(fs.readFileSync(CUSTOMERS, 'utf8'), { header: true, skipEmptyLines: true }).data;
});

const db = () => ctx.database.db;
const query = (row: CustomerRow): AddressQuery => ({ street: row.street, housenumber: row.housenumber, postcode: row.postcode, city: row.city });

/** Metres between two WGS84 points (equirectangular: exact enough over a few kilometres). */
function metres([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const radians = Math.PI / 180;
  const x = (lng2 - lng1) * radians * Math.cos(((lat1 + lat2) / 2) * radians);
  return Math.hypot(x, (lat2 - lat1) * radians) * 6_371_000;
}

/** Objects of the extract with a house number and a street, and the numbers they hold, counted with a plain reader apart from the importer. */
async function addressObjects(file: string): Promise<{ objects: number; numbers: number }> {
  let objects = 0;
  let numbers = 0;
  const count = (tags: Readonly<Record<string, string>>) => {
    if (!tags['addr:street']?.trim() || !tags['addr:housenumber']?.trim()) return;
    objects += 1;
    numbers += new Set(tags['addr:housenumber'].split(';').map((number) => number.trim()).filter(Boolean)).size;
  };
  await readOsm(file, { node() {}, nodeTags: (_id, tags) => count(tags), way: (_id, _refs, tags) => count(tags), relation: (_id, _members, tags) => count(tags) });
  return { objects, numbers };
}

describe('OpenStreetMap addresses in the database', () => {
  it('imports every address of the extract with its street, and an identical import changes nothing', async () => {
    await removeAddressDataset(db(), DATASET);
    const before = await addressDataVersion(db());
    const inFile = await addressObjects(NORTH_BAYREUTH);
    const first = await importOsmAddressFile(ctx, NORTH_BAYREUTH);
    expect(first.summary).toEqual({ addresses: inFile.numbers, byCountry: { de: inFile.numbers }, skipped: {} });
    expect(first.loaded).toMatchObject({ id: DATASET, addresses: inFile.numbers, countries: ['de'], unchanged: false });
    const version = await addressDataVersion(db());
    expect(version).toBeGreaterThan(before);
    expect(first.loaded.version).toBe(version);
    // One street per street name, postcode and town: as many as the addresses have.
    const { rows: [streets] } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT DISTINCT country, postcode_key, city_key, street_key FROM live_addresses WHERE dataset_id = ${DATASET}) s`.execute(db());
    expect(first.loaded.streets).toBe(streets!.n);
    const { rows: [sum] } = await sql<{ n: number }>`SELECT sum(addresses)::int AS n FROM live_address_streets WHERE dataset_id = ${DATASET}`.execute(db());
    expect(sum!.n).toBe(inFile.numbers);

    const again = await importOsmAddressFile(ctx, NORTH_BAYREUTH);
    expect(again).toMatchObject({ summary: null, loaded: { id: DATASET, unchanged: true, addresses: inFile.numbers, version } });
    expect(await addressDataVersion(db())).toBe(version);
    expect((await listAddressDatasets(db())).filter((dataset) => dataset.id === DATASET)).toHaveLength(1);
  });
});

describe('the built-in geocoder', () => {
  beforeAll(async () => {
    await importOsmAddressFile(ctx, NORTH_BAYREUTH);
  });

  it('places every address of the customer file where the file says, by its house number, in batches', async () => {
    expect(ctx.geocoder.name).toBe('builtin');
    expect(rows).toHaveLength(797);
    const results: GeocodeResult[] = [];
    let reported = 0;
    for (let start = 0; start < rows.length; start += 250) {
      const batch = rows.slice(start, start + 250);
      results.push(...await ctx.geocoder.geocode(batch.map(query), { onProgress: (done, total) => { expect(total).toBe(batch.length); reported = done; } }));
      expect(reported).toBe(batch.length);
    }
    const placed = results.filter((result): result is GeocodeMatch => result.precision === 'housenumber');
    expect(placed).toHaveLength(797);
    // The file puts a building at the mean of its vertices, the import at a point inside it (the
    // pole of inaccessibility): a few metres apart on a house, more on a large building. Twelve
    // addresses are held by two objects each: the answer is one of them.
    const distanceOf = (i: number) => {
      const row = rows[i]!;
      const result = results[i] as GeocodeMatch;
      const twins = rows.filter((other) => other.street === row.street && other.housenumber === row.housenumber && other.postcode === row.postcode);
      return Math.min(...twins.map((twin) => metres([result.lng, result.lat], [Number(twin.lon), Number(twin.lat)])));
    };
    const distances = results.map((_, i) => distanceOf(i)).sort((a, b) => a - b);
    const median = distances[Math.floor(distances.length / 2)]!;
    const p95 = distances[Math.floor(distances.length * 0.95)]!;
    console.log(`geocoded ${placed.length}/${rows.length} rows to the house number; distance to the file's position: median ${median.toFixed(1)} m, p95 ${p95.toFixed(1)} m, max ${distances.at(-1)!.toFixed(1)} m`);
    expect(median).toBeLessThan(3);
    expect(p95).toBeLessThan(8);
    // Farther than 15 m: only St.-Georgen-Straße 14 (its two rows), whose object is a foundry's
    // large building, 36 m from the mean of its vertices to the point inside it.
    const far = rows.filter((_, i) => distanceOf(i) > 15);
    expect(far.map((row) => `${row.street} ${row.housenumber}`)).toEqual(['St.-Georgen-Straße 14', 'St.-Georgen-Straße 14']);
    expect(distances.at(-1)).toBeLessThan(40);
    expect(placed.find((_, i) => rows[i]!.osm_id === 'w41769021')).toMatchObject({ label: 'St.-Georgen-Straße 14, 95463 Bindlach', score: 1 });
  });

  it('places misspelt streets, abbreviations, missing hyphens and accents at the same address', async () => {
    const variants: Array<[string, string]> = [
      ['St.-Georgen-Straße', 'St. Georgen Str.'],
      ['St.-Georgen-Straße', 'sankt georgen strasse'],
      ['Schloßplatz', 'Schlossplatz'],
      ['Waidmannstraße', 'Waidmanstrasse'],
      ['Neuenreuther Straße', 'Neuenreuter Str.'],
      ['Lindberghstraße', 'Lindbergstraße'],
      ['Weikenreuther Straße', 'WEIKENREUTHER-STRASSE'],
      ['Stöckigstraße', 'Stoeckigstrasse'],
      ['Hauptstraße', 'Hauptstrase'],
      ['Alte Bahnhofstraße', 'Alte Bahnhofstr'],
      ['Ängerleinstraße', 'Angerleinstr.'],
    ];
    for (const [street, variant] of variants) {
      const row = rows.find((candidate) => candidate.street === street);
      expect(row, street).toBeDefined();
      const [exact, misspelt, oneLine] = await ctx.geocoder.geocode([
        query(row!), { ...query(row!), street: variant }, { line: `${variant} ${row!.housenumber}, ${row!.postcode} ${row!.city}` },
      ]);
      expect(exact, street).toMatchObject({ precision: 'housenumber', score: 1 });
      for (const answer of [misspelt, oneLine]) {
        expect(answer, variant).toMatchObject({ precision: 'housenumber', lng: (exact as GeocodeMatch).lng, lat: (exact as GeocodeMatch).lat, label: (exact as GeocodeMatch).label });
        expect((answer as GeocodeMatch).score, variant).toBeGreaterThan(0.6);
      }
    }
  });

  it('places a street whose house number the data lacks at the street, and no neighbouring street for a missing one', async () => {
    const [missingNumber, otherStreet] = await ctx.geocoder.geocode([
      { street: 'Hauptstraße', housenumber: '999', postcode: '95463', city: 'Bindlach' },
      // Bindlach has an Eichenstraße and an Eichenweg, but no Eichenallee.
      { street: 'Eichenallee', housenumber: '7', postcode: '95463', city: 'Bindlach' },
    ]);
    expect(missingNumber).toMatchObject({ precision: 'street', label: 'Hauptstraße, 95463 Bindlach', score: 1 });
    expect(otherStreet).toMatchObject({ precision: 'postcode', label: '95463 Bindlach' });
  });

  it('places a German postcode alone by the imported addresses (the gazetteer has no German postcodes), a town alone, and nothing for an unknown address', async () => {
    expect(ctx.gazetteer!.search('95463', 50).filter((place) => place.country === 'DE')).toEqual([]);
    const [postcode, postcodeNoCountry, town, village, unknown] = await ctx.geocoder.geocode([
      { postcode: '95463', country: 'DE' },
      { postcode: '95463' },
      { city: 'Bindlach', country: 'Germany' },
      { city: 'Heinersreuth-Cottenbach' },
      { street: 'Musterstraße', housenumber: '1', postcode: '12345', city: 'Musterstadt', country: 'DE' },
    ]);
    expect(postcode).toMatchObject({ precision: 'postcode', label: '95463 Bindlach', score: 1 });
    // The mean of the 95463 addresses lies among them.
    const inPostcode = rows.filter((row) => row.postcode === '95463');
    const lngs = inPostcode.map((row) => Number(row.lon));
    const lats = inPostcode.map((row) => Number(row.lat));
    expect((postcode as GeocodeMatch).lng).toBeGreaterThan(Math.min(...lngs));
    expect((postcode as GeocodeMatch).lng).toBeLessThan(Math.max(...lngs));
    expect((postcode as GeocodeMatch).lat).toBeGreaterThan(Math.min(...lats));
    expect((postcode as GeocodeMatch).lat).toBeLessThan(Math.max(...lats));
    // Without a country, five digits are German here because the imported addresses say so (not the US zip code 95463).
    expect(postcodeNoCountry).toMatchObject({ precision: 'postcode', label: '95463 Bindlach' });
    expect((postcodeNoCountry as GeocodeMatch).lng).toBeCloseTo((postcode as GeocodeMatch).lng, 9);
    expect((postcodeNoCountry as GeocodeMatch).lat).toBeCloseTo((postcode as GeocodeMatch).lat, 9);
    // The gazetteer's town (GeoNames), and a village only the imported addresses know.
    expect(town).toMatchObject({ precision: 'city', label: 'Bindlach' });
    expect(metres([(town as GeocodeMatch).lng, (town as GeocodeMatch).lat], [11.61, 49.98])).toBeLessThan(2_000);
    expect(village).toMatchObject({ precision: 'city', label: 'Heinersreuth-Cottenbach' });
    expect(unknown).toEqual({ precision: null });
  });

  it('forgets its answers when the address data changes', async () => {
    const row = rows[0]!;
    expect(await ctx.geocoder.geocode([query(row)])).toMatchObject([{ precision: 'housenumber' }]);
    await removeAddressDataset(db(), DATASET);
    try {
      // The same query again: the cache must not answer from the removed addresses.
      const [after] = await ctx.geocoder.geocode([query(row)]);
      expect(after!.precision).not.toBe('housenumber');
      expect(after!.precision).not.toBe('street');
    } finally {
      await importOsmAddressFile(ctx, NORTH_BAYREUTH);
    }
    expect(await ctx.geocoder.geocode([query(row)])).toMatchObject([{ precision: 'housenumber' }]);
  });
});
