/**
 * Value-added tax on what we sell, as a French seller charges it: 20 % VAT for customers in France
 * and for EU customers without a valid VAT number; no VAT for an EU business outside France with a
 * valid VAT number (reverse charge: the customer accounts for it); no VAT outside the EU. Rates are
 * in basis points (2000 = 20 %), amounts in cents.
 */

/** ISO 3166 alpha-2 codes of the European Union's member states. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

export const FRENCH_VAT_BASIS_POINTS = 2_000;

export const TAX_REASONS = ['frenchVat', 'euVat', 'reverseCharge', 'outsideEu', 'countryUnknown'] as const;
/**
 * Why a rate applies: `frenchVat` a customer in France; `euVat` an EU customer without a valid VAT
 * number; `reverseCharge` an EU business outside France; `outsideEu` no VAT; `countryUnknown` no
 * billing country yet, charged as a French customer until one is given.
 */
export type TaxReason = (typeof TAX_REASONS)[number];

export interface TaxTreatment { rateBasisPoints: number; reason: TaxReason }

export interface TaxCustomer {
  /** Billing country, ISO alpha-2 (any case); null when unknown. */
  country: string | null | undefined;
  /** The customer's VAT number once checked valid (prefix first, e.g. DE123456789); null when none or invalid. */
  validVatNumber: string | null | undefined;
}

/** The country of a VAT number's prefix: Greece's numbers start with EL. */
function vatNumberCountry(vatNumber: string): string {
  const prefix = vatNumber.slice(0, 2).toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
}

export function isEuCountry(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

/**
 * The rate for a customer. A VAT number counts for the reverse charge only when it belongs to the
 * billing country (a German number does not make a Belgian address a business).
 */
export function taxTreatment(customer: TaxCustomer): TaxTreatment {
  const country = customer.country?.trim().toUpperCase();
  if (!country) return { rateBasisPoints: FRENCH_VAT_BASIS_POINTS, reason: 'countryUnknown' };
  if (country === 'FR') return { rateBasisPoints: FRENCH_VAT_BASIS_POINTS, reason: 'frenchVat' };
  if (!isEuCountry(country)) return { rateBasisPoints: 0, reason: 'outsideEu' };
  const vat = customer.validVatNumber;
  if (vat && vatNumberCountry(vat) === country) return { rateBasisPoints: 0, reason: 'reverseCharge' };
  return { rateBasisPoints: FRENCH_VAT_BASIS_POINTS, reason: 'euVat' };
}

export interface TaxedAmount {
  excludingTax: number;
  tax: number;
  includingTax: number;
}

/** Half a cent and more rounds away from zero, so a credit and its charge round alike. */
function roundHalfAwayFromZero(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator);
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));
}

/** An amount before tax with its tax at the rate (whole cents, the tax rounded to the nearest cent). */
export function withTax(excludingTax: number, rateBasisPoints: number): TaxedAmount {
  if (!Number.isInteger(excludingTax) || !Number.isInteger(rateBasisPoints)) throw new Error('amounts and rates are whole numbers');
  const tax = roundHalfAwayFromZero(excludingTax * rateBasisPoints, 10_000);
  return { excludingTax, tax, includingTax: excludingTax + tax };
}
