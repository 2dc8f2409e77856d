import { describe, expect, it } from 'vitest';
import { labelColumn } from './label-column.js';

describe('labelColumn', () => {
  it("takes the column whose header says it is a name, in the user's language and case", () => {
    // The London stations sample's header.
    expect(labelColumn(['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'])).toBe(1);
    expect(labelColumn(['Code', 'Raison_Sociale', 'Ville'])).toBe(1);
    expect(labelColumn(['SIRET', 'Libellé', 'Nom'])).toBe(1);
    expect(labelColumn(['n°', 'Store Name'])).toBe(1);
  });

  it('falls back on the first column, and on nothing without columns', () => {
    expect(labelColumn(['street', 'housenumber', 'postcode', 'city'])).toBe(0);
    expect(labelColumn(['Nominal value', 'x'])).toBe(0);
    expect(labelColumn([])).toBeUndefined();
  });
});
