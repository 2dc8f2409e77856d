/**
 * A dataset's figure in an area as the "my data" tab writes it: a count whole, a sum or an average
 * with at most two decimals (sums of amounts, averages of anything), in the user's language; an
 * average of no numbers (null: no row of the area has one) as a dash.
 */
import type { AggregateMethod } from '@catchment/domain';

export function formatAggregate(value: number | null | undefined, method: AggregateMethod, locale: string): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: method === 'count' ? 0 : 2 }).format(value);
}
