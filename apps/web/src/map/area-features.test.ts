import { describe, expect, it } from 'vitest';
import { areaFeatures, geometryBounds } from './area-features.js';
import type { DisplayArea } from './map-context.js';

const square = (west: number, south: number, size: number): GeoJSON.Polygon => ({
  type: 'Polygon',
  coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]],
});

const area = (uuid: string, overrides: Partial<DisplayArea> = {}): DisplayArea => ({
  uuid, label: `Area ${uuid}`, color: '#ff0000', hide: false, selected: false, geometry: square(0, 0, 1), ...overrides,
});

describe('areaFeatures', () => {
  it('leaves hidden areas out', () => {
    const collection = areaFeatures([area('a'), area('b', { hide: true }), area('c')]);
    expect(collection.features.map((feature) => feature.properties.uuid)).toEqual(['a', 'c']);
  });

  it('puts selected areas last, keeping the order of the others', () => {
    const collection = areaFeatures([area('a', { selected: true }), area('b'), area('c'), area('d', { selected: true })]);
    expect(collection.features.map((feature) => feature.properties.uuid)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('carries colour, label and selection for the data-driven style', () => {
    const [feature] = areaFeatures([area('a', { color: '#123456', label: 'Shop', selected: true })]).features;
    expect(feature?.properties).toEqual({ uuid: 'a', label: 'Shop', color: '#123456', selected: true });
    expect(feature?.geometry).toEqual(square(0, 0, 1));
  });
});

describe('geometryBounds', () => {
  it('covers every ring of a multipolygon', () => {
    const multi: GeoJSON.MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [square(2, 48, 0.5).coordinates, square(-1.5, 43, 1).coordinates],
    };
    expect(geometryBounds(multi)).toEqual([-1.5, 43, 2.5, 48.5]);
  });

  it('handles points, collections and empty geometries', () => {
    expect(geometryBounds({ type: 'Point', coordinates: [2.35, 48.85] })).toEqual([2.35, 48.85, 2.35, 48.85]);
    expect(geometryBounds({
      type: 'GeometryCollection',
      geometries: [{ type: 'Point', coordinates: [1, 2] }, { type: 'Point', coordinates: [3, -4] }],
    })).toEqual([1, -4, 3, 2]);
    expect(geometryBounds({ type: 'MultiPoint', coordinates: [] })).toBeNull();
  });
});
