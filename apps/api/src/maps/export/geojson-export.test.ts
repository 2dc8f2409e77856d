import { describe, expect, it } from 'vitest';
import { geoJsonExport } from './geojson-export.js';
import { testArea, testFolder, testMap } from './test-support/export-factories.js';

describe('GeoJSON export', () => {
  it('is a FeatureCollection with a feature per area, in the map order, with its folder and recipe', () => {
    const clockwise = [[8, 44], [8, 44.1], [8.1, 44.1], [8.1, 44], [8, 44]] as [number, number][];
    const circle = testArea({ label: 'Circle', color: '#ff0000', isoMode: 'isodistance', transportMode: 'circle', distance: 5000, startPoint: [7.26, 43.71], startAddress: 'Nice' });
    const drawn = testArea({ label: 'Drawn', hide: true, geometry: { type: 'MultiPolygon', coordinates: [[clockwise]] } });
    const map = testMap('Zones', [testFolder('First', [circle]), testFolder('Second', [drawn])]);
    const collection = JSON.parse(JSON.stringify(geoJsonExport(map)));
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.name).toBe('Zones');
    expect(collection.features.map((feature: { id: string }) => feature.id)).toEqual([circle.uuid, drawn.uuid]);
    expect(collection.features[0]).toEqual({
      type: 'Feature', id: circle.uuid, geometry: circle.geometry,
      properties: {
        label: 'Circle', folder: 'First', folderUuid: map.folders[0]!.uuid, color: '#ff0000', hidden: false,
        isoMode: 'isodistance', transportMode: 'circle', operation: null, durationSeconds: null, distanceMeters: 5000,
        startAddress: 'Nice', startPoint: [7.26, 43.71], startPoints: null, direction: 'departure', unitKind: null, unitCodes: null,
        fill: '#ff0000', 'fill-opacity': 0.35, stroke: '#ff0000', 'stroke-width': 2,
      },
    });
    expect(collection.features[1].properties).toMatchObject({ label: 'Drawn', folder: 'Second', hidden: true });
    // RFC 7946's right-hand rule: the clockwise outer ring is turned around.
    expect(collection.features[1].geometry).toEqual({ type: 'MultiPolygon', coordinates: [[[...clockwise].reverse()]] });
  });
});
