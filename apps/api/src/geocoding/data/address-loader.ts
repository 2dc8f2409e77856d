/**
 * Loads the addresses of one import (an OpenStreetMap extract) into `addresses`, and their streets
 * into `address_streets`: the data of record of the built-in geocoder (migration 014). As business
 * data is loaded (db/versioned-datasets.ts):
 * 1. the addresses are written in batches under a new version, out of sight, with the keys queries
 *    are compared in (packages/geodata text/address-keys.ts); their streets are summed up as they
 *    pass (one entry per street of a town and postcode: a few per cent of the addresses) and
 *    written after them, each at the mean position of its addresses;
 * 2. one short transaction makes that version the dataset's live one and moves
 *    address_data_state.version on (the geocoders' caches key on it);
 * 3. the rows of older versions are deleted, in batches.
 * A dataset whose content hash is the live one's changes nothing (its addresses are not even read).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { cityNameKey, houseNumberKey, postcodeKey, streetNameKey, type AddressItem } from '@catchment/geodata';
import type { Database } from '../../db/schema.js';
import { deleteDatasetVersions, loadNewVersion, lockPublications, writeInBatches } from '../../db/versioned-datasets.js';

/** Rows of one INSERT: a statement of some tens of milliseconds, so other queries keep their turn. */
const BATCH_ROWS = 2_000;
const COORDINATE_SCALE = 1e7;

export interface AddressDatasetInput {
  /** `osm-addresses--north-bayreuth`. */
  id: string;
  source: 'osm-addresses';
  /** The files it was read from (names only), as `npm run data -- datasets` shows them. */
  files: string[];
  /** Of the files' content and of what the import makes of it (see address-import.ts). */
  contentHash: string;
  /** The addresses; asked for only when the content changed. */
  addresses: () => Promise<AsyncIterable<AddressItem>>;
  /** How many to expect, for the progress bar; unknown when the source is read as it loads. */
  expectedAddresses?: () => number | undefined;
}

export interface LoadedAddressDataset {
  id: string;
  addresses: number;
  streets: number;
  countries: string[];
  /** The address data version now live, or, when `unchanged`, the one that already was. */
  version: number;
  unchanged: boolean;
}

export interface AddressLoadOptions {
  onProgress?: (progress: { phase: string; fraction: number }) => void;
}

interface StagedAddresses { addresses: number; streets: number; countries: string[] }

export async function loadAddressDataset(db: Kysely<Database>, input: AddressDatasetInput, options: AddressLoadOptions = {}): Promise<LoadedAddressDataset> {
  const live = (await sql<{ version: string; content_hash: string; addresses: number; streets: number; countries: string[] }>`
    SELECT version, content_hash, addresses, streets, countries FROM address_datasets WHERE id = ${input.id}`.execute(db)).rows[0];
  if (live?.content_hash === input.contentHash) {
    return { id: input.id, addresses: live.addresses, streets: live.streets, countries: live.countries, version: Number(live.version), unchanged: true };
  }
  const { version, staged } = await loadNewVersion(db, {
    kind: 'addresses',
    sequence: 'address_version_seq',
    datasetId: input.id,
    tables: ['addresses', 'address_streets'],
    stage: async (version) => {
      const staged = await stageAddresses(db, input, version, options);
      if (staged.addresses === 0) throw new Error(`${input.files.join(', ')}: no address (house number on a street) found; the live data is unchanged`);
      return staged;
    },
    publish: (trx, staged, version) => publish(trx, input, staged, version),
  });
  return { id: input.id, ...staged, version, unchanged: false };
}

/** A street of a town and postcode, summed up from its addresses as they pass. */
interface StreetSum {
  country: string;
  streetKey: string;
  postcode: string | null;
  postcodeKey: string | null;
  city: string | null;
  cityKey: string | null;
  /** Spellings of the name and how many addresses use each: the most used one is shown. */
  names: Map<string, number>;
  addresses: number;
  lonSum: number;
  latSum: number;
}

