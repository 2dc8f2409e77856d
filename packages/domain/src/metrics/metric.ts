/**
 * Indicators (SPEC §3 Metric: name, symbol, formula; §7 metrics calls): the payloads of a map's
 * indicators, their values for areas, and the measures a formula may use (the editor's chips).
 */
import { z } from 'zod';
import { COUNTRIES, type Country } from '../enums.js';
import { FEATURES } from '../plans/features.js';
import { analysisCountry, MEASURE_AREAS_MAX } from '../schemas/territories.js';
import { uuid } from '../schemas/common.js';
import type { MeasureUnit } from '../territories.js';
import { formulaTokens, type FormulaToken, type MeasureRef } from './formula.js';

/** SPEC §9: an indicator without a symbol of its own shows this one. */
export const DEFAULT_METRIC_SYMBOL = '📊';

/** The symbols the editor offers (any short text is accepted: an emoji the user typed). */
export const METRIC_SYMBOLS = ['📊', '👥', '🏠', '🏪', '🍽️', '💊', '🛒', '💶', '📈', '📉', '🎯', '🚗', '🏫', '🏥', '⭐', '🔥'] as const;

/** A map's indicators: enough for any study, few enough to compute for every area at once. */
export const METRICS_PER_MAP_MAX = 50;

const name = z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' });
// An emoji may take several code points (🍽️ is two); 16 leaves room for a flag or a family.
const symbol = z.string().trim().min(1, { error: 'validation.required' }).max(16, { error: 'validation.tooLong' });

export const metricIdParam = z.object({ id: z.string().min(1).max(100), metricId: uuid });

export const createMetricBody = z.object({ name, symbol: symbol.optional(), formula: formulaTokens });
export const updateMetricBody = z.object({ name: name.optional(), symbol: symbol.optional(), formula: formulaTokens.optional() })
  .refine((body) => body.name !== undefined || body.symbol !== undefined || body.formula !== undefined, { error: 'validation.nothingToUpdate' });
/** SPEC §7: PUT …/metrics/{metricId}/order moves the indicator before or after another. */
export const orderMetricBody = z.object({ referenceMetricUuid: uuid, before: z.boolean() });

export const computeMetricsBody = z.object({
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  /** The indicators to compute; all the map's without it. */
  metricIds: z.array(uuid).max(METRICS_PER_MAP_MAX).optional(),
  country: analysisCountry,
});

/**
 * The country whose census measures the editor offers (France without one, as GET …/measures), and
 * the indicator being edited, if any: it and the indicators that read it are left out (a formula
 * reading them would make a cycle).
 */
export const metricWidgetsQuery = z.object({ country: z.enum(COUNTRIES, { error: 'validation.invalid' }).default('fr'), metricId: uuid.optional() });

export type CreateMetricBody = z.infer<typeof createMetricBody>;
export type UpdateMetricBody = z.infer<typeof updateMetricBody>;

export interface MetricView {
  id: string;
  name: string;
  symbol: string;
  formula: FormulaToken[];
  /** Its place in the map's list, from 0. */
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface MetricList { metrics: MetricView[] }

/**
 * The features saving a formula needs (SPEC §6: indicators from PRO, advanced formulas from
 * ADVANCED). PRO: a formula of one measure, with any numbers (`population / 1000`, `restaurants *
 * 1.2`). ADVANCED: a formula combining two measures or more (a ratio such as `population /
 * restaurants`), or reading another indicator (an indicator built on indicators).
 */
export function metricFormulaFeatures(measures: readonly MeasureRef[]): string[] {
  const advanced = measures.length > 1 || measures.some((measure) => measure.source === 'metric');
  return advanced ? [FEATURES.metrics, FEATURES.metricFormulas] : [FEATURES.metrics];
}

/** One indicator's value for an area: null when it has none (a measure without data, a division by zero). */
export interface MetricValue {
  metricId: string;
  value: number | null;
  /** Why there is no value, when a measure could not be read (the area too large, a failed source). */
  error?: { code: string; message: string };
}

export interface AreaMetrics { areaId: string; country: Country; metrics: MetricValue[] }
export interface ComputeMetricsResponse { areas: AreaMetrics[] }

/** A measure the editor offers as a chip, named in the request's language. */
export interface MeasureChoice { measure: MeasureRef; label: string; unit?: MeasureUnit }

/** The measures a map's formulas may use, by source (SPEC §7 widgets/metrics). */
export interface MetricWidget { id: MeasureRef['source']; measures: MeasureChoice[] }
export interface MetricWidgets { country: Country; widgets: MetricWidget[] }
