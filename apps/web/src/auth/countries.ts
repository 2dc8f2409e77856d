/**
 * Countries the user may pick (profile, sign-up), stored as ISO 3166-1 alpha-2 codes and named in
 * the user's language by the browser (Intl.DisplayNames), in that language's alphabetical order.
 */
import type { Locale } from '@catchment/domain';
import { countryFromLanguages } from '../app/distance-unit-choice.js';

const CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

export interface CountryOption { code: string; name: string }

const cache = new Map<Locale, CountryOption[]>();

/** Every country, named and sorted for the language. */
export function countryOptions(locale: Locale): CountryOption[] {
  let options = cache.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    options = CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    cache.set(locale, options);
  }
  return options;
}

/** The ISO code a stored country holds, whatever its case; undefined for older free text. */
export function countryCodeOf(value: string | null | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && (CODES as readonly string[]).includes(code) ? code : undefined;
}

/** The name of a stored country: a code is named in the language; older free text is shown as typed. */
export function countryName(value: string | null | undefined, locale: Locale): string | null {
  if (!value) return null;
  const code = countryCodeOf(value);
  return code ? new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? value : value;
}

/** The code a form starts with when the user has none: the browser's region, else France for French and the United States for English. */
export function defaultCountry(browserLanguages: readonly string[], locale: Locale): string {
  const region = countryFromLanguages(browserLanguages);
  if (region && (CODES as readonly string[]).includes(region)) return region;
  return locale === 'fr' ? 'FR' : 'US';
}
