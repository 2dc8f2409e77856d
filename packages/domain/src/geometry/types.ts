/** GeoJSON shapes the product stores on areas: always polygonal, WGS84, [lng, lat]. */
export type Position = [number, number];
export type Ring = Position[];
export interface PolygonGeometry { type: 'Polygon'; coordinates: Ring[] }
export interface MultiPolygonGeometry { type: 'MultiPolygon'; coordinates: Ring[][] }
export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

/** Polygons of a Polygon or MultiPolygon, as a list of ring lists. */
export function polygonsOf(geometry: AreaGeometry): Ring[][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}
