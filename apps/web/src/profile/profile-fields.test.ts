import { describe, expect, it } from 'vitest';
import { profileChanges, profileFormErrors, profileFormOf } from './profile-fields.js';

const saved = {
  firstName: 'Ada', lastName: 'Lovelace', phone: null, company: 'Analytical Engines', companySector: 'retail',
  vat: 'FR40303265045', addressLine1: '12 rue de la Paix', addressLine2: null, postalCode: '75002', city: 'Paris', country: 'FR',
};

describe('profileFormOf', () => {
  it('shows missing values as empty fields', () => {
    expect(profileFormOf(saved)).toMatchObject({ phone: '', addressLine2: '', city: 'Paris' });
  });
});

describe('profileChanges', () => {
  it('sends nothing when nothing changed, spaces aside', () => {
    expect(profileChanges(saved, { ...profileFormOf(saved), city: ' Paris ' })).toEqual({});
  });

  it('sends only what changed, trimmed, and a cleared field as empty', () => {
    const form = { ...profileFormOf(saved), phone: ' +33 1 23 45 67 89 ', vat: '', city: 'Lyon' };
    expect(profileChanges(saved, form)).toEqual({ phone: '+33 1 23 45 67 89', vat: '', city: 'Lyon' });
  });
});

describe('profileFormErrors', () => {
  it('requires the names only', () => {
    const form = { ...profileFormOf(saved), firstName: ' ', company: '', vat: '' };
    expect(profileFormErrors(form)).toEqual({ firstName: 'validation.required' });
  });
});
