/**
 * `npm run data -- import osm-addresses <extract.osm.pbf>…`, and the same for tests: the postal
 * addresses of an OpenStreetMap extract, read by the geodata package (addresses/, with the POI
 * importer's reading machinery) and loaded into the database (address-loader.ts). An extract is
 * one dataset, imported again only when its content or this import changes.
 */
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { datasetId, readOsmAddresses, worldCountryLocator, type AddressReadSummary, type CountryLocator } from '@catchment/geodata';
import { readOsm } from '@catchment/routing';
import type { Database } from '../../db/schema.js';
import { importContentHash } from '../../db/versioned-datasets.js';
import { loadAddressDataset, type AddressLoadOptions, type LoadedAddressDataset } from './address-loader.js';

/**
 * Goes into every content hash with the files: a new version of the reader or of the keys the
 * addresses are stored with makes the same files a new content, to be imported again.
 */
const IMPORT_FORMAT = 'address-import-1';

export interface AddressImportOptions extends AddressLoadOptions {
  /** Where an extract's addresses wait between its read and the database. */
  scratchDir: string;
  /** The world's country shapes (built on first use when not given). */
  countries?: CountryLocator;
}

export interface AddressImportResult {
  file: string;
  /** What was read; null when the dataset was already live with the same content (nothing read). */
  summary: AddressReadSummary | null;
  /** Country borders taken from the extract itself. */
  borders?: Array<{ code: string; closedOverGap: boolean }>;
  loaded: LoadedAddressDataset;
}

export async function importOsmAddressExtract(db: Kysely<Database>, file: string, options: AddressImportOptions): Promise<AddressImportResult> {
  let summary: AddressReadSummary | null = null;
  let borders: AddressImportResult['borders'];
  let found: number | undefined;
  const loaded = await loadAddressDataset(db, {
    id: datasetId('osm-addresses', file),
    source: 'osm-addresses',
    files: [basename(file)],
    contentHash: await importContentHash(`${IMPORT_FORMAT}\nosm-addresses`, [file]),
    addresses: async () => {
      const read = await readOsmAddresses({
        read: (sink, onBytes) => readOsm(file, sink, onBytes),
        spoolFile: join(options.scratchDir, `${basename(file)}.${process.pid}.${Date.now()}.addresses.ndjson`),
        countries: options.countries ?? worldCountryLocator(),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      ({ summary, borders, found } = read);
      return read.addresses;
    },
    expectedAddresses: () => found,
  }, options);
  return { file, summary, ...(borders ? { borders } : {}), loaded };
}
