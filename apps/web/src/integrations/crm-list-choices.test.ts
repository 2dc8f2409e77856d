import { describe, expect, it } from 'vitest';
import type { CrmPropertyView } from '@catchment/domain';
import { defaultSynchronizedProperties, guessAddressProperties, numericProperties } from './crm-list-choices.js';

const property = (name: string, label: string, type = 'string'): CrmPropertyView => ({ name, label, type, group: 'contactinformation' });

/** HubSpot's contact properties, as its API names and labels them. */
const CONTACT = [
  property('firstname', 'First Name'), property('lastname', 'Last Name'), property('email', 'Email'), property('company', 'Company Name'),
  property('address', 'Street Address'), property('city', 'City'), property('zip', 'Postal Code'), property('state', 'State/Region'),
  property('country', 'Country/Region'), property('annualrevenue', 'Annual Revenue', 'number'), property('hs_object_id', 'Record ID', 'number'),
];

describe("the add-list stepper's guesses", () => {
  it("reads HubSpot's address properties: the street beside the postcode, city and country", () => {
    expect(guessAddressProperties(CONTACT)).toEqual({ street: 'address', postcode: 'zip', city: 'city', country: 'country' });
  });

  it('reads a label when the name says nothing, and takes a lone address as the whole line', () => {
    expect(guessAddressProperties([property('custom_1', 'Code postal'), property('custom_2', 'Ville')])).toEqual({ postcode: 'custom_1', city: 'custom_2' });
    expect(guessAddressProperties([property('name', 'Name'), property('full_address', 'Adresse')])).toEqual({ line: 'full_address' });
    expect(guessAddressProperties([property('name', 'Name')])).toEqual({});
  });

  it('keeps the properties naming the record, and offers the numeric ones kept for figures', () => {
    expect(defaultSynchronizedProperties(CONTACT)).toEqual(['firstname', 'lastname', 'email', 'company']);
    expect(numericProperties(CONTACT, ['firstname', 'annualrevenue'])).toEqual(['annualrevenue']);
  });
});
