/**
 * What a heatmap shows (SPEC §2, §3, §7): one value per territorial unit of a kind in a country — a
 * census measure, or later an indicator (metricId) — raw or per km², cut into classes. The same
 * query serves the legend and the tiles, so both always describe the same values.
 */
import { z } from 'zod';
import { ADMINISTRATIVE_KINDS, COUNTRIES, type AdministrativeKind, type Country } from '../enums.js';
import { measuresOfCountry, UNIT_KINDS } from '../territories.js';

/** `raw`: the unit's value; `density`: the value per km² of the unit's surface (units known only by a point have none). */
export const HEATMAP_DENSITY_MODES = ['raw', 'density'] as const;
export type HeatmapDensityMode = (typeof HEATMAP_DENSITY_MODES)[number];

/** `quantile`: about as many units in each class; `jenks`: natural breaks (ckmeans, the optimal 1-D k-means). */
export const HEATMAP_CLASSIFICATIONS = ['quantile', 'jenks'] as const;
export type HeatmapClassification = (typeof HEATMAP_CLASSIFICATIONS)[number];

export const HEATMAP_CLASSES = { min: 3, max: 9, default: 5 } as const;

/** Kinds known only as points (GeoNames cities and postcodes): no surface, hence no density. */
export const HEATMAP_POINT_KINDS: readonly AdministrativeKind[] = ['ww_cities', 'ww_postcodes'];

/**
 * The kinds of unit a heatmap of a country may be drawn on: the country's own kinds, and the
 * worldwide ones (cities, postcodes) limited to the country's units — the only ones of Germany,
 * Spain or Austria.
 */
export function heatmapKinds(country: Country): AdministrativeKind[] {
  return ADMINISTRATIVE_KINDS.filter((kind) => UNIT_KINDS[kind].country === country || UNIT_KINDS[kind].country === 'ww');
}

export const heatmapQuery = z.object({
  country: z.enum(COUNTRIES, { error: 'validation.country' }),
  /** A census measure key (MEASURES); or metricId. */
  measure: z.string().trim().min(1).max(100).optional(),
  /** An indicator's id (answered once an indicator value source is registered on the server). */
  metricId: z.uuid({ error: 'validation.uuid' }).optional(),
  adminDivision: z.enum(ADMINISTRATIVE_KINDS, { error: 'validation.heatmapDivision' }),
  densityMode: z.enum(HEATMAP_DENSITY_MODES, { error: 'validation.heatmapDensityMode' }).default('raw'),
  classification: z.enum(HEATMAP_CLASSIFICATIONS, { error: 'validation.heatmapClassification' }).default('quantile'),
  classes: z.coerce.number({ error: 'validation.heatmapClasses' }).int({ error: 'validation.heatmapClasses' })
    .min(HEATMAP_CLASSES.min, { error: 'validation.heatmapClasses' }).max(HEATMAP_CLASSES.max, { error: 'validation.heatmapClasses' })
    .default(HEATMAP_CLASSES.default),
  /** On tile URLs: the legend's `version`. A tile of the version it names never changes, so it is cached for good. */
  v: z.string().max(64).optional(),
}).superRefine((query, ctx) => {
  if ((query.measure === undefined) === (query.metricId === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'validation.heatmapMeasureOrMetric', path: ['measure'] });
  } else if (query.measure !== undefined && !measuresOfCountry(query.country).some((measure) => measure.key === query.measure)) {
    ctx.addIssue({ code: 'custom', message: 'validation.heatmapMeasure', path: ['measure'] });
  }
  if (!heatmapKinds(query.country).includes(query.adminDivision)) {
    ctx.addIssue({ code: 'custom', message: 'validation.heatmapDivisionCountry', path: ['adminDivision'] });
  } else if (query.densityMode === 'density' && HEATMAP_POINT_KINDS.includes(query.adminDivision)) {
    ctx.addIssue({ code: 'custom', message: 'validation.heatmapDensityPoints', path: ['densityMode'] });
  }
});

export type HeatmapQuery = z.infer<typeof heatmapQuery>;
/** The query as a client writes it (optional fields may be left out, numbers may be strings in a URL). */
export type HeatmapQueryInput = z.input<typeof heatmapQuery>;

/** The census heatmap of a query, narrowed: `measure` set. */
export type CensusHeatmapQuery = HeatmapQuery & { measure: string };

/** The query string of a heatmap's legend and tiles, in a stable order (without `v`, which a tile URL adds). */
export function heatmapSearchParams(query: HeatmapQuery): URLSearchParams {
  const params = new URLSearchParams({ country: query.country });
  if (query.measure !== undefined) params.set('measure', query.measure);
  if (query.metricId !== undefined) params.set('metricId', query.metricId);
  params.set('adminDivision', query.adminDivision);
  params.set('densityMode', query.densityMode);
  params.set('classification', query.classification);
  params.set('classes', String(query.classes));
  return params;
}
