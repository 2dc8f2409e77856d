import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDemoContent } from '../test-support/demo-content.js';
import { Gazetteer } from './gazetteer.js';
import type { PlaceEntry } from './place-entry.js';

const place = (id: string, name: string, population: number, extra: Partial<PlaceEntry> = {}): PlaceEntry => ({
  id, kind: 'city', name, context: '', country: 'XX', lng: 0, lat: 0, population, ...extra,
});

describe('Gazetteer ranking', () => {
  const gazetteer = new Gazetteer([
    place('a', 'Springfield Gardens', 900_000),
    place('b', 'Springfield', 10_000),
    place('c', 'Springfield', 150_000),
    place('d', 'Spring', 5),
    place('e', 'Summerville', 1_000_000),
    place('f', 'Hamlet', 10, { kind: 'postcode', code: '01234' }),
  ]);

  it('puts exact names first, then the most populous', () => {
    expect(gazetteer.search('springfield').map((p) => p.id)).toEqual(['c', 'b', 'a']);
    expect(gazetteer.search('spring').map((p) => p.id)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('keeps at most `limit` results', () => {
    expect(gazetteer.search('spring', 2).map((p) => p.id)).toEqual(['d', 'a']);
  });

  it('searches postcodes by code, not by name', () => {
    expect(gazetteer.search('0123').map((p) => p.id)).toEqual(['f']);
    expect(gazetteer.search('hamlet')).toEqual([]);
  });

  it('finds nothing for a blank or unknown query', () => {
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('zzz')).toEqual([]);
  });
});

describe('Gazetteer over the demo data', () => {
  let gazetteer: Gazetteer;
  beforeAll(() => {
    gazetteer = new Gazetteer(sharedDemoContent().places);
  });

  it('finds Paris, France first, in any case', () => {
    for (const query of ['Paris', 'paris', 'PARIS ']) {
      expect(gazetteer.search(query, 1)[0]).toMatchObject({ id: 'commune:75056', name: 'Paris', country: 'FR', context: 'Paris (75)' });
    }
  });

  it('matches without accents: Orleans finds Orléans', () => {
    expect(gazetteer.search('Orleans', 1)[0]).toMatchObject({ kind: 'commune', name: 'Orléans', context: 'Loiret (45)' });
    expect(gazetteer.search('saint etienne', 1)[0]).toMatchObject({ kind: 'commune', name: 'Saint-Étienne' });
  });

  it('finds a French postcode and places it in its arrondissement', () => {
    const [first] = gazetteer.search('75011', 1);
    expect(first).toMatchObject({ kind: 'postcode', code: '75011', name: 'Paris 11e Arrondissement' });
    expect(first!.lng).toBeCloseTo(2.35, 1);
    expect(gazetteer.search('06000', 1)[0]).toMatchObject({ kind: 'postcode', name: 'Nice' });
  });

  it('finds a US zip code', () => {
    expect(gazetteer.search('10001', 1)[0]).toMatchObject({ kind: 'zipcode', code: '10001', name: 'New York', context: 'NY', country: 'US' });
  });

  it('finds world cities outside France', () => {
    expect(gazetteer.search('tokyo', 1)[0]).toMatchObject({ kind: 'city', country: 'JP' });
  });

  it('finds nothing for "zzzzqqq"', () => {
    expect(gazetteer.search('zzzzqqq')).toEqual([]);
  });
});
