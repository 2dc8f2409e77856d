import { describe, expect, it } from 'vitest';
import { CountryLocator } from '../../countries/country-locator.js';
import { OsmFeatureCollector } from './osm-feature-collector.js';
import { osmPoiFields } from './osm-poi-tags.js';
import type { OsmPoiCandidate } from './read-osm-pois.js';
import { BorderedCountryLocator } from './extract-borders.js';

/**
 * A made-up extract around a small country: its exact border (a relation tagged ISO3166-1=LI)
 * runs at 9.58°E, where the coarse world shape of Liechtenstein reaches 9.60°E and Austria's
 * starts. Its five ways are A-B, B-C, C-D, D-E (short) and E-A.
 */
const NODES: Array<[number, number, number]> = [
  [1, 9.50, 47.10], [2, 9.58, 47.10], [3, 9.58, 47.20], [4, 9.505, 47.20], [5, 9.50, 47.195],
  // A shop in a U-shaped building, west of the border.
  [10, 9.52, 47.15], [11, 9.53, 47.15], [12, 9.53, 47.16], [13, 9.527, 47.16], [14, 9.527, 47.152], [15, 9.523, 47.152], [16, 9.523, 47.16], [17, 9.52, 47.16],
  [20, 9.59, 47.15], // a café east of the exact border, inside the coarse shape of Liechtenstein
];
const BORDER_WAYS: Array<[number, number[]]> = [[101, [1, 2]], [102, [2, 3]], [103, [3, 4]], [104, [4, 5]], [105, [5, 1]]];

function readExtract(options: { withoutWays?: number[] } = {}) {
  const candidates: OsmPoiCandidate[] = [];
  const collector = new OsmFeatureCollector(osmPoiFields, (candidate: OsmPoiCandidate) => candidates.push(candidate));
  for (const [id, lon, lat] of NODES) collector.node(id, lon, lat);
  collector.nodeTags(20, { amenity: 'cafe', name: 'Café am Rhein' });
  for (const [id, refs] of BORDER_WAYS) if (!options.withoutWays?.includes(id)) collector.way(id, refs, {});
  collector.way(200, [10, 11, 12, 13, 14, 15, 16, 17, 10], { shop: 'supermarket', building: 'yes' });
  collector.relation(300, BORDER_WAYS.map(([ref]) => ({ type: 'way', ref, role: 'outer' })), {
    type: 'boundary', boundary: 'administrative', admin_level: '2', 'ISO3166-1': 'LI',
  });
  return { candidates, borders: collector.borders() };
}

const world = new CountryLocator([
  { code: 'li', rings: [[[9.5, 47.1], [9.6, 47.1], [9.6, 47.2], [9.5, 47.2], [9.5, 47.1]]] },
  { code: 'at', rings: [[[9.6, 47.1], [9.7, 47.1], [9.7, 47.2], [9.6, 47.2], [9.6, 47.1]]] },
]);

describe("an extract's own country borders", () => {
  it('places each POI by the exact border, not by the coarse shape', () => {
    const { candidates, borders } = readExtract();
    expect(borders.map(({ code, closedOverGap }) => ({ code, closedOverGap }))).toEqual([{ code: 'li', closedOverGap: false }]);
    const locator = new BorderedCountryLocator(world, borders);
    const byRef = Object.fromEntries(candidates.map((candidate) => [candidate.ref, locator.countryAt(candidate.position)]));
    expect(byRef).toEqual({ n20: 'at', w200: 'li' });
    expect(world.countryAt([9.59, 47.15])).toBe('li');
    // Off every shape (a lake, a harbour), the nearest border decides.
    expect(locator.countryAt([9.495, 47.15])).toBe('li');
    expect(locator.countryAt([9.40, 47.15])).toBeUndefined();
  });

  it('closes a border that lacks a short stretch, and gives up on one that lacks much', () => {
    const gap = readExtract({ withoutWays: [104] }).borders;
    expect(gap.map(({ code, closedOverGap }) => ({ code, closedOverGap }))).toEqual([{ code: 'li', closedOverGap: true }]);
    expect(new BorderedCountryLocator(world, gap).countryAt([9.59, 47.15])).toBe('at');
    expect(readExtract({ withoutWays: [101, 102] }).borders).toEqual([]);
    expect(readExtract({ withoutWays: [102] }).borders).toEqual([]);
  });

  it('gives a way a point inside its area', () => {
    const supermarket = readExtract().candidates.find((candidate) => candidate.ref === 'w200')!;
    const [lon, lat] = supermarket.position;
    // Inside the U: in one of its arms or its base, not in the gap between the arms.
    expect(lon >= 9.52 && lon <= 9.53 && lat >= 47.15 && lat <= 47.16).toBe(true);
    expect(!(lon > 9.523 && lon < 9.527 && lat > 47.152)).toBe(true);
    expect(supermarket.fields.tags).toEqual(['shop=supermarket']);
  });
});
