import { describe, expect, it } from 'vitest';
import type { DivisionRow } from '@catchment/domain';
import { boundariesDocument, type BoundariesRequest } from './boundaries-document.js';

const row = (code: string, name: string, share: number, geometry: DivisionRow['geometry'] = 'polygon'): DivisionRow =>
  ({ code, name, parentName: 'Alpes-Maritimes', share, geometry, population: 12_345 });

// Clockwise outer ring: the export turns it counter-clockwise (RFC 7946, KML).
const clockwise = JSON.stringify({ type: 'Polygon', coordinates: [[[7, 43], [7, 44], [8, 44], [8, 43], [7, 43]]] });
const request = (format: BoundariesRequest['format'], locale: BoundariesRequest['locale'] = 'en'): BoundariesRequest => ({
  format, locale, areaLabel: 'Nice & co', color: '#3b82f6', kinds: ['fr_cities', 'fr_postcodes'],
  units: [
    { kind: 'fr_cities', row: row('06088', 'Nice <ville>', 0.5), geometry: clockwise },
    { kind: 'fr_cities', row: row('06004', 'Antibes', 1, 'point'), geometry: JSON.stringify({ type: 'Point', coordinates: [7.12, 43.58] }) },
    { kind: 'fr_postcodes', row: row('06000', '06000', 0.25), geometry: clockwise },
  ],
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('boundaries document', () => {
  it('writes GeoJSON: a feature per unit, outer rings counter-clockwise, the facts as properties', () => {
    const collection = JSON.parse(text(boundariesDocument(request('geojson'))));
    expect(collection).toMatchObject({ type: 'FeatureCollection', name: 'Nice & co' });
    expect(collection.features.map((feature: { id: string }) => feature.id)).toEqual(['fr_cities:06088', 'fr_cities:06004', 'fr_postcodes:06000']);
    expect(collection.features[0].geometry.coordinates[0]).toEqual([[7, 43], [8, 43], [8, 44], [7, 44], [7, 43]]);
    expect(collection.features[0].properties).toEqual({
      kind: 'fr_cities', kindName: 'Communes (France)', code: '06088', name: 'Nice <ville>', parentName: 'Alpes-Maritimes', shareInsideArea: 0.5, population: 12_345, boundary: true,
    });
    expect(collection.features[1].geometry).toEqual({ type: 'Point', coordinates: [7.12, 43.58] });
    expect(collection.features[1].properties.boundary).toBe(false);
  });

  it('writes KML: a folder per kind, a placemark per unit in the area colour, text escaped, in French', () => {
    const kml = text(boundariesDocument(request('kml', 'fr')));
    expect(kml).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(kml).toContain('<Document><name>Nice &amp; co</name>');
    expect(kml.match(/<Folder>/g)).toHaveLength(2);
    expect(kml).toContain('<Folder><name>Communes (France)</name>');
    expect(kml.match(/<Placemark /g)).toHaveLength(3);
    expect(kml).toContain('<name>Nice &lt;ville&gt;</name>');
    expect(kml).toContain('<styleUrl>#color-3b82f6</styleUrl>');
    expect(kml).toContain('Part dans la zone : 50');
    expect(kml).toContain('<coordinates>7,43 8,43 8,44 7,44 7,43</coordinates>');
    expect(kml).toContain('<Point><coordinates>7.12,43.58</coordinates></Point>');
  });
});
