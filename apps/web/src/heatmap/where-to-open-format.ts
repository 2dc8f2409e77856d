/** How the "where to open" card writes its figures in the user's language: distances and seconds (people: the analysis panel's formatFigure). */

/** "150 m", "1.5 km", "50 km" ("1,5 km" in French). */
export function formatMeters(meters: number, locale: string): string {
  if (meters < 1_000) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1_000);
}

/** A compute time from milliseconds: "40 ms" below a second, then "1.8 s", "12 s" ("1,8 s"). */
export function formatComputeTime(milliseconds: number, locale: string): string {
  if (milliseconds < 1_000) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(milliseconds);
  const seconds = milliseconds / 1_000;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', maximumFractionDigits: seconds < 10 ? 1 : 0 }).format(seconds);
}
