/** How the analysis panel writes figures, in the user's language. */
import type { MeasureUnit } from '@catchment/domain';

export function formatFigure(value: number, unit: MeasureUnit, locale: string): string {
  if (unit === 'currency') return new Intl.NumberFormat(locale, { style: 'currency', currency: locale.startsWith('fr') ? 'EUR' : 'USD', maximumFractionDigits: 0 }).format(value);
  if (unit === 'percent') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

export const formatShare = (share: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 }).format(share);
