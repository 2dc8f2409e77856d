/**
 * One business or point of interest as the importers hand it to the database (apps/api
 * poi/data), whatever its source: an OpenStreetMap object or a SIRENE establishment.
 */
export interface PoiItem {
  /** `{country}_osm_poi` or `fr_institutions`. */
  catalogue: string;
  /** The item in its source: `n123`/`w45`/`r6`, the SIRET, or the row of a file without identifiers. */
  ref: string;
  name: string | null;
  /** Ids of the category tree (domain poi/), with their ancestors. */
  categories: string[];
  /** OpenStreetMap `key=value` of the POI keys; empty for SIRENE. */
  tags: string[];
  /** NAF rév. 2 sub-class without dot, and SIRENE headcount band. */
  naf: string | null;
  headcount: string | null;
  brand: string | null;
  address: string | null;
  openingHours: string | null;
  website: string | null;
  details: Record<string, string>;
  /** ISO 3166-1 alpha-2, lower case. */
  country: string;
  /** WGS84 [lon, lat]; null for an establishment placed by its IRIS only. */
  position: [number, number] | null;
  iris: string | null;
}

/** Counts an importer reports: items per catalogue, and what it left out and why. */
export interface PoiReadSummary {
  items: number;
  byCatalogue: Record<string, number>;
  /** Reason → count (no country at the position, closed establishment, no position nor IRIS…). */
  skipped: Record<string, number>;
}

export function emptyPoiReadSummary(): PoiReadSummary {
  return { items: 0, byCatalogue: {}, skipped: {} };
}

export function countPoiItem(summary: PoiReadSummary, item: PoiItem): void {
  summary.items += 1;
  summary.byCatalogue[item.catalogue] = (summary.byCatalogue[item.catalogue] ?? 0) + 1;
}

export function countSkipped(summary: PoiReadSummary, reason: string): void {
  summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1;
}

/** Lines of the summary the command line prints. */
export function formatPoiReadSummary(summary: PoiReadSummary): string[] {
  const lines = [`${summary.items.toLocaleString('en')} items`];
  for (const [catalogue, count] of Object.entries(summary.byCatalogue).sort()) lines.push(`  ${catalogue}: ${count.toLocaleString('en')}`);
  for (const [reason, count] of Object.entries(summary.skipped).sort()) lines.push(`  left out (${reason}): ${count.toLocaleString('en')}`);
  return lines;
}
