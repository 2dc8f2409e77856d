/**
 * Rounds a geometry's coordinates to 5 decimals (about a metre): the demo files shrink by half and
 * nothing a basemap shows moves.
 */
import type { Geometry, Position } from 'geojson';

const roundPosition = (position: Position): Position => position.map((value) => Math.round(value * 1e5) / 1e5);

export function roundCoordinates<G extends Geometry>(geometry: G): G {
  switch (geometry.type) {
    case 'Point': return { ...geometry, coordinates: roundPosition(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString': return { ...geometry, coordinates: geometry.coordinates.map(roundPosition) };
    case 'MultiLineString':
    case 'Polygon': return { ...geometry, coordinates: geometry.coordinates.map((line) => line.map(roundPosition)) };
    case 'MultiPolygon': return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(roundPosition))) };
    case 'GeometryCollection': return { ...geometry, geometries: geometry.geometries.map(roundCoordinates) };
  }
}
