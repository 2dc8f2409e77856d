import { describe, expect, it } from 'vitest';
import { osmPoiFields } from './osm-poi-tags.js';

describe('the POI fields of an OpenStreetMap object', () => {
  it('keeps the POI keys as key=value, the name, brand, address parts, hours, website and details', () => {
    expect(osmPoiFields({
      amenity: 'restaurant', shop: 'deli', building: 'yes', name: 'Chez Paul', brand: 'Paul', 'addr:housenumber': '12',
      'addr:street': 'Carrer Major', 'addr:postcode': 'AD500', 'addr:city': 'Andorra la Vella', opening_hours: 'Mo-Sa 09:00-19:00',
      'contact:website': 'https://example.ad', cuisine: 'french', 'contact:phone': '+376 800 000', note: 'not kept',
    })).toEqual({
      tags: ['amenity=restaurant', 'shop=deli'],
      name: 'Chez Paul',
      brand: 'Paul',
      address: { houseNumber: '12', street: 'Carrer Major', postcode: 'AD500', city: 'Andorra la Vella' },
      openingHours: 'Mo-Sa 09:00-19:00',
      website: 'https://example.ad',
      details: { cuisine: 'french', phone: '+376 800 000' },
    });
  });

  it('is null for an object no POI key describes, or one that says there is none', () => {
    expect(osmPoiFields({ building: 'yes', name: 'Casa' })).toBeNull();
    expect(osmPoiFields({ shop: 'no', name: 'Former shop' })).toBeNull();
    expect(osmPoiFields({ shop: 'vacant' })?.tags).toEqual(['shop=vacant']);
    expect(osmPoiFields({ tourism: 'hotel' })).toMatchObject({ name: null, brand: null, website: null, details: {} });
  });
});
