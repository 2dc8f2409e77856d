import { describe, expect, it } from 'vitest';
import { buildingHeightMeters, classifyArea, classifyBoundary, classifyPlace, classifyRoad, classifyWaterway, populationRank } from './classify-osm.js';

describe('classifyRoad', () => {
  it.each([
    [{ highway: 'motorway' }, 'highway', 'motorway', 3],
    [{ highway: 'primary' }, 'major_road', 'primary', 7],
    [{ highway: 'tertiary' }, 'major_road', 'tertiary', 9],
    [{ highway: 'residential' }, 'minor_road', 'residential', 12],
    [{ highway: 'service' }, 'minor_road', 'service', 13],
    [{ highway: 'service', service: 'parking_aisle' }, 'minor_road', 'service', 14],
    [{ highway: 'footway' }, 'path', 'footway', 13],
    [{ highway: 'footway', footway: 'sidewalk' }, 'path', 'sidewalk', 14],
    [{ highway: 'steps' }, 'path', 'steps', 13],
    [{ highway: 'bus_stop_line' }, 'other', 'bus_stop_line', 14],
    [{ railway: 'rail' }, 'rail', 'rail', 11],
    [{ railway: 'tram' }, 'rail', 'tram', 14],
  ])('%o is a %s (%s) from zoom %i', (tags, kind, kindDetail, minZoom) => {
    const road = classifyRoad(tags)!;
    expect(road.layer).toBe('roads');
    expect(road.properties).toMatchObject({ kind, kind_detail: kindDetail, min_zoom: minZoom + 1 });
    expect(road.minZoom).toBe(minZoom);
  });

  it('marks links, bridges, tunnels and one-ways, and keeps names in the app’s languages', () => {
    const ramp = classifyRoad({ highway: 'motorway_link', bridge: 'viaduct', oneway: 'yes', name: 'Bretelle', 'name:en': 'Slip road', 'name:de': 'Auffahrt' })!;
    expect(ramp.properties).toEqual({
      kind: 'highway', kind_detail: 'motorway_link', is_link: true, is_bridge: true, oneway: 'yes',
      name: 'Bretelle', 'name:en': 'Slip road', min_zoom: 4,
    });
    expect(classifyRoad({ highway: 'residential', tunnel: 'yes' })!.properties.is_tunnel).toBe(true);
    expect(classifyRoad({ highway: 'residential', bridge: 'no' })!.properties.is_bridge).toBeUndefined();
  });

  it('shows private roads only at the largest zoom, and leaves out what is not built', () => {
    expect(classifyRoad({ highway: 'residential', access: 'private' })!.minZoom).toBe(15);
    expect(classifyRoad({ highway: 'construction' })).toBeNull();
    expect(classifyRoad({ highway: 'proposed' })).toBeNull();
    expect(classifyRoad({ railway: 'abandoned' })).toBeNull();
    expect(classifyRoad({ building: 'yes' })).toBeNull();
  });
});

describe('classifyArea', () => {
  it('finds water first, then buildings, then landuse', () => {
    expect(classifyArea({ natural: 'water', water: 'pond', name: 'Étang' })).toMatchObject({ layer: 'water', properties: { kind: 'water', kind_detail: 'lake', name: 'Étang' } });
    expect(classifyArea({ leisure: 'swimming_pool' })!.properties.kind).toBe('swimming_pool');
    expect(classifyArea({ natural: 'water', covered: 'yes' })).toBeNull();
    expect(classifyArea({ building: 'yes', 'building:levels': '4' })).toMatchObject({ layer: 'buildings', minZoom: 14, properties: { kind: 'building', height: 12 } });
    expect(classifyArea({ leisure: 'park', name: 'Jardin exotique' })).toMatchObject({ layer: 'landuse', properties: { kind: 'park', name: 'Jardin exotique' } });
    expect(classifyArea({ landuse: 'orchard' })!.properties.kind).toBe('farmland');
    expect(classifyArea({ landuse: 'military', military: 'naval_base' })!.properties.kind).toBe('naval_base');
    expect(classifyArea({ highway: 'pedestrian', area: 'yes' })!.properties.kind).toBe('pedestrian');
    expect(classifyArea({ amenity: 'bench' })).toBeNull();
  });

  it('reads building heights in metres or storeys', () => {
    expect(buildingHeightMeters({ height: '23.45' })).toBe(23.5);
    expect(buildingHeightMeters({ 'building:levels': '3' })).toBe(9);
    expect(buildingHeightMeters({ height: 'tall' })).toBeUndefined();
  });
});

describe('classifyWaterway', () => {
  it('keeps rivers from zoom 9 and streams from 13', () => {
    expect(classifyWaterway({ waterway: 'river', name: 'Rhein' })).toMatchObject({ layer: 'water', minZoom: 9, properties: { kind: 'river', name: 'Rhein' } });
    expect(classifyWaterway({ waterway: 'stream' })!.minZoom).toBe(13);
    expect(classifyWaterway({ waterway: 'weir' })).toBeNull();
  });
});

describe('classifyPlace', () => {
  it('ranks towns by population and keeps French names', () => {
    const town = classifyPlace({ place: 'town', name: 'Monaco', 'name:fr': 'Monaco', population: '38 400' })!;
    expect(town).toMatchObject({ layer: 'places', minZoom: 8, properties: { kind: 'locality', kind_detail: 'town', population: 38400, population_rank: 7 } });
    // Without a population, the schema's default and one zoom later.
    expect(classifyPlace({ place: 'village', name: 'Èze' })).toMatchObject({ minZoom: 11, properties: { population: 2000 } });
    expect(classifyPlace({ place: 'suburb', name: 'Monte-Carlo' })!.properties.kind).toBe('neighbourhood');
    expect(classifyPlace({ place: 'town' })).toBeNull();
    expect(classifyPlace({ place: 'island', name: 'Île' })).toBeNull();
  });

  it('marks names not written in Latin letters with their script', () => {
    expect(classifyPlace({ place: 'city', name: 'Αθήνα', 'name:fr': 'Athènes' })!.properties).toMatchObject({ script: 'Other', 'name:fr': 'Athènes' });
    expect(classifyPlace({ place: 'city', name: 'Besançon' })!.properties.script).toBeUndefined();
  });

  it('gives the population ranks of the schema', () => {
    expect(populationRank(0)).toBe(1);
    expect(populationRank(250_000)).toBe(10);
    expect(populationRank(2_000_000)).toBe(12);
  });
});

describe('classifyBoundary', () => {
  it('names the level drawn', () => {
    expect(classifyBoundary(2).properties).toEqual({ kind: 'country', kind_detail: 2, min_zoom: 1 });
    expect(classifyBoundary(8).properties.kind).toBe('locality');
  });
});
