import { describe, expect, it } from 'vitest';
import { taxTreatment, withTax } from './tax.js';

describe('taxTreatment', () => {
  it('charges 20 % VAT in France, VAT number or not', () => {
    expect(taxTreatment({ country: 'FR', validVatNumber: null })).toEqual({ rateBasisPoints: 2000, reason: 'frenchVat' });
    expect(taxTreatment({ country: 'fr', validVatNumber: 'FR40303265045' })).toEqual({ rateBasisPoints: 2000, reason: 'frenchVat' });
  });

  it('reverse-charges an EU business outside France whose VAT number is of its country', () => {
    expect(taxTreatment({ country: 'DE', validVatNumber: 'DE123456789' })).toEqual({ rateBasisPoints: 0, reason: 'reverseCharge' });
    expect(taxTreatment({ country: 'GR', validVatNumber: 'EL123456789' })).toEqual({ rateBasisPoints: 0, reason: 'reverseCharge' });
  });

  it('charges 20 % to an EU customer without a valid VAT number, or with another country\'s', () => {
    expect(taxTreatment({ country: 'BE', validVatNumber: null })).toEqual({ rateBasisPoints: 2000, reason: 'euVat' });
    expect(taxTreatment({ country: 'BE', validVatNumber: 'DE123456789' })).toEqual({ rateBasisPoints: 2000, reason: 'euVat' });
  });

  it('charges no VAT outside the EU (the United Kingdom included), and 20 % until the country is known', () => {
    expect(taxTreatment({ country: 'US', validVatNumber: null })).toEqual({ rateBasisPoints: 0, reason: 'outsideEu' });
    expect(taxTreatment({ country: 'GB', validVatNumber: 'GB123456789' })).toEqual({ rateBasisPoints: 0, reason: 'outsideEu' });
    expect(taxTreatment({ country: null, validVatNumber: null })).toEqual({ rateBasisPoints: 2000, reason: 'countryUnknown' });
    expect(taxTreatment({ country: ' ', validVatNumber: null }).reason).toBe('countryUnknown');
  });
});

describe('withTax', () => {
  it('adds the tax in whole cents, half a cent rounded away from zero', () => {
    expect(withTax(8_900, 2000)).toEqual({ excludingTax: 8_900, tax: 1_780, includingTax: 10_680 });
    expect(withTax(1_234, 2000)).toEqual({ excludingTax: 1_234, tax: 247, includingTax: 1_481 });
    expect(withTax(1_232, 2000).tax).toBe(246);
    expect(withTax(-1_234, 2000).tax).toBe(-247);
    expect(withTax(8_900, 0)).toEqual({ excludingTax: 8_900, tax: 0, includingTax: 8_900 });
  });

  it('refuses fractions of a cent', () => {
    expect(() => withTax(10.5, 2000)).toThrow();
  });
});
