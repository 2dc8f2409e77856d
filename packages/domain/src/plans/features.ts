/**
 * Feature names and the patterns plans grant them by (SPEC §6). A feature is a name of
 * ':'-separated segments, most specific last (`census:fr`, `heatmap:population:us`). A pattern is
 * the same with `*` standing for any one segment, and a final `*` for one or more: `census:*`
 * grants the census of every country, `heatmap:population:*` the population heatmap anywhere.
 * `open` is always granted, whatever the list.
 */
export const OPEN_FEATURE = 'open';

/** Whether `pattern` grants `feature`. */
export function patternGrants(pattern: string, feature: string): boolean {
  if (pattern === feature) return true;
  const wanted = feature.split(':');
  const granted = pattern.split(':');
  for (let i = 0; i < granted.length; i += 1) {
    const segment = granted[i]!;
    const last = i === granted.length - 1;
    if (i >= wanted.length) return false;
    if (segment === '*') {
      if (last) return true;
      continue;
    }
    if (segment !== wanted[i]) return false;
  }
  return granted.length === wanted.length;
}

/** Whether a list of granted patterns (a user's features) grants `feature`. */
export function featureGranted(patterns: readonly string[], feature: string): boolean {
  return feature === OPEN_FEATURE || patterns.some((pattern) => patternGrants(pattern, feature));
}

/**
 * The features the product gates, by what they unlock. Per-country ones take the analysis
 * country (SPEC §2 tab availability decides where a tab exists at all; these decide who may use it).
 */
export const FEATURES = {
  /** Census figures and the census tab (PRO). */
  census: (country: string) => `census:${country}`,
  /** Administrative divisions of an area and their export (ESSENTIAL). */
  divisions: (country: string) => `divisions:${country}`,
  /** Indicators computed from measures (PRO); formulas of several measures (ADVANCED). */
  metrics: 'metrics',
  metricFormulas: 'metrics:formula',
  /** Business searches beyond the first (PRO): see poiCreate for the free first search. */
  poi: (country: string) => `poi:${country}`,
  poiCreate: (country: string) => `poi_create:${country}`,
  poiCreateNoLimit: (country: string) => `poi_create_no_limit:${country}`,
  poiCount: 'poi_count',
  /** Market-study reports (PRO). */
  reports: (country: string) => `reports:${country}`,
  /** One export of several areas at once (ADVANCED), and the bulk export of boundaries (ADVANCED). */
  multiAreaExport: 'export:multi_area',
  bulkBoundaryExport: 'export:boundaries_bulk',
  /** Areas made of cities or postcodes, and their extraction (ESSENTIAL). */
  extractor: (kind: string) => `extractor:${kind}`,
  /** Maps generated from a list of places or a dataset, one area per row (ESSENTIAL). */
  mapGeneration: 'maps:generate',
  /** Own data (client datasets) import; the plan's pins say how many rows. */
  dataImport: 'data_import',
  /** Connecting a CRM and synchronising its lists as datasets (ESSENTIAL; SPEC §6: some users may not). */
  crm: 'crm',
  heatmap: (measure: string, country: string) => `heatmap:${measure}:${country}`,
  /** The "where to open" layer: population reachable from each cell of a grid (PRO, by `heatmap:*`). */
  reachabilityHeatmap: 'heatmap:reachability',
} as const;
