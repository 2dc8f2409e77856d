import { describe, expect, it } from 'vitest';
import { formatAddress } from './postal-address.js';

describe('one line of postal address', () => {
  it('puts the house number where the country puts it', () => {
    const parts = { houseNumber: '12', street: 'Rue de la Paix', postcode: '75002', city: 'Paris' };
    expect(formatAddress(parts, 'fr')).toBe('12 Rue de la Paix, 75002 Paris');
    expect(formatAddress({ houseNumber: '43', street: 'Städtle', postcode: '9490', city: 'Vaduz' }, 'li')).toBe('Städtle 43, 9490 Vaduz');
  });

  it('leaves out what is missing, and is null when nothing is known', () => {
    expect(formatAddress({ street: 'Plaça Major', houseNumber: ' ' }, 'ad')).toBe('Plaça Major');
    expect(formatAddress({ city: 'Monaco', postcode: '98000' }, 'mc')).toBe('98000 Monaco');
    expect(formatAddress({}, 'fr')).toBeNull();
  });
});
