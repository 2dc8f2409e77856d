/**
 * The distance unit shown before the user picks one (SPEC §9): miles for the countries that use
 * them, km elsewhere. The country is the account's, else the region of the browser language.
 */
import { DISTANCE_UNITS, defaultDistanceUnit, type DistanceUnit } from '@catchment/domain';

export const DISTANCE_UNIT_STORAGE_KEY = 'catchment.distanceUnit';

export function isDistanceUnit(value: unknown): value is DistanceUnit {
  return typeof value === 'string' && (DISTANCE_UNITS as readonly string[]).includes(value);
}

/** The region subtag of the first browser language that has one (en-US → US). */
export function countryFromLanguages(languages: readonly string[]): string | undefined {
  for (const language of languages) {
    const region = language.split('-').slice(1).find((part) => /^[A-Za-z]{2}$/.test(part));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** An account country given as an ISO code (other free-text values are ignored). */
function countryCode(value: string | null | undefined): string | undefined {
  return value && /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined;
}

export function initialDistanceUnit(sources: {
  saved: string | null;
  userCountry: string | null | undefined;
  browserLanguages: readonly string[];
}): DistanceUnit {
  if (isDistanceUnit(sources.saved)) return sources.saved;
  return defaultDistanceUnit(countryCode(sources.userCountry) ?? countryFromLanguages(sources.browserLanguages));
}
