/** How the analysis panel writes figures, in the user's language. */
import type { MeasureUnit } from '@catchment/domain';

export function formatFigure(value: number, unit: MeasureUnit, locale: string): string {
  if (unit === 'currency') return new Intl.NumberFormat(locale, { style: 'currency', currency: locale.startsWith('fr') ? 'EUR' : 'USD', maximumFractionDigits: 0 }).format(value);
  if (unit === 'percent') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

export const formatShare = (share: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 }).format(share);

/**
 * An indicator's value (a ratio, a rate, a total): whole above 100 (412 inhabitants per pharmacy),
 * two decimals from 1, three significant digits below (0.0123 customers per household).
 */
export function formatIndicatorValue(value: number, locale: string): string {
  const magnitude = Math.abs(value);
  const options: Intl.NumberFormatOptions = magnitude >= 100 ? { maximumFractionDigits: 0 }
    : magnitude >= 1 || magnitude === 0 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 };
  return new Intl.NumberFormat(locale, options).format(value);
}
