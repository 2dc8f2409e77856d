/**
 * The legacy city/postcode extractor (SPEC §1, §7 Appkeys extractor/{kind}, §9): the cities or
 * postcodes inside an isochrone, an isodistance or a circle drawn from a start point, for a
 * partner's page holding an app key. A demo key answers at most 20 of them; a paid key answers
 * any number, up to 100 extractions a month, within a range the operator chooses between the
 * SPEC's two readings (3 h / 300 km, the default, or 2 h / 200 km).
 */
import { ADMINISTRATIVE_KINDS, type AdministrativeKind } from '../enums.js';
import type { AppKeyKind } from '../appkeys/app-keys.js';

/** The kinds an extraction lists: cities and postcodes (zip codes), of every country. */
export const EXTRACTOR_KINDS = ADMINISTRATIVE_KINDS.filter((kind) => /_(cities|postcodes|zipcodes)$/.test(kind)) as readonly AdministrativeKind[];

/** The items a demo key's extraction may list (SPEC §9: the free extractor, 20 postcodes or cities). */
export const DEMO_EXTRACTION_MAX_ITEMS = 20;
/** Extractions a paid key may make in a calendar month (UTC), repeats answered by the cache apart. */
export const PAID_EXTRACTIONS_PER_MONTH = 100;
/** A key's most recent extractions kept as answered: asking one again costs no computation and no extraction. */
export const EXTRACTION_CACHE_ENTRIES = 15;

export interface ExtractionRange { maxSeconds: number; maxMeters: number }

/** The SPEC's two readings of the paid extractor's range; 'standard' is also the analysis panel's maximum. */
export const EXTRACTION_RANGES = {
  standard: { maxSeconds: 3 * 3_600, maxMeters: 300_000 },
  reduced: { maxSeconds: 2 * 3_600, maxMeters: 200_000 },
} as const satisfies Record<string, ExtractionRange>;
export type ExtractionRangeName = keyof typeof EXTRACTION_RANGES;

export interface ExtractionPolicy {
  /** Items listed at most; null: any number. */
  maxItems: number | null;
  /** Extractions a month; null: no monthly count. */
  extractionsPerMonth: number | null;
}

/** What a key of this kind may extract. */
export function extractionPolicy(kind: AppKeyKind): ExtractionPolicy {
  return kind === 'demo'
    ? { maxItems: DEMO_EXTRACTION_MAX_ITEMS, extractionsPerMonth: null }
    : { maxItems: null, extractionsPerMonth: PAID_EXTRACTIONS_PER_MONTH };
}

/** Whether a travel time (seconds, isochrone) or a distance (metres, isodistance) lies within the range. */
export function withinExtractionRange(isoMode: 'isochrone' | 'isodistance', value: number, range: ExtractionRange): boolean {
  return value <= (isoMode === 'isochrone' ? range.maxSeconds : range.maxMeters);
}
