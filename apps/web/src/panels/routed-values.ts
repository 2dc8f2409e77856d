/**
 * The travel times (minutes) or road distances (km or mi) typed in the create-area panel, several
 * at once separated by commas or semicolons ("10, 20, 30" gives three nested areas), turned into
 * the whole seconds or metres the API takes. Reasons are catalogue keys shared with the API.
 */
import {
  DEFAULT_ISOCHRONE_SECONDS, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS, toMeters, fromMeters, type DistanceUnit, type RoutedIsoMode,
} from '@catchment/domain';
import { defaultDistanceText } from './radius.js';

export const MAX_ROUTED_VALUES = 10;

export type RoutedValuesResult =
  | { valid: true; values: number[] }
  | { valid: false; reason: string };

const REASONS = {
  isochrone: { invalid: 'validation.invalidTime', tooLarge: 'validation.timeTooLarge' },
  isodistance: { invalid: 'validation.invalidDistance', tooLarge: 'validation.distanceTooLarge' },
} as const;

/** Whole seconds (isochrone) or metres (isodistance), ascending and without repeats. */
export function parseRoutedValues(text: string, isoMode: RoutedIsoMode, unit: DistanceUnit): RoutedValuesResult {
  const reasons = REASONS[isoMode];
  const parts = splitValues(text);
  if (parts.length === 0) return { valid: false, reason: reasons.invalid };
  if (parts.length > MAX_ROUTED_VALUES) return { valid: false, reason: 'validation.tooManyValues' };
  const values: number[] = [];
  for (const part of parts) {
    if (!/^\d+(\.\d+)?$|^\.\d+$/.test(part)) return { valid: false, reason: reasons.invalid };
    const amount = Number(part);
    const value = Math.round(isoMode === 'isochrone' ? amount * 60 : toMeters(amount, unit));
    if (value < 1) return { valid: false, reason: reasons.invalid };
    if (value > (isoMode === 'isochrone' ? MAX_ISOCHRONE_SECONDS : MAX_DISTANCE_METERS)) return { valid: false, reason: reasons.tooLarge };
    values.push(value);
  }
  return { valid: true, values: [...new Set(values)].sort((a, b) => a - b) };
}

/**
 * The values typed, one string each with a decimal point. A comma between digits with no space is
 * a French decimal ("2,5", "1, 2,5"), unless the text is a list written without spaces: two such
 * commas and no other separator ("5,10,15") separate values.
 */
function splitValues(text: string): string[] {
  const unspacedCommas = text.match(/\d,(?=\d)/g)?.length ?? 0;
  const listWithoutSpaces = unspacedCommas >= 2 && !/;|,\s|\s,/.test(text);
  const parts = listWithoutSpaces ? text.split(',') : text.split(/;|,\s+|\s+,|,(?!\d)/);
  return parts.map((part) => part.trim().replace(',', '.')).filter(Boolean);
}

/** A value for people to read: "10 min", "1 h 30 min", "12.5 km", "8 mi". */
export function formatRoutedValue(value: number, isoMode: RoutedIsoMode, unit: DistanceUnit, locale: string): string {
  if (isoMode === 'isodistance') {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(fromMeters(value, unit))} ${unit}`;
  }
  const minutes = Math.round(value / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** What the field shows by default: the spec's defaults (60 minutes, 60 km) in the user's unit. */
export function defaultRoutedText(isoMode: RoutedIsoMode, unit: DistanceUnit): string {
  return isoMode === 'isochrone' ? String(DEFAULT_ISOCHRONE_SECONDS / 60) : defaultDistanceText(unit);
}
