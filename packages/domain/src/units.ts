/** Distance units: km or miles (SPEC §9). */
import { KILOMETERS_PER_MILE, MILE_COUNTRIES } from './constants.js';
import type { DistanceUnit } from './enums.js';

/** Miles for the countries that use them, km everywhere else. */
export function defaultDistanceUnit(countryCode: string | undefined): DistanceUnit {
  if (!countryCode) return 'km';
  return (MILE_COUNTRIES as readonly string[]).includes(countryCode.toUpperCase()) ? 'mi' : 'km';
}

/** Metres for a value typed in the given unit. */
export function toMeters(value: number, unit: DistanceUnit): number {
  return Math.round(value * 1000 * (unit === 'mi' ? KILOMETERS_PER_MILE : 1));
}

/** A value in the given unit for a distance in metres. */
export function fromMeters(meters: number, unit: DistanceUnit): number {
  return meters / 1000 / (unit === 'mi' ? KILOMETERS_PER_MILE : 1);
}

/** Short human text, e.g. "12.5 km" or "3 mi". */
export function formatDistance(meters: number, unit: DistanceUnit): string {
  const value = fromMeters(meters, unit);
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${unit}`;
}
