/**
 * The place nearest a point (reverse lookup): what to call an area started from a click on the
 * map. Only named towns count (cities and communes, not postcodes). The index is a static
 * Flatbush over the places' positions; a lookup takes the candidates in a box around the point
 * that holds the search circle, then keeps the nearest by great-circle distance.
 */
import Flatbush from 'flatbush';
import type { PlaceEntry } from './place-entry.js';

const EARTH_RADIUS_METERS = 6_371_008.8;
const METERS_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_METERS) / 180;

export interface NearestPlace { place: PlaceEntry; distanceMeters: number }

/** Great-circle distance between two [lng, lat] points, in metres. */
export function haversineDistanceMeters([lng1, lat1]: readonly [number, number], [lng2, lat2]: readonly [number, number]): number {
  const toRadians = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRadians;
  const dLng = (lng2 - lng1) * toRadians;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRadians) * Math.cos(lat2 * toRadians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

export class NearestPlaceIndex {
  private readonly towns: PlaceEntry[];
  private readonly index: Flatbush;

  constructor(places: readonly PlaceEntry[]) {
    this.towns = places.filter((place) => place.kind === 'city' || place.kind === 'commune');
    this.index = new Flatbush(Math.max(1, this.towns.length));
    for (const town of this.towns) this.index.add(town.lng, town.lat, town.lng, town.lat);
    if (this.towns.length === 0) this.index.add(0, 0, 0, 0);
    this.index.finish();
  }

  /** The nearest town within maxDistanceMeters of [lng, lat] (the more populous of two as near), or null. */
  nearest(point: readonly [number, number], maxDistanceMeters: number): NearestPlace | null {
    const [lng, lat] = point;
    const latDegrees = maxDistanceMeters / METERS_PER_DEGREE_LATITUDE;
    // Near the poles a degree of longitude shrinks to nothing: the box then spans every longitude.
    const cosLat = Math.cos((lat * Math.PI) / 180);
    const lngDegrees = cosLat < 0.01 ? 180 : Math.min(180, latDegrees / cosLat);
    let best: NearestPlace | null = null;
    for (const i of this.index.search(lng - lngDegrees, lat - latDegrees, lng + lngDegrees, lat + latDegrees)) {
      const place = this.towns[i];
      if (!place) continue;
      const distanceMeters = haversineDistanceMeters(point, [place.lng, place.lat]);
      if (distanceMeters > maxDistanceMeters) continue;
      if (!best || distanceMeters < best.distanceMeters - 1 || (Math.abs(distanceMeters - best.distanceMeters) <= 1 && place.population > best.place.population)) {
        best = { place, distanceMeters };
      }
    }
    return best;
  }
}