interface AddressRow {
  ref: string; country: string; street: string; street_key: string; housenumber: string; housenumber_key: string;
  postcode: string | null; postcode_key: string | null; city: string | null; city_key: string | null; lon: number; lat: number;
}

async function stageAddresses(db: Kysely<Database>, input: AddressDatasetInput, version: number, options: AddressLoadOptions): Promise<StagedAddresses> {
  const streets = new Map<string, StreetSum>();
  const countries = new Set<string>();
  let written = 0;
  const addresses = await writeInBatches(await input.addresses(), { maxItems: BATCH_ROWS }, async (batch) => {
    const rows = batch.map((address) => addressRow(address));
    for (const row of rows) {
      countries.add(row.country);
      addToStreet(streets, row);
    }
    await insertAddresses(db, input.id, version, rows);
    written += batch.length;
    const expected = input.expectedAddresses?.();
    if (expected) options.onProgress?.({ phase: 'database', fraction: Math.min(1, written / expected) });
  });
  let streetRows = 0;
  const all = [...streets.values()];
  for (let start = 0; start < all.length; start += BATCH_ROWS) {
    await insertStreets(db, input.id, version, all.slice(start, start + BATCH_ROWS));
    streetRows += Math.min(BATCH_ROWS, all.length - start);
    options.onProgress?.({ phase: 'streets', fraction: streetRows / all.length });
  }
  return { addresses, streets: all.length, countries: [...countries].sort() };
}

function addressRow(address: AddressItem): AddressRow {
  return {
    ref: address.ref,
    country: address.country,
    street: address.street,
    street_key: streetNameKey(address.street),
    housenumber: address.houseNumber,
    housenumber_key: houseNumberKey(address.houseNumber),
    postcode: address.postcode,
    postcode_key: address.postcode ? postcodeKey(address.postcode, address.country) || null : null,
    city: address.city,
    city_key: address.city ? cityNameKey(address.city) || null : null,
    lon: address.position[0],
    lat: address.position[1],
  };
}

function addToStreet(streets: Map<string, StreetSum>, row: AddressRow): void {
  const key = [row.country, row.postcode_key ?? '', row.city_key ?? '', row.street_key].join('\u0000');
  let street = streets.get(key);
  if (!street) {
    street = {
      country: row.country, streetKey: row.street_key, postcode: row.postcode, postcodeKey: row.postcode_key, city: row.city, cityKey: row.city_key,
      names: new Map(), addresses: 0, lonSum: 0, latSum: 0,
    };
    streets.set(key, street);
  }
  street.names.set(row.street, (street.names.get(row.street) ?? 0) + 1);
  street.addresses += 1;
  street.lonSum += row.lon;
  street.latSum += row.lat;
}

async function insertAddresses(db: Kysely<Database>, datasetId: string, version: number, rows: AddressRow[]): Promise<void> {
  const inserted = await sql`
    INSERT INTO addresses (dataset_id, version, ref, country, street, street_key, housenumber, housenumber_key, postcode, postcode_key,
      city, city_key, position)
    SELECT ${datasetId}, ${version}, ref, country, street, street_key, housenumber, housenumber_key, postcode, postcode_key,
      city, city_key, ST_SetSRID(ST_MakePoint(lon, lat), 4326)
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      ref text, country text, street text, street_key text, housenumber text, housenumber_key text, postcode text, postcode_key text,
      city text, city_key text, lon float8, lat float8)`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) !== rows.length) throw new Error(`${rows.length - Number(inserted.numAffectedRows ?? 0)} addresses of a batch were not written`);
}

