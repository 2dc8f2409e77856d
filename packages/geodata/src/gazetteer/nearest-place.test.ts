import { describe, expect, it } from 'vitest';
import { haversineDistanceMeters, NearestPlaceIndex } from './nearest-place.js';
import type { PlaceEntry } from './place-entry.js';

function place(id: string, kind: PlaceEntry['kind'], lng: number, lat: number, population = 0): PlaceEntry {
  return { id, kind, name: id, context: '', country: 'FR', lng, lat, population };
}

describe('haversineDistanceMeters', () => {
  it('measures a degree of latitude as about 111 km, and Paris–Nice as about 685 km', () => {
    expect(haversineDistanceMeters([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(haversineDistanceMeters([2.3522, 48.8566], [7.262, 43.7102]) / 1000).toBeCloseTo(685.1, 1);
  });
});

describe('NearestPlaceIndex', () => {
  const index = new NearestPlaceIndex([
    place('Nice', 'commune', 7.262, 43.7102, 340_000),
    place('La Turbie', 'commune', 7.4006, 43.7453, 3_000),
    place('06000', 'postcode', 7.3, 43.72),
    place('Reykjavik', 'city', -21.9426, 64.1466, 120_000),
  ]);

  it('names a point by the nearest town, never by a postcode', () => {
    expect(index.nearest([7.39, 43.74], 25_000)?.place.name).toBe('La Turbie');
    expect(index.nearest([7.30, 43.72], 25_000)?.place.name).toBe('Nice');
  });

  it('gives the distance, and nothing beyond the limit', () => {
    const found = index.nearest([7.262, 43.80], 25_000)!;
    expect(found.place.name).toBe('Nice');
    expect(found.distanceMeters).toBeCloseTo(9_980, -2);
    expect(index.nearest([7.262, 43.80], 5_000)).toBeNull();
    expect(index.nearest([-30, 40], 25_000)).toBeNull();
  });

  it('finds a town east of the point at high latitude, where a degree of longitude is short', () => {
    expect(index.nearest([-22.2, 64.1466], 25_000)?.place.name).toBe('Reykjavik');
  });

  it('answers nothing when it holds no town', () => {
    expect(new NearestPlaceIndex([]).nearest([0, 0], 25_000)).toBeNull();
  });
});
