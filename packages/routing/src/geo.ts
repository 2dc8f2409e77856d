/** Small spherical helpers; distances in metres. */
export const EARTH_RADIUS_METERS = 6_371_008.8;
const RADIANS = Math.PI / 180;

export function haversineMeters(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Equirectangular projection around a reference point: x east, y north, in metres. Accurate to
 * well under 1 % over the few hundred kilometres an isochrone spans, and cheap enough per vertex.
 */
export interface LocalProjection {
  x(lon: number): number;
  y(lat: number): number;
  lon(x: number): number;
  lat(y: number): number;
  metersPerDegreeLon: number;
  metersPerDegreeLat: number;
}

export function localProjection(originLon: number, originLat: number): LocalProjection {
  const metersPerDegreeLat = EARTH_RADIUS_METERS * RADIANS;
  const metersPerDegreeLon = metersPerDegreeLat * Math.cos(originLat * RADIANS);
  return {
    metersPerDegreeLat,
    metersPerDegreeLon,
    x: (lon) => (lon - originLon) * metersPerDegreeLon,
    y: (lat) => (lat - originLat) * metersPerDegreeLat,
    lon: (x) => originLon + x / metersPerDegreeLon,
    lat: (y) => originLat + y / metersPerDegreeLat,
  };
}
