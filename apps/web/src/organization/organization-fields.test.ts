import { describe, expect, it } from 'vitest';
import type { OrganizationConfiguration } from '@catchment/domain';
import { organizationChanges, organizationFormErrors, organizationFormOf } from './organization-fields.js';

const saved: OrganizationConfiguration = {
  editable: true,
  name: 'Études & Territoires', primaryColor: '#aa3300', secondaryColor: '#475569', contact: null, website: 'https://etudes.example',
  logo: null, updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('organisation form', () => {
  it('sends only what changed, colours compared without case, a cleared text as empty', () => {
    const form = { ...organizationFormOf(saved), primaryColor: '#AA3300', contact: 'Lyon', website: '' };
    expect(organizationChanges(saved, form)).toEqual({ contact: 'Lyon', website: '' });
    expect(organizationChanges(saved, organizationFormOf(saved))).toEqual({});
  });

  it('gives the schema\'s message keys by field', () => {
    expect(organizationFormErrors({ primaryColor: 'blue', website: 'not a site', name: 'x'.repeat(121) })).toEqual({
      primaryColor: 'validation.color', website: 'validation.website', name: 'validation.tooLong',
    });
    expect(organizationFormErrors({ website: 'www.example.com', contact: '' })).toEqual({});
  });
});
