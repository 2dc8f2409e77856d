import { describe, expect, it } from 'vitest';
import { testApp } from './harness.js';

interface PlaceResult { id: string; label: string; detail: string; kind: string; country: string; center: [number, number] }


async function results(q: string, options: { limit?: number; language?: string } = {}): Promise<PlaceResult[]> {
  const { app } = await testApp();
  const response = await app.inject({
    method: 'GET', url: '/api/geocode/search',
    query: { q, ...(options.limit ? { limit: String(options.limit) } : {}) },
    headers: options.language ? { 'accept-language': options.language } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

describe('GET /api/geocode/search', () => {
  it('finds Paris first, whatever the case', async () => {
    for (const q of ['Paris', 'paris', 'PARIS']) {
      const [first] = await results(q);
      expect(first).toMatchObject({ id: 'commune:75056', label: 'Paris', kind: 'commune', country: 'FR' });
      expect(first!.center[0]).toBeCloseTo(2.35, 1);
      expect(first!.center[1]).toBeCloseTo(48.86, 1);
    }
  });

  it('ignores accents: "Orleans" finds Orléans', async () => {
    const [first] = await results('Orleans');
    expect(first).toMatchObject({ label: 'Orléans', kind: 'commune', country: 'FR' });
    expect(first!.detail).toBe('Loiret (45), France');
  });

  it('finds French postcodes, including ones with a leading zero', async () => {
    const [paris11] = await results('75011');
    expect(paris11).toMatchObject({ label: '75011 Paris 11e Arrondissement', kind: 'postcode', country: 'FR' });
    const [nice] = await results('06000');
    expect(nice).toMatchObject({ label: '06000 Nice', kind: 'postcode' });
    expect(nice!.center[0]).toBeCloseTo(7.27, 1);
  });

  it('finds US zip codes', async () => {
    const [first] = await results('10001');
    expect(first).toMatchObject({ id: 'zipcode:10001', label: '10001 New York', kind: 'zipcode', country: 'US', detail: 'NY, United States' });
  });

  it('words the country in the reader\'s language', async () => {
    const [first] = await results('10001', { language: 'fr-FR' });
    expect(first!.detail).toBe('NY, États-Unis');
  });

  it('ranks exact names first, then by population, and honours the limit', async () => {
    const found = await results('lyon', { limit: 3 });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatchObject({ label: 'Lyon', kind: 'commune' });
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await results('zzzzqqq')).toEqual([]);
  });

  it.each([
    ['no query', {}],
    ['a blank query', { q: '   ' }],
    ['a limit of zero', { q: 'paris', limit: '0' }],
    ['a limit that is not a number', { q: 'paris', limit: 'many' }],
    ['a limit above the maximum', { q: 'paris', limit: '1000' }],
  ])('rejects %s with a 400', async (_case, query) => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/geocode/search', query });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/v2/geocode/reverse', () => {
  async function reverse(query: Record<string, string>, language?: string) {
    const { app } = await testApp();
    return app.inject({ method: 'GET', url: '/api/v2/geocode/reverse', query, headers: language ? { 'accept-language': language } : {} });
  }

  it('names a point by the nearest town, with its distance', async () => {
    const nice = await reverse({ lng: '7.2620', lat: '43.7000' });
    expect(nice.statusCode).toBe(200);
    expect(nice.json().place).toMatchObject({ label: 'Nice', country: 'FR' });
    expect(nice.json().distanceMeters).toBeLessThan(2_000);
    // Above Monaco, by the Trophée d'Auguste: the commune keeps its article.
    const turbie = await reverse({ lng: '7.4000', lat: '43.7450' });
    expect(turbie.json().place.label).toBe('La Turbie');
  });

  it('words the place in the reader\'s language', async () => {
    const newYork = await reverse({ lng: '-74.0060', lat: '40.7128' }, 'fr-FR');
    expect(newYork.json().place.detail).toMatch(/États-Unis$/);
  });

  it('answers no place far from every town (mid-Atlantic)', async () => {
    const sea = await reverse({ lng: '-30', lat: '40' });
    expect(sea.statusCode).toBe(200);
    expect(sea.json()).toEqual({ place: null, distanceMeters: null });
  });

  it.each([
    ['no latitude', { lng: '7' }],
    ['a longitude out of range', { lng: '200', lat: '43' }],
    ['a latitude that is not a number', { lng: '7', lat: 'north' }],
  ])('rejects %s with a 400', async (_case, query) => {
    const answer = await reverse(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('VALIDATION_ERROR');
  });
});
