/**
 * The radius typed in the create-area panel, in the user's unit (km or mi), checked and turned into
 * metres. The reasons are catalogue keys shared with the API's validation.
 */
import { DEFAULT_ISODISTANCE_METERS, fromMeters, MAX_DISTANCE_METERS, toMeters, type DistanceUnit } from '@catchment/domain';

export type RadiusResult =
  | { valid: true; distanceMeters: number }
  | { valid: false; reason: 'validation.invalidDistance' | 'validation.distanceTooLarge' };

/** Accepts a decimal comma ("2,5") as French users type it. */
export function parseRadius(text: string, unit: DistanceUnit): RadiusResult {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(normalized)) return { valid: false, reason: 'validation.invalidDistance' };
  const distanceMeters = toMeters(Number(normalized), unit);
  if (!Number.isFinite(distanceMeters) || distanceMeters < 1) return { valid: false, reason: 'validation.invalidDistance' };
  if (distanceMeters > MAX_DISTANCE_METERS) return { valid: false, reason: 'validation.distanceTooLarge' };
  return { valid: true, distanceMeters };
}

/** A distance in metres as the radius field shows it: at most two decimals, no trailing zeros. */
export function radiusText(distanceMeters: number, unit: DistanceUnit): string {
  return String(Math.round(fromMeters(distanceMeters, unit) * 100) / 100);
}

/** A distance for people to read, in their language's number format: "12.5 km", "12,5 km". */
export function formatRadius(distanceMeters: number, unit: DistanceUnit, locale: string): string {
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(fromMeters(distanceMeters, unit));
  return `${value} ${unit}`;
}

/** The default distance (SPEC §9: 60 km) as a field shows it: whole units, so 37 mi rather than 37.28. */
export function defaultDistanceText(unit: DistanceUnit): string {
  return String(Math.round(fromMeters(DEFAULT_ISODISTANCE_METERS, unit)));
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A distance field's error in the user's words: the limit said in their unit ("186 mi", not
 * "300 km"; rounded down so that the figure said is allowed), other reasons as the catalogue says them.
 */
export function distanceReasonText(reason: string, unit: DistanceUnit, locale: string, t: Translate): string {
  if (reason !== 'validation.distanceTooLarge') return t(reason);
  const max = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.floor(fromMeters(MAX_DISTANCE_METERS, unit)));
  return t('createArea.distanceTooLarge', { max: `${max} ${t(`units.${unit}`)}` });
}
