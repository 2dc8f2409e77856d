import { describe, expect, it } from 'vitest';
import { isValidVat, normaliseVat, validateVat, VAT_PATTERNS } from './vat.js';

/**
 * Numbers in each member state's published format (companies' own numbers as printed on their
 * invoices and in the VIES examples), with a malformed one beside each.
 */
const BY_COUNTRY: Record<string, { valid: string[]; invalid: string[] }> = {
  AT: { valid: ['ATU13585627', 'ATU 1358 5627'], invalid: ['AT13585627', 'ATU1358562'] },
  BE: { valid: ['BE0417497106', 'BE 0417.497.106', 'BE1000000015'], invalid: ['BE2417497106', 'BE041749710'] },
  BG: { valid: ['BG175074752', 'BG7523169263'], invalid: ['BG17507475', 'BG75231692631'] },
  CY: { valid: ['CY10259033P'], invalid: ['CY102590331', 'CY1025903P'] },
  CZ: { valid: ['CZ25123891', 'CZ699001182', 'CZ7103192745'], invalid: ['CZ2512389', 'CZ71031927451'] },
  DE: { valid: ['DE129273398', 'DE 129 273 398'], invalid: ['DE12927339', 'DE1292733981'] },
  DK: { valid: ['DK13585628', 'DK 13 58 56 28'], invalid: ['DK1358562', 'DK135856281'] },
  EE: { valid: ['EE100931558'], invalid: ['EE10093155', 'EE1009315581'] },
  EL: { valid: ['EL094259216', 'EL 094 259 216'], invalid: ['EL09425921', 'EL0942592161'] },
  GR: { valid: ['GR094259216'], invalid: ['GR09425921A'] },
  ES: { valid: ['ESA28015865', 'ESX2482300W', 'ES54362315K', 'ES B-58378431'], invalid: ['ESA2801586', 'ES*28015865'] },
  FI: { valid: ['FI20774740'], invalid: ['FI2077474', 'FI207747401'] },
  FR: { valid: ['FR40303265045', 'FR 40 303 265 045', 'FRK7399859412', 'fr40303265045'], invalid: ['FR123', 'FRI0303265045', 'FR4030326504'] },
  GB: { valid: ['GB980780684', 'GB 980 7806 84', 'GB123456789012', 'GBGD001', 'GBHA599'], invalid: ['GB98078068', 'GBGD500', 'GBHA499'] },
  HR: { valid: ['HR33392005961'], invalid: ['HR3339200596'] },
  HU: { valid: ['HU12892312'], invalid: ['HU1289231', 'HU128923121'] },
  IE: { valid: ['IE6388047V', 'IE3628739UA', 'IE8Z49289F', 'IE1234567FA'], invalid: ['IE6388047', 'IE63880471V', 'IE8Z4928F'] },
  IT: { valid: ['IT00743110157'], invalid: ['IT0074311015', 'IT007431101571'] },
  LT: { valid: ['LT119511515', 'LT100001919017'], invalid: ['LT11951151', 'LT1000019190171'] },
  LU: { valid: ['LU15027442'], invalid: ['LU1502744'] },
  LV: { valid: ['LV40003521600'], invalid: ['LV4000352160'] },
  MT: { valid: ['MT11679112'], invalid: ['MT1167911'] },
  NL: { valid: ['NL004495445B01', 'NL 0044.95.445.B.01'], invalid: ['NL004495445A01', 'NL004495445'] },
  PL: { valid: ['PL5260001246', 'PL 526-000-12-46'], invalid: ['PL526000124'] },
  PT: { valid: ['PT501964843'], invalid: ['PT50196484'] },
  RO: { valid: ['RO18547290', 'RO18', 'RO1234567891'], invalid: ['RO1', 'RO12345678901', 'RO01234567'] },
  SE: { valid: ['SE556188840401'], invalid: ['SE556188840402', 'SE5561888404'] },
  SI: { valid: ['SI50223054'], invalid: ['SI5022305'] },
  SK: { valid: ['SK2022749619'], invalid: ['SK202274961'] },
};

describe('VAT numbers', () => {
  it('knows every country of SPEC §5 and tests each one here', () => {
    expect(Object.keys(VAT_PATTERNS).sort()).toEqual(Object.keys(BY_COUNTRY).sort());
    expect(Object.keys(VAT_PATTERNS)).toHaveLength(29);
  });

  describe.each(Object.entries(BY_COUNTRY))('%s', (country, { valid, invalid }) => {
    it.each(valid)('accepts %s', (number) => {
      expect(validateVat(number)).toEqual({ valid: true, normalised: normaliseVat(number), country });
    });
    it.each(invalid)('refuses %s', (number) => {
      expect(validateVat(number)).toMatchObject({ valid: false, reason: 'badFormat' });
      expect(isValidVat(number)).toBe(false);
    });
  });

  it('strips spaces, hyphens, dots and bullets, and upper-cases', () => {
    expect(normaliseVat(' fr 40-303.265•045 ')).toBe('FR40303265045');
    expect(normaliseVat('FR\u00a040\u202f303 265 045')).toBe('FR40303265045');
    expect(isValidVat('FR 40 303 265 045')).toBe(true);
  });

  it('refuses numbers of countries outside the EU list, and numbers without a prefix', () => {
    expect(validateVat('CHE123456789')).toMatchObject({ valid: false, reason: 'unknownCountry' });
    expect(validateVat('US123456789')).toMatchObject({ valid: false, reason: 'unknownCountry' });
    expect(validateVat('40303265045')).toMatchObject({ valid: false, reason: 'unknownCountry' });
    expect(validateVat('')).toMatchObject({ valid: false, reason: 'unknownCountry' });
  });

  it('refuses FR123 and letters where digits belong', () => {
    expect(isValidVat('FR123')).toBe(false);
    expect(isValidVat('DE12927339O')).toBe(false);
  });
});
