/**
 * The points of interest of one OpenStreetMap extract, as catalogue items: the objects
 * osm-poi-tags.ts keeps, read and placed in their country by spool-osm-features.ts, with their
 * catalogue and categories.
 */
import { categoriesOfOsmTags, withCategoryAncestors } from '@catchment/domain';
import { countPoiItem, countSkipped, emptyPoiReadSummary, type PoiItem, type PoiReadSummary } from '../poi-item.js';
import { formatAddress } from '../postal-address.js';
import type { CountryBorder } from './extract-borders.js';
import type { OsmFeatureCandidate } from './osm-feature-collector.js';
import { osmPoiFields, type OsmPoiFields } from './osm-poi-tags.js';
import { spoolOsmFeatures, type OsmFeatureReadOptions, type OsmFeatureSink, type OsmFeatureSpool } from './spool-osm-features.js';

/** The sink the reader feeds. */
export type OsmPoiSink = OsmFeatureSink;
export type OsmPoiReadOptions = OsmFeatureReadOptions;
export type OsmPoiCandidate = OsmFeatureCandidate<OsmPoiFields>;

export interface OsmPoiRead {
  /** POIs found in the extract (items and those left out). */
  found: number;
  /** The extract's own country borders used (ISO codes), and whether one was closed over a gap. */
  borders: Array<Pick<CountryBorder, 'code' | 'closedOverGap'>>;
  /** The catalogue items, read back from the spool (once); the summary fills as they go. */
  items: AsyncIterable<PoiItem>;
  summary: PoiReadSummary;
}

/** OpenStreetMap stores positions to 7 decimals. */
const COORDINATE_SCALE = 1e7;

export async function readOsmPois(options: OsmPoiReadOptions): Promise<OsmPoiRead> {
  const spool = await spoolOsmFeatures(osmPoiFields, options);
  const summary = emptyPoiReadSummary();
  if (spool.incompleteAreas > 0) summary.skipped['area not whole in the extract'] = spool.incompleteAreas;
  return { found: spool.found, borders: spool.borders, items: poiItems(spool, summary), summary };
}

async function* poiItems(spool: OsmFeatureSpool<OsmPoiFields>, summary: PoiReadSummary): AsyncGenerator<PoiItem> {
  for await (const { candidate, country } of spool.placed) {
    if (!country) {
      countSkipped(summary, 'at sea, in no country');
      continue;
    }
    const item = osmPoiItem(candidate, country);
    countPoiItem(summary, item);
    yield item;
  }
}

/** A position rounded to OpenStreetMap's 7 decimals. */
export function osmPosition([lon, lat]: readonly [number, number]): [number, number] {
  return [Math.round(lon * COORDINATE_SCALE) / COORDINATE_SCALE, Math.round(lat * COORDINATE_SCALE) / COORDINATE_SCALE];
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
    position: osmPosition(position),
    iris: null,
  };
}
