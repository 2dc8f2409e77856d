import { describe, expect, it } from 'vitest';
import { parsePlacesList } from './places-list.js';

describe('a pasted list of places', () => {
  it('reads coordinates as map sites copy them (latitude first) and addresses, one per line, skipping blank lines', () => {
    expect(parsePlacesList('48.8566, 2.3522\n\n  12 rue de la Paix, 75002 Paris  \n43.7394 7.4275\n').places).toEqual([
      { position: [2.3522, 48.8566] },
      { address: '12 rue de la Paix, 75002 Paris' },
      { position: [7.4275, 43.7394] },
    ]);
  });

  it('reads a spreadsheet copy (tabs): name, place, category, after a line of column names', () => {
    const list = parsePlacesList('Name\tAddress\tFormat\nCasino\t43.7394, 7.4275\tBig\nLyon Part-Dieu\tLyon\t\n');
    expect(list.header).toBe(true);
    expect(list.places).toEqual([
      { label: 'Casino', position: [7.4275, 43.7394], category: 'Big' },
      { label: 'Lyon Part-Dieu', address: 'Lyon' },
    ]);
  });

  it('reads name; latitude; longitude; category with decimal commas', () => {
    expect(parsePlacesList('Nom;Latitude;Longitude;Type\nTour Eiffel;48,8584;2,2945;Monument').places).toEqual([
      { label: 'Tour Eiffel', position: [2.2945, 48.8584], category: 'Monument' },
    ]);
  });

  it('says which lines have coordinates out of range, and takes the others', () => {
    const list = parsePlacesList('Shop;95.1, 2.3\nOther;48.1, 2.3\nBad;48;200');
    expect(list.invalidLines).toEqual([1, 3]);
    expect(list.places).toEqual([{ label: 'Other', position: [2.3, 48.1] }]);
  });

  it('takes a first line of text above coordinates for column names, whatever they are called', () => {
    const list = parsePlacesList('Shop\tWhere\tFormat\nCasino\t43.7394, 7.4275\tBig\nPort\t43.7352, 7.4233\tSmall');
    expect(list.header).toBe(true);
    expect(list.places.map((place) => place.label)).toEqual(['Casino', 'Port']);
  });

  it('does not take a first line of places for column names', () => {
    expect(parsePlacesList('Store;Lyon\nShop;Nice').header).toBe(false);
    expect(parsePlacesList('Store;Lyon\nShop;Nice').places).toHaveLength(2);
    expect(parsePlacesList('Lyon').places).toEqual([{ address: 'Lyon' }]);
  });
});
