/**
 * Where an area lies, for the analysis: its country (at its centre, else at its first vertex for a
 * centre at sea) and whether it stays within the analysis limit around its centre (SPEC §9).
 */
import { ANALYSIS_MAX_RADIUS_METERS, COUNTRIES, type AreaGeometry, type Country } from '@catchment/domain';

type LngLat = [number, number];

const EARTH_RADIUS_METERS = 6_371_008.8;

export function areaCentre(geometry: AreaGeometry): LngLat {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of vertices(geometry)) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

/** The farthest any vertex lies from the area's centre, in metres (great-circle). */
export function areaRadiusMeters(geometry: AreaGeometry): number {
  const centre = areaCentre(geometry);
  let farthest = 0;
  for (const vertex of vertices(geometry)) farthest = Math.max(farthest, haversineMeters(centre, vertex));
  return farthest;
}

export const isTooLargeToAnalyse = (geometry: AreaGeometry) => areaRadiusMeters(geometry) > ANALYSIS_MAX_RADIUS_METERS;

/** Our country code for an ISO alpha-2 code: a covered country, else `ww` (the rest of the world). */
export function coveredCountry(isoCode: string | undefined): Country {
  const code = isoCode?.toLowerCase();
  return code && (COUNTRIES as readonly string[]).includes(code) ? code as Country : 'ww';
}

/** The area's country as an ISO code: at its centre, else where its outline starts (a bay's centre is at sea). */
export function areaIsoCountry(geometry: AreaGeometry, countryAt: (point: LngLat) => string | undefined): string | undefined {
  const first = vertices(geometry).next().value;
  return countryAt(areaCentre(geometry)) ?? (first ? countryAt(first) : undefined);
}

function* vertices(geometry: AreaGeometry): Generator<LngLat> {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) for (const ring of polygon) for (const position of ring) yield [position[0]!, position[1]!];
}

function haversineMeters([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}
