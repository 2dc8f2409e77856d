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
