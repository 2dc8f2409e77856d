import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { MultiPolygon } from 'geojson';
import { OsmBasemapCollector, type BasemapFeature } from './osm-basemap-collector.js';
import { cutRegionTiles, tilesCovering } from './region-tiles.js';
import { pointInRing, type Position } from './ring-geometry.js';

/**
 * A small made-up extract, fed as a reader feeds it: a coast crossing the box from west to east
 * (land to the north), a street and its continuation, a building, a lake with an island
 * (a multipolygon), a commune boundary on the coast and inland, and a town.
 */
function smallExtract(): OsmBasemapCollector {
  const collector = new OsmBasemapCollector();
  const nodes: Array<[number, number, number]> = [
    [1, 7.40, 43.730], [2, 7.42, 43.732], [3, 7.44, 43.730], // coast
    [10, 7.41, 43.740], [11, 7.42, 43.741], [12, 7.43, 43.742], // street
    [20, 7.415, 43.745], [21, 7.416, 43.745], [22, 7.416, 43.746], [23, 7.415, 43.746], // building
    [30, 7.425, 43.735], [31, 7.435, 43.735], [32, 7.435, 43.739], [33, 7.425, 43.739], // lake
    [40, 7.429, 43.736], [41, 7.431, 43.736], [42, 7.431, 43.738], [43, 7.429, 43.738], // island
    [50, 7.40, 43.750], [51, 7.44, 43.750], // inland boundary
    [60, 7.421, 43.744],
  ];
  collector.bounds([7.40, 43.72, 7.44, 43.75]);
  for (const [id, lon, lat] of nodes) collector.node(id, lon, lat);
  collector.nodeTags(60, { place: 'town', name: 'Monaco', 'name:fr': 'Monaco', population: '38000' });
  collector.way(100, [1, 2, 3], { natural: 'coastline' });
  collector.way(101, [10, 11], { highway: 'residential', name: 'Rue Grimaldi' });
  collector.way(102, [11, 12], { highway: 'primary', name: 'Boulevard Albert Ier', 'name:fr': 'Boulevard Albert Ier' });
  collector.way(103, [20, 21, 22, 23, 20], { building: 'yes', height: '20' });
  collector.way(104, [30, 31, 32], {});
  collector.way(105, [32, 33, 30], {});
  collector.way(106, [40, 41, 42, 43, 40], {});
  collector.way(107, [50, 51], {});
  collector.relation(200, [
    { type: 'way', ref: 104, role: 'outer' }, { type: 'way', ref: 105, role: 'outer' }, { type: 'way', ref: 106, role: 'inner' },
  ], { type: 'multipolygon', natural: 'water', name: 'Lac' });
  collector.relation(201, [{ type: 'way', ref: 100, role: 'outer' }, { type: 'way', ref: 107, role: 'outer' }], {
    type: 'boundary', boundary: 'administrative', admin_level: '8', name: 'Commune',
  });
  return collector;
}

describe('OsmBasemapCollector', () => {
  const features = smallExtract().features();

  it('makes land north of the coast and sea south of it, within the extract’s bounds', () => {
    expect(features.bounds).toEqual([7.40, 43.72, 7.44, 43.75]);
    const [earth] = features.layers.earth;
    const [ocean] = features.layers.water.filter((feature) => feature.properties.kind === 'ocean');
    const covers = (geometry: BasemapFeature['geometry'], point: Position) =>
      geometry.type === 'MultiPolygon' && geometry.coordinates.some(([outer]) => pointInRing(point, outer as Position[]));
    expect(covers(earth!.geometry, [7.42, 43.745])).toBe(true);
    expect(covers(earth!.geometry, [7.42, 43.725])).toBe(false);
    expect(covers(ocean!.geometry, [7.42, 43.725])).toBe(true);
  });

  it('classifies roads, buildings, the lake with its island, the town and the inland boundary', () => {
    expect(features.layers.roads.map((road) => [road.properties.kind, road.properties.name])).toEqual([
      ['minor_road', 'Rue Grimaldi'], ['major_road', 'Boulevard Albert Ier'],
    ]);
    expect(features.layers.buildings).toHaveLength(1);
    expect(features.layers.buildings[0]!.properties).toMatchObject({ kind: 'building', height: 20 });
    const lake = features.layers.water.find((feature) => feature.properties.name === 'Lac')!;
    expect(lake.geometry.type).toBe('MultiPolygon');
    expect((lake.geometry as MultiPolygon).coordinates[0]).toHaveLength(2); // outer ring and the island's hole
    expect(features.layers.places[0]).toMatchObject({ geometry: { coordinates: [7.421, 43.744] }, properties: { kind: 'locality', 'name:fr': 'Monaco' } });
    // The coast is not drawn again as a boundary; the inland part is.
    expect(features.layers.boundaries).toHaveLength(1);
    expect(features.layers.boundaries[0]!.properties).toMatchObject({ kind: 'locality', kind_detail: 8 });
  });

  it('cuts tiles that hold each layer from its zoom on', () => {
    const tiles = [...cutRegionTiles(features, { minZoom: 10, maxZoom: 15 })];
    const decode = (z: number) => {
      const [address] = tilesCovering([7.421, 43.744, 7.421, 43.744], z);
      const tile = tiles.find((t) => t.z === z && t.x === address!.x && t.y === address!.y)!;
      return new VectorTile(new PbfReader(tile.data));
    };
    const z15 = decode(15);
    expect(Object.keys(z15.layers).sort()).toEqual(expect.arrayContaining(['buildings', 'earth', 'places', 'roads']));
    const z11 = decode(11);
    expect(z11.layers.buildings).toBeUndefined();
    // At zoom 11 only the primary road is drawn (residential streets from 12), merged with its name for its label.
    const roads = z11.layers.roads!;
    expect(Array.from({ length: roads.length }, (_, i) => roads.feature(i).properties)).toEqual([
      { kind: 'major_road', kind_detail: 'primary', name: 'Boulevard Albert Ier', 'name:fr': 'Boulevard Albert Ier', min_zoom: 8 },
    ]);
    const z10 = decode(10).layers.roads!;
    expect(z10.feature(0).properties.name).toBeUndefined();
  });
});