async function insertStreets(db: Kysely<Database>, datasetId: string, version: number, streets: StreetSum[]): Promise<void> {
  const rows = streets.map((street) => ({
    country: street.country,
    street: mostUsed(street.names),
    street_key: street.streetKey,
    postcode: street.postcode,
    postcode_key: street.postcodeKey,
    city: street.city,
    city_key: street.cityKey,
    addresses: street.addresses,
    lon: Math.round((street.lonSum / street.addresses) * COORDINATE_SCALE) / COORDINATE_SCALE,
    lat: Math.round((street.latSum / street.addresses) * COORDINATE_SCALE) / COORDINATE_SCALE,
  }));
  const inserted = await sql`
    INSERT INTO address_streets (dataset_id, version, country, street, street_key, postcode, postcode_key, city, city_key, addresses, position)
    SELECT ${datasetId}, ${version}, country, street, street_key, postcode, postcode_key, city, city_key, addresses, ST_SetSRID(ST_MakePoint(lon, lat), 4326)
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      country text, street text, street_key text, postcode text, postcode_key text, city text, city_key text, addresses int, lon float8, lat float8)`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) !== rows.length) throw new Error(`${rows.length - Number(inserted.numAffectedRows ?? 0)} streets of a batch were not written`);
}

function mostUsed(names: Map<string, number>): string {
  let best = '';
  let uses = -1;
  for (const [name, count] of names) {
    if (count > uses) {
      best = name;
      uses = count;
    }
  }
  return best;
}

/** Makes `version` the dataset's live one, unless a later load already went live (then this one is dropped). */
async function publish(trx: Transaction<Database>, input: AddressDatasetInput, staged: StagedAddresses, version: number): Promise<void> {
  const updated = await sql`
    INSERT INTO address_datasets (id, source, files, countries, addresses, streets, content_hash, version, imported_at)
    VALUES (${input.id}, ${input.source}, ${JSON.stringify(input.files)}::jsonb, ${staged.countries}::text[], ${staged.addresses}, ${staged.streets},
      ${input.contentHash}, ${version}, now())
    ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source, files = EXCLUDED.files, countries = EXCLUDED.countries,
      addresses = EXCLUDED.addresses, streets = EXCLUDED.streets, content_hash = EXCLUDED.content_hash, version = EXCLUDED.version,
      imported_at = EXCLUDED.imported_at
    WHERE address_datasets.version < EXCLUDED.version`.execute(trx);
  if (Number(updated.numAffectedRows ?? 0) === 0) throw new Error(`A later import of ${input.id} went live first; this one was dropped`);
  await sql`UPDATE address_data_state SET version = ${version}`.execute(trx);
}

export interface AddressDatasetRow {
  id: string;
  source: string;
  files: string[];
  countries: string[];
  addresses: number;
  streets: number;
  version: number;
  imported_at: Date;
}

/** The address datasets in the database (for the command line and checks). */
export async function listAddressDatasets(db: Kysely<Database>): Promise<AddressDatasetRow[]> {
  const { rows } = await sql<Omit<AddressDatasetRow, 'version'> & { version: string }>`
    SELECT id, source, files, countries, addresses, streets, version, imported_at FROM address_datasets ORDER BY imported_at`.execute(db);
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}

/** Takes an address dataset out of the data (its rows go with it); false when there is no such dataset. */
export async function removeAddressDataset(db: Kysely<Database>, datasetId: string): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    await lockPublications(trx, 'addresses');
    const deleted = await sql`DELETE FROM address_datasets WHERE id = ${datasetId}`.execute(trx);
    if (Number(deleted.numAffectedRows ?? 0) === 0) return false;
    // The data version must still move on, so that caches keyed on it are not reused.
    await sql`UPDATE address_data_state SET version = nextval('address_version_seq')`.execute(trx);
    return true;
  });
  if (removed) {
    for (const table of ['addresses', 'address_streets'] as const) {
      await deleteDatasetVersions(db, table, datasetId, (column) => sql`${column} IS NOT NULL`);
    }
  }
  return removed;
}

/** The address data version: moved on by every import that goes live and every dataset removed. */
export async function addressDataVersion(db: Kysely<Database>): Promise<number> {
  return Number((await sql<{ version: string }>`SELECT version FROM address_data_state`.execute(db)).rows[0]!.version);
}
