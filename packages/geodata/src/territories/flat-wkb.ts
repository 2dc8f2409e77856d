/**
 * A unit's boundary from well-known binary (PostGIS's ST_AsBinary) straight into flat arrays
 * (flat-polygons.ts), with no array per point: what a compute thread reads the units of a region
 * as. GeoJSON text costs a JSON parse and a nested array per point, all garbage once flattened, and
 * ST_AsGeoJSON rounds to 9 decimals where WKB gives the doubles PostGIS measures.
 */
import type { Point } from 'geojson';
import { readWkbHeader } from '../importers/readers/wkb.js';
import type { FlatPolygons } from './flat-polygons.js';

const WKB_POINT = 1;
const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;

/** A Polygon or MultiPolygon as flat polygons, a Point as GeoJSON; any other type is refused. */
export function flatGeometryOfWkb(bytes: Uint8Array): FlatPolygons | Point {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readWkbHeader(view, 0);
  if (header.type === WKB_POINT) {
    return { type: 'Point', coordinates: [view.getFloat64(header.size, header.little), view.getFloat64(header.size + 8, header.little)] };
  }
  if (header.type !== WKB_POLYGON && header.type !== WKB_MULTIPOLYGON) throw new Error(`expected a WKB polygon, multipolygon or point, got type ${header.type}`);
  // Sized by a first pass over the counts alone, filled by a second.
  const size = { polygons: 0, rings: 0, points: 0 };
  walkPolygons(view, header.type, header.size, header.little, header.dimensions, size, null);
  const flat: FlatPolygons = { coordinates: new Float64Array(size.points * 2), ringEnds: new Uint32Array(size.rings), polygonEnds: new Uint32Array(size.polygons) };
  walkPolygons(view, header.type, header.size, header.little, header.dimensions, { polygons: 0, rings: 0, points: 0 }, flat);
  return flat;
}

interface Counts { polygons: number; rings: number; points: number }

/** Reads the polygons after a header: counts them into `at`, and fills `flat` when given. */
function walkPolygons(view: DataView, type: number, offset: number, little: boolean, dimensions: number, at: Counts, flat: FlatPolygons | null): void {
  if (type === WKB_POLYGON) {
    walkPolygon(view, offset, little, dimensions, at, flat);
    return;
  }
  const count = view.getUint32(offset, little);
  offset += 4;
  for (let p = 0; p < count; p += 1) {
    const part = readWkbHeader(view, offset);
    if (part.type !== WKB_POLYGON) throw new Error(`expected a WKB polygon inside the multipolygon, got type ${part.type}`);
    offset = walkPolygon(view, offset + part.size, part.little, part.dimensions, at, flat);
  }
}

/** One polygon's rings from `offset`; the offset just past them. */
function walkPolygon(view: DataView, offset: number, little: boolean, dimensions: number, at: Counts, flat: FlatPolygons | null): number {
  const rings = view.getUint32(offset, little);
  offset += 4;
  const stride = 8 * dimensions;
  for (let r = 0; r < rings; r += 1) {
    const points = view.getUint32(offset, little);
    offset += 4;
    if (flat) {
      const xy = flat.coordinates;
      for (let i = 0, k = at.points * 2; i < points; i += 1, k += 2, offset += stride) {
        xy[k] = view.getFloat64(offset, little);
        xy[k + 1] = view.getFloat64(offset + 8, little);
      }
      flat.ringEnds[at.rings] = at.points + points;
    } else {
      offset += points * stride;
    }
    at.points += points;
    at.rings += 1;
  }
  if (flat) flat.polygonEnds[at.polygons] = at.rings;
  at.polygons += 1;
  return offset;
}
