import { describe, expect, it } from 'vitest';
import type { BillingDetails } from '@catchment/domain';
import { billingBodyOf, billingFormChanged, billingFormErrors, billingFormOf } from './billing-address-fields.js';

const details: BillingDetails = {
  firstName: 'Ada', lastName: 'Lovelace', company: null, vat: null, addressLine1: '12 rue de la Paix', addressLine2: null,
  postalCode: '75002', city: 'Paris', country: 'fr', phone: null,
};

describe('billing address form', () => {
  it('starts from the answer, a country code in capitals, empty texts for what is missing', () => {
    expect(billingFormOf(details)).toEqual({
      firstName: 'Ada', lastName: 'Lovelace', company: '', vat: '', addressLine1: '12 rue de la Paix', addressLine2: '',
      postalCode: '75002', city: 'Paris', country: 'FR', phone: '',
    });
    // A country the profile kept as free text is chosen again.
    expect(billingFormOf({ ...details, country: 'France' }).country).toBe('');
  });

  it('sends trimmed values and leaves empty optional fields out', () => {
    const form = { ...billingFormOf(details), company: '  Études SA ', vat: ' ', city: ' Paris ' };
    expect(billingBodyOf(form)).toEqual({
      firstName: 'Ada', lastName: 'Lovelace', company: 'Études SA', vat: undefined, addressLine1: '12 rue de la Paix', addressLine2: undefined,
      postalCode: '75002', city: 'Paris', country: 'FR', phone: undefined,
    });
  });

  it('requires the names, the postal address and a country, as the server does', () => {
    const form = { ...billingFormOf(details), lastName: ' ', city: '', country: '' };
    expect(billingFormErrors(form)).toEqual({ lastName: 'validation.required', city: 'validation.required', country: 'validation.country' });
    expect(billingFormErrors(billingFormOf(details))).toEqual({});
  });

  it('refuses a VAT number without an EU format, and takes one written with spaces or dots', () => {
    expect(billingFormErrors({ ...billingFormOf(details), vat: 'FR123' })).toEqual({ vat: 'validation.vat' });
    expect(billingFormErrors({ ...billingFormOf(details), vat: 'US123456789' })).toEqual({ vat: 'validation.vat' });
    expect(billingFormErrors({ ...billingFormOf(details), vat: 'DE 123.456.789' })).toEqual({});
  });

  it('tells a change from the values it started with', () => {
    expect(billingFormChanged(details, billingFormOf(details))).toBe(false);
    expect(billingFormChanged(details, { ...billingFormOf(details), city: 'Paris ' })).toBe(false);
    expect(billingFormChanged(details, { ...billingFormOf(details), vat: 'FR40303265045' })).toBe(true);
  });
});
