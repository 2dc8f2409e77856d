// SIRENE's headcount bands ("tranche d'effectif salarié", `trancheEffectifsEtablissement`,
// `TEFET`): the number of employees of an establishment on 31 December of the reference year.
import type { Locale } from '../enums.js';

export interface HeadcountBand {
  code: string;
  /** Employees, inclusive bounds; null where the band has none (NN, and 53 has no upper bound). */
  minEmployees: number | null;
  maxEmployees: number | null;
  label: Readonly<Record<Locale, string>>;
}

export const HEADCOUNT_BANDS: readonly HeadcountBand[] = [
  // No employee during the year and none on 31 December (INSEE: "unités non employeuses").
  { code: 'NN', minEmployees: null, maxEmployees: null, label: { en: 'Non-employing unit', fr: 'Unité non employeuse' } },
  // None on 31 December, though it employed some during the year.
  { code: '00', minEmployees: 0, maxEmployees: 0, label: { en: '0 employees', fr: '0 salarié' } },
  { code: '01', minEmployees: 1, maxEmployees: 2, label: { en: '1 or 2 employees', fr: '1 ou 2 salariés' } },
  { code: '02', minEmployees: 3, maxEmployees: 5, label: { en: '3 to 5 employees', fr: '3 à 5 salariés' } },
  { code: '03', minEmployees: 6, maxEmployees: 9, label: { en: '6 to 9 employees', fr: '6 à 9 salariés' } },
  { code: '11', minEmployees: 10, maxEmployees: 19, label: { en: '10 to 19 employees', fr: '10 à 19 salariés' } },
  { code: '12', minEmployees: 20, maxEmployees: 49, label: { en: '20 to 49 employees', fr: '20 à 49 salariés' } },
  { code: '21', minEmployees: 50, maxEmployees: 99, label: { en: '50 to 99 employees', fr: '50 à 99 salariés' } },
  { code: '22', minEmployees: 100, maxEmployees: 199, label: { en: '100 to 199 employees', fr: '100 à 199 salariés' } },
  { code: '31', minEmployees: 200, maxEmployees: 249, label: { en: '200 to 249 employees', fr: '200 à 249 salariés' } },
  { code: '32', minEmployees: 250, maxEmployees: 499, label: { en: '250 to 499 employees', fr: '250 à 499 salariés' } },
  { code: '41', minEmployees: 500, maxEmployees: 999, label: { en: '500 to 999 employees', fr: '500 à 999 salariés' } },
  { code: '42', minEmployees: 1000, maxEmployees: 1999, label: { en: '1,000 to 1,999 employees', fr: '1 000 à 1 999 salariés' } },
  { code: '51', minEmployees: 2000, maxEmployees: 4999, label: { en: '2,000 to 4,999 employees', fr: '2 000 à 4 999 salariés' } },
  { code: '52', minEmployees: 5000, maxEmployees: 9999, label: { en: '5,000 to 9,999 employees', fr: '5 000 à 9 999 salariés' } },
  { code: '53', minEmployees: 10000, maxEmployees: null, label: { en: '10,000 employees or more', fr: '10 000 salariés et plus' } },
];

const BY_CODE = new Map(HEADCOUNT_BANDS.map((band) => [band.code, band]));

/**
 * A band code as SIRENE files write it: `NN`, `00`…`53`; older files leave it empty or write a
 * single digit for `0x` bands. Null when it is not a band.
 */
export function normalizeHeadcountBand(input: string): string | null {
  const trimmed = input.trim().toUpperCase();
  const code = /^\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
  return BY_CODE.has(code) ? code : null;
}

export function headcountBandLabel(code: string, locale: Locale): string | undefined {
  return BY_CODE.get(code)?.label[locale];
}
