/**
 * The points of interest of one OpenStreetMap extract, as catalogue items. The reader is passed in
 * (the API gives routing's `readOsm`), and it reads synchronously, block by block: each POI is
 * spooled to a scratch file as it is found, so memory holds node positions and way node lists but
 * never the POIs. Once the extract is read, its country borders are known (extract-borders.ts)
 * and the spooled POIs are read back with their country, catalogue and categories.
 */
import { closeSync, createReadStream, openSync, rmSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { categoriesOfOsmTags, withCategoryAncestors } from '@catchment/domain';
import type { CountryLocator } from '../../countries/country-locator.js';
import type { ImportProgress } from '../../importers/territory-importer.js';
import { countPoiItem, countSkipped, emptyPoiReadSummary, type PoiItem, type PoiReadSummary } from '../poi-item.js';
import { formatAddress } from '../postal-address.js';
import { BorderedCountryLocator, type CountryBorder } from './extract-borders.js';
import { OsmPoiCollector, type OsmPoiCandidate } from './osm-poi-collector.js';

/** The sink the reader feeds: OsmPoiCollector's methods, as routing's OsmSink declares them. */
export type OsmPoiSink = Pick<OsmPoiCollector, 'node' | 'nodeTags' | 'way' | 'relation'>;

export interface OsmPoiReadOptions {
  /** Reads the extract into the sink, reporting the bytes read. */
  read: (sink: OsmPoiSink, onBytes: (bytesRead: number, totalBytes: number) => void) => Promise<void>;
  /** A scratch file for the POIs between the read and the catalogue; removed at the end. */
  spoolFile: string;
  countries: CountryLocator;
  onProgress?: (progress: ImportProgress) => void;
}

export interface OsmPoiRead {
  /** POIs found in the extract (items and those left out). */
  found: number;
  /** The extract's own country borders used (ISO codes), and whether one was closed over a gap. */
  borders: Array<Pick<CountryBorder, 'code' | 'closedOverGap'>>;
  /** The catalogue items, read back from the spool (once); the summary fills as they go. */
  items: AsyncIterable<PoiItem>;
  summary: PoiReadSummary;
}

const SPOOL_BUFFER_CHARS = 1 << 20;
/** OpenStreetMap stores positions to 7 decimals. */
const COORDINATE_SCALE = 1e7;

export async function readOsmPois(options: OsmPoiReadOptions): Promise<OsmPoiRead> {
  const descriptor = openSync(options.spoolFile, 'w');
  let buffer = '';
  let found = 0;
  const collector = new OsmPoiCollector((candidate) => {
    found += 1;
    buffer += `${JSON.stringify(candidate)}\n`;
    if (buffer.length >= SPOOL_BUFFER_CHARS) {
      writeSync(descriptor, buffer);
      buffer = '';
    }
  });
  try {
    await options.read(collector, (bytesRead, totalBytes) => options.onProgress?.({ phase: 'read', fraction: totalBytes > 0 ? bytesRead / totalBytes : 1 }));
    if (buffer) writeSync(descriptor, buffer);
  } catch (error) {
    rmSync(options.spoolFile, { force: true });
    throw error;
  } finally {
    closeSync(descriptor);
  }
  const borders = collector.borders();
  const locator = new BorderedCountryLocator(options.countries, borders);
  const summary = emptyPoiReadSummary();
  if (collector.incompleteAreas > 0) summary.skipped['area not whole in the extract'] = collector.incompleteAreas;
  return {
    found,
    borders: borders.map(({ code, closedOverGap }) => ({ code, closedOverGap })),
    items: spooledItems(options.spoolFile, locator, summary),
    summary,
  };
}

async function* spooledItems(spoolFile: string, locator: BorderedCountryLocator, summary: PoiReadSummary): AsyncGenerator<PoiItem> {
  try {
    const lines = createInterface({ input: createReadStream(spoolFile), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const candidate = JSON.parse(line) as OsmPoiCandidate;
      const country = locator.countryAt(candidate.position);
      if (!country) {
        countSkipped(summary, 'at sea, in no country');
        continue;
      }
      const item = osmPoiItem(candidate, country);
      countPoiItem(summary, item);
      yield item;
    }
  } finally {
    rmSync(spoolFile, { force: true });
  }
}

export function osmPoiItem({ ref, position, fields }: OsmPoiCandidate, country: string): PoiItem {
  return {
    catalogue: `${country}_osm_poi`,
    ref,
    name: fields.name,
    categories: withCategoryAncestors(categoriesOfOsmTags(fields.tags)),
    tags: fields.tags,
    naf: null,
    headcount: null,
    brand: fields.brand,
    address: formatAddress(fields.address, country),
    openingHours: fields.openingHours,
    website: fields.website,
    details: fields.details,
    country,
    position: [Math.round(position[0] * COORDINATE_SCALE) / COORDINATE_SCALE, Math.round(position[1] * COORDINATE_SCALE) / COORDINATE_SCALE],
    iris: null,
  };
}
