import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guessPlacement, placementColumns } from './guess-placement.js';

/** The first rows of a CSV of test-data (plain commas, no quoted cells). */
function csvSample(file: string, rows = 20) {
  const lines = readFileSync(new URL(`../../../../test-data/customers/${file}`, import.meta.url), 'utf8').trim().split(/\r?\n/);
  return { columns: lines[0]!.split(','), rows: lines.slice(1, rows + 1).map((line) => line.split(',')) };
}

describe('guessPlacement', () => {
  it('takes the London stations by their lat and lon columns', () => {
    const { columns, rows } = csvSample('london-cycle-hire-stations.csv');
    expect(guessPlacement(columns, rows)).toEqual({ kind: 'coordinates', latitude: 'lat', longitude: 'lon' });
  });

  it('prefers the coordinates of a file that has an address too (the Bindlach addresses)', () => {
    const { columns, rows } = csvSample('addresses-bindlach-heinersreuth-osm.csv');
    expect(guessPlacement(columns, rows)).toEqual({ kind: 'coordinates', latitude: 'lat', longitude: 'lon' });
  });

  it('takes the address parts when the coordinates are gone', () => {
    const { columns, rows } = csvSample('addresses-bindlach-heinersreuth-osm.csv');
    const kept = columns.map((column, index) => [column, index] as const).filter(([column]) => column !== 'lon' && column !== 'lat');
    const placement = guessPlacement(kept.map(([column]) => column), rows.map((row) => kept.map(([, index]) => row[index]!)));
    expect(placement).toEqual({ kind: 'address', address: { street: 'street', housenumber: 'housenumber', postcode: 'postcode', city: 'city', country: 'country' } });
  });

  it('reads French and German headers', () => {
    expect(guessPlacement(['Nom', 'Adresse', 'Code postal', 'Ville'], [])).toEqual({ kind: 'address', address: { street: 'Adresse', postcode: 'Code postal', city: 'Ville' } });
    expect(guessPlacement(['Firma', 'Straße', 'Hausnummer', 'PLZ', 'Ort'], [])).toEqual({
      kind: 'address', address: { street: 'Straße', housenumber: 'Hausnummer', postcode: 'PLZ', city: 'Ort' },
    });
    expect(guessPlacement(['Magasin', 'Breitengrad', 'Längengrad'], [['A', '49,98', '11,51']])).toEqual({ kind: 'coordinates', latitude: 'Breitengrad', longitude: 'Längengrad' });
  });

  it('takes an address alone as the whole address', () => {
    expect(guessPlacement(['Client', 'Adresse'], [['Dupont', '12 rue de la Paix, 75002 Paris']])).toEqual({ kind: 'address', address: { line: 'Adresse' } });
  });

  it('takes one column of "latitude, longitude" pairs, named or not', () => {
    expect(guessPlacement(['name', 'Coordonnées'], [['A', '48.85, 2.35'], ['B', '45.76; 4.83']])).toEqual({ kind: 'latLng', column: 'Coordonnées' });
    expect(guessPlacement(['name', 'Où'], [['A', '48.85, 2.35'], ['B', '45.76, 4.83']])).toEqual({ kind: 'latLng', column: 'Où' });
  });

  it('does not take x and y columns that hold no coordinates', () => {
    expect(guessPlacement(['x', 'y'], [['a', 'b'], ['c', 'd']])).toBeNull();
    expect(guessPlacement(['lat', 'lon'], [['200', '300']])).toBeNull();
  });

  it('says nothing of a file whose headers say nothing', () => {
    expect(guessPlacement(['name', 'sales'], [['A', '12']])).toBeNull();
  });
});

describe('placementColumns', () => {
  it('lists the columns a placement takes', () => {
    expect(placementColumns({ kind: 'coordinates', latitude: 'lat', longitude: 'lon' })).toEqual(['lat', 'lon']);
    expect(placementColumns({ kind: 'latLng', column: 'c' })).toEqual(['c']);
    expect(placementColumns({ kind: 'address', address: { street: 's', city: 'c' } })).toEqual(['s', 'c']);
    expect(placementColumns(null)).toEqual([]);
  });
});
