import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { wkbOf } from '../test-support/wkb-writer.js';
import { flatGeometryOfWkb } from './flat-wkb.js';
import { flattenPolygons, type FlatPolygons } from './flat-polygons.js';

const plain = (flat: FlatPolygons) => ({ coordinates: Array.from(flat.coordinates), ringEnds: Array.from(flat.ringEnds), polygonEnds: Array.from(flat.polygonEnds) });

const withHole: Polygon = {
  type: 'Polygon',
  coordinates: [
    [[7.7521234567891, 48.5734], [7.8, 48.5734], [7.8, 48.6], [7.7521234567891, 48.6], [7.7521234567891, 48.5734]],
    [[7.76, 48.58], [7.77, 48.58], [7.77, 48.59], [7.76, 48.58]],
  ],
};
const twoParts: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [withHole.coordinates, [[[-0.1, 51.5], [-0.05, 51.5], [-0.05, 51.52], [-0.1, 51.5]]]],
};

describe('flatGeometryOfWkb', () => {
  it('reads polygons and multipolygons, holes included, in either byte order, as flattenPolygons lays them out, to the last bit', () => {
    for (const geometry of [withHole, twoParts]) {
      for (const little of [true, false]) {
        expect(plain(flatGeometryOfWkb(wkbOf(geometry, little)) as FlatPolygons)).toEqual(plain(flattenPolygons(geometry)));
      }
    }
  });

  it('reads a point as a point', () => {
    expect(flatGeometryOfWkb(wkbOf({ type: 'Point', coordinates: [1.534123456789, 42.507] }, false))).toEqual({ type: 'Point', coordinates: [1.534123456789, 42.507] });
  });

  it('reads the bytes where they lie in a larger buffer (as a database driver hands them)', () => {
    const bytes = wkbOf(twoParts);
    const larger = new Uint8Array(bytes.length + 3);
    larger.set(bytes, 3);
    expect(plain(flatGeometryOfWkb(larger.subarray(3)) as FlatPolygons)).toEqual(plain(flattenPolygons(twoParts)));
  });

  it('drops a third ordinate and skips an SRID (EWKB)', () => {
    // POLYGON Z with an SRID, one triangle: type 3 with the Z (0x80000000) and SRID (0x20000000) flags.
    const ring = [[1, 2, 10], [3, 2, 11], [3, 4, 12], [1, 2, 10]];
    const bytes = new Uint8Array(9 + 4 + 4 + ring.length * 24);
    const view = new DataView(bytes.buffer);
    view.setUint8(0, 1);
    view.setUint32(1, (3 | 0x80000000 | 0x20000000) >>> 0, true);
    view.setUint32(5, 4326, true);
    view.setUint32(9, 1, true);
    view.setUint32(13, ring.length, true);
    ring.forEach((position, i) => position.forEach((value, k) => view.setFloat64(17 + i * 24 + k * 8, value, true)));
    expect(plain(flatGeometryOfWkb(bytes) as FlatPolygons)).toEqual({ coordinates: [1, 2, 3, 2, 3, 4, 1, 2], ringEnds: [4], polygonEnds: [1] });
  });

  it('refuses a geometry that is not a polygon, a multipolygon or a point', () => {
    const line = new Uint8Array(9);
    line[0] = 1;
    new DataView(line.buffer).setUint32(1, 2, true);
    expect(() => flatGeometryOfWkb(line)).toThrow(/type 2/);
  });
});
