/**
 * `npm run data -- import osm-pois <extract.osm.pbf>…` and `import sirene <files…>`, and the same
 * for tests: the files are read by the geodata package (poi/) and their items loaded into the
 * database (poi-loader.ts). An OpenStreetMap extract is one dataset; so is each SIRENE stock or
 * by-IRIS file, the geolocation files given with them lending their positions to all.
 */
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { POI_CATEGORIES } from '@catchment/domain';
import {
  classifySireneFiles, datasetId, emptyPoiReadSummary, readGeolocation, readOsmPois, readSireneItems, worldCountryLocator,
  type CountryLocator, type GeolocationIndex, type PoiReadSummary,
} from '@catchment/geodata';
import { readOsm } from '@catchment/routing';
import type { Database } from '../../db/schema.js';
import { importContentHash } from '../../db/versioned-datasets.js';
import { loadPoiDataset, type LoadedPoiDataset, type PoiLoadOptions } from './poi-loader.js';

/**
 * Goes into every content hash with the files: a new version of the importers or of the category
 * tree makes the same files a new content, to be imported again.
 */
const IMPORT_FORMAT = 'poi-import-1';

export interface PoiImportOptions extends PoiLoadOptions {
  /** Where an extract's POIs wait between its read and the database. */
  scratchDir: string;
  /** The world's country shapes (built on first use when not given). */
  countries?: CountryLocator;
}

export interface PoiImportResult {
  files: string[];
  /** What was read; null when the dataset was already live with the same content (nothing read). */
  summary: PoiReadSummary | null;
  /** Country borders taken from an OpenStreetMap extract itself (extract-borders.ts in geodata). */
  borders?: Array<{ code: string; closedOverGap: boolean }>;
  loaded: LoadedPoiDataset;
}

export async function importOsmPoiExtract(db: Kysely<Database>, file: string, options: PoiImportOptions): Promise<PoiImportResult> {
  let summary: PoiReadSummary | null = null;
  let borders: PoiImportResult['borders'];
  let found: number | undefined;
  const loaded = await loadPoiDataset(db, {
    id: datasetId('osm-pois', file),
    source: 'osm-pois',
    files: [basename(file)],
    contentHash: await contentHash('osm-pois', [file]),
    items: async () => {
      const read = await readOsmPois({
        read: (sink, onBytes) => readOsm(file, sink, onBytes),
        spoolFile: join(options.scratchDir, `${basename(file)}.${process.pid}.${Date.now()}.pois.ndjson`),
        countries: options.countries ?? worldCountryLocator(),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      ({ summary, borders, found } = read);
      return read.items;
    },
    expectedItems: () => found,
  }, options);
  return { files: [file], summary, ...(borders ? { borders } : {}), loaded };
}

export async function importSireneFiles(db: Kysely<Database>, files: string[], options: PoiLoadOptions = {}): Promise<PoiImportResult[]> {
  if (files.length === 0) throw new Error('import sirene needs at least one SIRENE file');
  const classified = classifySireneFiles(files);
  const geolocationFiles = classified.filter((source) => source.kind === 'geolocation').map((source) => source.file);
  const datasets = classified.filter((source) => source.kind !== 'geolocation');
  if (datasets.length === 0) throw new Error('import sirene needs a stock file (StockEtablissement) or a file of establishments by IRIS, not only geolocation files');
  let geolocation: Promise<GeolocationIndex> | undefined;
  const results: PoiImportResult[] = [];
  for (const source of datasets) {
    const withGeolocation = source.kind === 'stock' ? geolocationFiles : [];
    const summary = emptyPoiReadSummary();
    let read = false;
    const loaded = await loadPoiDataset(db, {
      id: datasetId('sirene', source.file),
      source: 'sirene',
      files: [source.file, ...withGeolocation].map((file) => basename(file)),
      contentHash: await contentHash('sirene', [source.file, ...withGeolocation]),
      items: async () => {
        read = true;
        const index = withGeolocation.length > 0 ? await (geolocation ??= readGeolocation(withGeolocation, options.onProgress)) : undefined;
        return readSireneItems(source, summary, { ...(index ? { geolocation: index } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
      },
    }, options);
    results.push({ files: [source.file, ...withGeolocation], summary: read ? summary : null, loaded });
  }
  return results;
}

/** Of the files' bytes (in the order given) and of the import's format and category tree. */
function contentHash(source: string, files: string[]): Promise<string> {
  return importContentHash(`${IMPORT_FORMAT}\n${source}\n${JSON.stringify(POI_CATEGORIES)}`, files);
}
