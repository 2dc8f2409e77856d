/**
 * The coordinates of a well-known-binary Point or MultiPoint (what PostGIS's ST_AsBinary gives for
 * ST_Collect of points), as x0, y0, x1, y1, …: read with a DataView, in either byte order, without
 * an object per point.
 */
const WKB_POINT = 1;
const WKB_MULTIPOINT = 4;

export function pointsOfWkb(bytes: Uint8Array): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = (offset: number) => {
    const little = view.getUint8(offset) === 1;
    return { little, type: view.getUint32(offset + 1, little) };
  };
  const { little, type } = header(0);
  if (type === WKB_POINT) return Float64Array.of(view.getFloat64(5, little), view.getFloat64(13, little));
  if (type !== WKB_MULTIPOINT) throw new Error(`expected a WKB point or multipoint, got type ${type}`);
  const count = view.getUint32(5, little);
  const points = new Float64Array(count * 2);
  let offset = 9;
  for (let i = 0; i < count; i += 1) {
    const point = header(offset);
    if (point.type !== WKB_POINT) throw new Error(`expected a WKB point inside the multipoint, got type ${point.type}`);
    points[2 * i] = view.getFloat64(offset + 5, point.little);
    points[2 * i + 1] = view.getFloat64(offset + 13, point.little);
    offset += 21;
  }
  return points;
}
