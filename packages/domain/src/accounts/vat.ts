/**
 * EU VAT numbers (SPEC §5): what the user typed is normalised (spaces, hyphens, dots and bullets
 * taken out, upper case), then must match the format of one member state, its two-letter prefix
 * included. The format only: no checksum and no register is consulted, so a well-formed number
 * that no business holds passes. Used by the profile and by the billing address form.
 */

/** The formats by prefix (Greece is EL in VAT numbers; GR is accepted too, as people write it). */
export const VAT_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  GR: /^GR\d{9}$/,
  // A letter or digit at each end: companies start with a letter, residents end with one.
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  // The two-character key may hold letters other than I and O.
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  // Standard (9 digits), branch traders (12), government departments (GD) and health authorities (HA).
  GB: /^GB(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  // 7 digits and a check letter, a second letter since 2013; or the old form, letter (or + *) second.
  IE: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Spaces (any), hyphens and dashes, dots and bullets, as people and invoices separate the groups. */
const SEPARATORS = /[\s\u00a0\u202f\-\u2010-\u2015.\u2022\u00b7\u2219]/g;

/** The number as it is compared and stored: separators out, upper case. */
export function normaliseVat(input: string): string {
  return input.replace(SEPARATORS, '').toUpperCase();
}

export type VatValidation =
  | { valid: true; normalised: string; country: string }
  | { valid: false; normalised: string; reason: 'unknownCountry' | 'badFormat' };

/** Whether the number has the format of its country's VAT numbers; the normalised number either way. */
export function validateVat(input: string): VatValidation {
  const normalised = normaliseVat(input);
  const country = normalised.slice(0, 2);
  const pattern = VAT_PATTERNS[country];
  if (!pattern) return { valid: false, normalised, reason: 'unknownCountry' };
  if (!pattern.test(normalised)) return { valid: false, normalised, reason: 'badFormat' };
  return { valid: true, normalised, country };
}

export function isValidVat(input: string): boolean {
  return validateVat(input).valid;
}
