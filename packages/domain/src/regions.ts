/**
 * Country groups named by the product's rules (SPEC §8: "bike/walk only for Europe and North
 * America"), as lower-case ISO 3166-1 alpha-2 codes.
 */
export const EUROPE_COUNTRIES = [
  'ad', 'al', 'at', 'ba', 'be', 'bg', 'by', 'ch', 'cy', 'cz', 'de', 'dk', 'ee', 'es', 'fi', 'fo', 'fr', 'gb', 'gg',
  'gi', 'gr', 'hr', 'hu', 'ie', 'im', 'is', 'it', 'je', 'li', 'lt', 'lu', 'lv', 'mc', 'md', 'me', 'mk', 'mt', 'nl',
  'no', 'pl', 'pt', 'ro', 'rs', 'ru', 'se', 'si', 'sk', 'sm', 'ua', 'va', 'xk',
] as const;

/** North America with Central America and the Caribbean, as the continent is usually drawn. */
export const NORTH_AMERICA_COUNTRIES = [
  'ag', 'bb', 'bs', 'bz', 'ca', 'cr', 'cu', 'dm', 'do', 'gd', 'gl', 'gt', 'hn', 'ht', 'jm', 'kn', 'lc', 'mx', 'ni',
  'pa', 'pm', 'pr', 'sv', 'tt', 'us', 'vc',
] as const;

/** Names usable in place of a country list in configuration (e.g. `bike=europe,north_america`). */
export const COUNTRY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  europe: EUROPE_COUNTRIES,
  north_america: NORTH_AMERICA_COUNTRIES,
};
