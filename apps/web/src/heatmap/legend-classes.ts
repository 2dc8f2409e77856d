/**
 * A heatmap legend's classes as the legend lists them: each colour with its range, written in the
 * user's language with as many decimals as the edges need to differ (a density of 0.4 to 2.5 people
 * per km² keeps one decimal), none from 100 on (137.7 – 542.7 people per km² read 138 – 543).
 */
import type { HeatmapLegend, MeasureUnit } from '@catchment/domain';
import { formatFigure } from '../analysis/number-format.js';

export interface LegendClass {
  color: string;
  /** Lower and upper edge (the last class holds its upper edge too). */
  from: number;
  to: number;
  /** "1,200 – 4,500" */
  label: string;
}

const MAX_FRACTION_DIGITS = 3;
/** Between the two edges of a range: an en dash, spaced. */
const RANGE_SEPARATOR = ' – ';

/** Decimals enough for consecutive edges to read apart, none for edges of 100 and more apart. */
export function fractionDigitsFor(breaks: readonly number[]): number {
  let smallestGap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < breaks.length; i += 1) {
    const gap = breaks[i]! - breaks[i - 1]!;
    if (gap > 0) smallestGap = Math.min(smallestGap, gap);
  }
  if (!Number.isFinite(smallestGap) || smallestGap >= 10) return 0;
  return Math.min(MAX_FRACTION_DIGITS, Math.max(0, 1 - Math.floor(Math.log10(smallestGap))));
}

/** From there on, edges are whole: a decimal on 5,470 people per km² tells nothing. */
const WHOLE_FROM = 100;

/** One value of a legend: money and shares as the analysis panel writes them, counts and densities with `digits` decimals below 100. */
export function formatLegendValue(value: number, unit: MeasureUnit | null, digits: number, locale: string): string {
  if (unit === 'currency' || unit === 'percent') return formatFigure(value, unit, locale);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: Math.abs(value) >= WHOLE_FROM ? 0 : digits }).format(value);
}

export function legendClasses(legend: Pick<HeatmapLegend, 'breaks' | 'colors' | 'unit'>, locale: string): LegendClass[] {
  const { breaks, colors, unit } = legend;
  const digits = fractionDigitsFor(breaks);
  return colors.flatMap((color, i) => {
    const from = breaks[i];
    const to = breaks[i + 1];
    if (from === undefined || to === undefined) return [];
    const label = `${formatLegendValue(from, unit, digits, locale)}${RANGE_SEPARATOR}${formatLegendValue(to, unit, digits, locale)}`;
    return [{ color, from, to, label }];
  });
}
