import { describe, expect, it } from 'vitest';
import { pickedPointName } from './picked-point-name.js';
import type { Place } from './place-search.js';

const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
const nice: Place = { id: 'commune:06088', label: 'Nice', detail: 'Alpes-Maritimes (06), France', kind: 'commune', country: 'FR', center: [7.262, 43.7102] };

describe('pickedPointName', () => {
  it('names a point by its town when the town is close', () => {
    expect(pickedPointName([7.26, 43.70], { place: nice, distanceMeters: 1_200 }, t)).toBe('Nice');
  });

  it('says "near" the town when its centre is farther', () => {
    expect(pickedPointName([7.30, 43.75], { place: nice, distanceMeters: 5_400 }, t)).toBe('createArea.nearPlace {"name":"Nice"}');
  });

  it('falls back to the coordinates when no town is near or the lookup failed', () => {
    const coordinates = 'createArea.pickedPoint {"lat":"40.0000","lng":"-30.0000"}';
    expect(pickedPointName([-30, 40], { place: null, distanceMeters: null }, t)).toBe(coordinates);
    expect(pickedPointName([-30, 40], null, t)).toBe(coordinates);
  });
});
