/**
 * Reads the features of one kind (points of interest, postal addresses) out of an OpenStreetMap
 * extract. The reader is passed in (the API gives routing's `readOsm`), and it reads synchronously,
 * block by block: each feature is spooled to a scratch file as it is found, so memory holds node
 * positions and way node lists but never the features. Once the extract is read, its country
 * borders are known (extract-borders.ts), and the spooled features are read back with the country
 * of their position.
 */
import { closeSync, createReadStream, openSync, rmSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CountryLocator } from '../../countries/country-locator.js';
import type { ImportProgress } from '../../importers/territory-importer.js';
import { BorderedCountryLocator, type CountryBorder } from './extract-borders.js';
import { OsmFeatureCollector, type OsmFeatureCandidate, type OsmFieldsReader } from './osm-feature-collector.js';

/** The sink the reader feeds: the collector's methods, as routing's OsmSink declares them. */
export type OsmFeatureSink = Pick<OsmFeatureCollector<unknown>, 'node' | 'nodeTags' | 'way' | 'relation'>;

export interface OsmFeatureReadOptions {
  /** Reads the extract into the sink, reporting the bytes read. */
  read: (sink: OsmFeatureSink, onBytes: (bytesRead: number, totalBytes: number) => void) => Promise<void>;
  /** A scratch file for the features between the read and their use; removed at the end. */
  spoolFile: string;
  countries: CountryLocator;
  onProgress?: (progress: ImportProgress) => void;
}

export interface OsmFeatureSpool<F> {
  /** Features found in the extract. */
  found: number;
  /** The extract's own country borders used (ISO codes), and whether one was closed over a gap. */
  borders: Array<Pick<CountryBorder, 'code' | 'closedOverGap'>>;
  /** Multipolygons whose ways the extract lacks, so they have no area to place. */
  incompleteAreas: number;
  /**
   * The features read back from the spool (once; the file is removed after), each with the
   * country at its position (lower-case ISO code; null at sea, in no country).
   */
  placed: AsyncIterable<{ candidate: OsmFeatureCandidate<F>; country: string | null }>;
}

const SPOOL_BUFFER_CHARS = 1 << 20;

export async function spoolOsmFeatures<F>(fieldsOf: OsmFieldsReader<F>, options: OsmFeatureReadOptions): Promise<OsmFeatureSpool<F>> {
  const descriptor = openSync(options.spoolFile, 'w');
  let buffer = '';
  let found = 0;
  const collector = new OsmFeatureCollector(fieldsOf, (candidate) => {
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
  return {
    found,
    borders: borders.map(({ code, closedOverGap }) => ({ code, closedOverGap })),
    incompleteAreas: collector.incompleteAreas,
    placed: spooled<F>(options.spoolFile, new BorderedCountryLocator(options.countries, borders)),
  };
}

async function* spooled<F>(spoolFile: string, locator: BorderedCountryLocator): AsyncGenerator<{ candidate: OsmFeatureCandidate<F>; country: string | null }> {
  try {
    const lines = createInterface({ input: createReadStream(spoolFile), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const candidate = JSON.parse(line) as OsmFeatureCandidate<F>;
      yield { candidate, country: locator.countryAt(candidate.position) ?? null };
    }
  } finally {
    rmSync(spoolFile, { force: true });
  }
}
