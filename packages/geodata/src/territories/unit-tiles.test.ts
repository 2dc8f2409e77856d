import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { labelPosition, UnitTiles } from './unit-tiles.js';

const square = (x: number, y: number, side: number) => ({
  type: 'Polygon' as const, coordinates: [[[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]]],
});

describe('unit outline tiles', () => {
  // Two communes near Nice, 0.1° wide.
  const tiles = new UnitTiles('fr_cities', [
    { code: '06088', name: 'Nice', geometry: square(7.2, 43.65, 0.1) },
    { code: '06159', name: 'Villefranche-sur-Mer', geometry: square(7.3, 43.65, 0.1) },
  ]);

  it('draws outlines from the kind\'s outline zoom, labels from its label zoom', () => {
    // Zoom 7 and 9 tiles holding (7.25, 43.7).
    const z7 = new VectorTile(new PbfReader(tiles.tile(7, 66, 46)!));
    expect(Object.keys(z7.layers)).toEqual(['units']);
    expect(z7.layers.units!.length).toBe(2);
    const z9 = new VectorTile(new PbfReader(tiles.tile(9, 266, 186)!));
    expect(Object.keys(z9.layers).sort()).toEqual(['labels', 'units']);
    const names = Array.from({ length: z9.layers.labels!.length }, (_, i) => z9.layers.labels!.feature(i).properties.name);
    expect(names.sort()).toEqual(['Nice', 'Villefranche-sur-Mer']);
  });

  it('draws nothing below the outline zoom, away from the units, or at an invalid address', () => {
    expect(tiles.tile(3, 4, 2)).toBeNull();
    expect(tiles.tile(9, 0, 0)).toBeNull();
    expect(tiles.tile(9, 600, 0)).toBeNull();
  });

  it('puts a label inside the largest polygon of a unit', () => {
    const [lng, lat] = labelPosition({ type: 'MultiPolygon', coordinates: [square(0, 0, 0.01).coordinates, square(5, 5, 1).coordinates] });
    expect(lng).toBeGreaterThan(5);
    expect(lat).toBeGreaterThan(5);
  });
});
