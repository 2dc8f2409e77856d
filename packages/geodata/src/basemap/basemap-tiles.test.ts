import { beforeAll, describe, expect, it } from 'vitest';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { sharedDemoContent } from '../test-support/demo-content.js';
import { BasemapTiles, isValidTileAddress } from './basemap-tiles.js';

const decode = (bytes: Uint8Array) => new VectorTile(new PbfReader(bytes));
const propertiesOf = (layer: VectorTileLayer) => Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties);

describe('BasemapTiles', () => {
  let tiles: BasemapTiles;
  beforeAll(() => {
    tiles = new BasemapTiles(sharedDemoContent().layers);
  });

  it('cuts the world tile with land, countries and borders', () => {
    const tile = decode(tiles.tile({ z: 0, x: 0, y: 0 })!);
    expect(Object.keys(tile.layers).sort()).toEqual(['boundaries', 'countries', 'land']);
    expect(propertiesOf(tile.layers.countries!).map((p) => p.name)).toEqual(expect.arrayContaining(['France', 'United States of America', 'Japan']));
    expect(tile.layers.countries!.feature(0).type).toBe(3); // polygon
    expect(tile.layers.boundaries!.feature(0).type).toBe(2); // line
    expect(tile.layers.countries!.extent).toBe(4096);
  });

  it('leaves out of small zooms what only larger zooms show', () => {
    const world = decode(tiles.tile({ z: 0, x: 0, y: 0 })!);
    expect(new Set(propertiesOf(world.layers.boundaries!).map((p) => p.adminLevel))).toEqual(new Set([2]));
    // Zoom 2, Europe east of Greenwich: big countries' labels and capitals, no small towns yet.
    const europe = decode(tiles.tile({ z: 2, x: 2, y: 1 })!);
    expect(propertiesOf(europe.layers.country_labels!).map((p) => p.name)).toContain('France');
    const towns = propertiesOf(europe.layers.places!);
    expect(towns.map((p) => p.name)).toEqual(expect.arrayContaining(['Paris', 'Berlin', 'Rome']));
    expect(towns.every((p) => p.capital === 1 || Number(p.population) >= 5_000_000)).toBe(true);
  });

  it('draws US states and counties where they are shown', () => {
    // Zoom 6 tile around Kansas City.
    const tile = decode(tiles.tile({ z: 6, x: 15, y: 24 })!);
    const levels = new Set(propertiesOf(tile.layers.boundaries!).map((p) => p.adminLevel));
    expect(levels).toEqual(new Set([4, 6]));
    const towns = propertiesOf(tile.layers.places!);
    expect(towns.map((p) => p.name)).toContain('Kansas City');
    expect(towns.every((p) => Number(p.minZoom) <= 6)).toBe(true);
  });

  it('has nothing for open ocean and for addresses outside the grid', () => {
    expect(tiles.tile({ z: 8, x: 10, y: 160 })).toBeNull();
    expect(tiles.tile({ z: 2, x: 4, y: 0 })).toBeNull();
    expect(tiles.tile({ z: 11, x: 0, y: 0 })).toBeNull();
  });
});

describe('isValidTileAddress', () => {
  it('accepts the grid of each zoom and nothing else', () => {
    expect(isValidTileAddress({ z: 0, x: 0, y: 0 })).toBe(true);
    expect(isValidTileAddress({ z: 3, x: 7, y: 7 })).toBe(true);
    expect(isValidTileAddress({ z: 3, x: 8, y: 0 })).toBe(false);
    expect(isValidTileAddress({ z: -1, x: 0, y: 0 })).toBe(false);
    expect(isValidTileAddress({ z: 1.5, x: 0, y: 0 })).toBe(false);
  });
});
