/**
 * The coordinates of a well-known-binary Point or MultiPoint (what PostGIS's ST_AsBinary gives for
 * ST_Collect of points), as x0, y0, x1, y1, …: read with a DataView, in either byte order, without
 * an object per point.
 */
import { readWkbHeader } from '@catchment/geodata';

const WKB_POINT = 1;
const WKB_MULTIPOINT = 4;

export function pointsOfWkb(bytes: Uint8Array): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { little, type, size } = readWkbHeader(view, 0);
  if (type === WKB_POINT) return Float64Array.of(view.getFloat64(size, little), view.getFloat64(size + 8, little));
  if (type !== WKB_MULTIPOINT) throw new Error(`expected a WKB point or multipoint, got type ${type}`);
  const count = view.getUint32(size, little);
  const points = new Float64Array(count * 2);
  let offset = size + 4;
  for (let i = 0; i < count; i += 1) {
    const point = readWkbHeader(view, offset);
    if (point.type !== WKB_POINT) throw new Error(`expected a WKB point inside the multipoint, got type ${point.type}`);
    points[2 * i] = view.getFloat64(offset + point.size, point.little);
    points[2 * i + 1] = view.getFloat64(offset + point.size + 8, point.little);
    offset += point.size + 8 * point.dimensions;
  }
  return points;
}
