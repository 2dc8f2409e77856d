/**
 * What the cells of an imported row hold, read one way by the import (the API) and by the import
 * wizard's guesses (the web app): numbers with a decimal point or comma and spaces between
 * thousands ("1 234,5" as French spreadsheets write it), and coordinates, from a latitude and a
 * longitude column or one column holding both ("48.8566, 2.3522", as copied from a map). A value
 * out of range, or text that is not a number, places nothing rather than something wrong.
 */

export interface LngLat { lng: number; lat: number }

/** A decimal number written with a point or a comma, with or without spaces around it. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export function lngLatOf(lat: number | null, lng: number | null): LngLat | null {
  if (lat === null || lng === null) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  // 0, 0 is in the Gulf of Guinea: in a customer file it is a blank written as zeros.
  if (lat === 0 && lng === 0) return null;
  return { lng, lat };
}

/** Two cells: a latitude and a longitude. */
export const coordinatesFromColumns = (latitude: string, longitude: string): LngLat | null =>
  lngLatOf(parseDecimal(latitude), parseDecimal(longitude));

/**
 * One cell "latitude, longitude": the two numbers apart by a semicolon (decimal commas allowed
 * then), a comma or spaces.
 */
export function coordinatesFromPair(cell: string): LngLat | null {
  for (const separator of [/\s*;\s*/, /\s*,\s*/, /\s+/]) {
    const parts = cell.trim().split(separator);
    if (parts.length === 2) return lngLatOf(parseDecimal(parts[0]!), parseDecimal(parts[1]!));
  }
  return null;
}
