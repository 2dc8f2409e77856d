/**
 * SPEC §5 and §9 for travel-time and distance values: whole numbers, else the default applies
 * (isochrone 3600 s, isodistance 60 000 m); positive; at most 3 hours or 300 km.
 */
import { DEFAULT_ISOCHRONE_SECONDS, DEFAULT_ISODISTANCE_METERS, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from './constants.js';
import type { ErrorMessageKey } from './errors.js';

export type RoutedIsoMode = 'isochrone' | 'isodistance';

export type IsochroneValuesResult =
  | { ok: true; values: number[]; defaultsApplied: boolean }
  | { ok: false; messageKey: ErrorMessageKey; value: number };

const RULES = {
  isochrone: { fallback: DEFAULT_ISOCHRONE_SECONDS, max: MAX_ISOCHRONE_SECONDS, invalid: 'validation.invalidTime', tooLarge: 'validation.timeTooLarge' },
  isodistance: { fallback: DEFAULT_ISODISTANCE_METERS, max: MAX_DISTANCE_METERS, invalid: 'validation.invalidDistance', tooLarge: 'validation.distanceTooLarge' },
} as const;

/** Values (seconds or metres) as the engine gets them, sorted and without repeats, or why they are refused. */
export function normalizeIsochroneValues(isoMode: RoutedIsoMode, raw: readonly number[]): IsochroneValuesResult {
  const rule = RULES[isoMode];
  let defaultsApplied = false;
  const values: number[] = [];
  for (const value of raw) {
    if (!Number.isFinite(value) || value <= 0) return { ok: false, messageKey: rule.invalid, value };
    if (value > rule.max) return { ok: false, messageKey: rule.tooLarge, value };
    if (Number.isInteger(value)) values.push(value);
    else {
      values.push(rule.fallback);
      defaultsApplied = true;
    }
  }
  return { ok: true, values: [...new Set(values)].sort((a, b) => a - b), defaultsApplied };
}
