/**
 * Which country a point is in, from world-atlas's Natural Earth 1:50m country shapes: what the API
 * needs for rules that depend on the country (SPEC: truck and transit areas only in France, bike
 * and walk only in Europe and North America).
 *
 * At 1:50m a coastline can be off by a few hundred metres, so a point just outside every shape
 * (a harbour, a beach) takes the nearest country within COAST_TOLERANCE_METERS; farther out at
 * sea there is no country.
 */
import Flatbush from 'flatbush';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { readPackageJson } from '../demo/npm-data-package.js';

export const COAST_TOLERANCE_METERS = 5_000;
const METERS_PER_DEGREE = 111_320;

interface CountryPart { code: string; rings: Position[][] }

export class CountryLocator {
  private readonly parts: CountryPart[];
  private readonly index: Flatbush;

  constructor(parts: CountryPart[]) {
    this.parts = parts;
    this.index = new Flatbush(Math.max(1, parts.length));
    for (const part of parts) {
      const [minX, minY, maxX, maxY] = ringBounds(part.rings[0] ?? []);
      this.index.add(minX, minY, maxX, maxY);
    }
    if (parts.length === 0) this.index.add(0, 0, 0, 0);
    this.index.finish();
  }

  /**
   * Lower-case ISO 3166-1 alpha-2 code of the country at [lng, lat], or undefined (at sea).
   * `except`: countries known not to hold the point (a finer border says it is outside them), so
   * the nearest other country answers where their coarse shape overlaps it.
   */
  countryAt(point: readonly [number, number], except?: ReadonlySet<string>): string | undefined {
    return this.nearestLand(point, except)?.code;
  }

  /** The country at [lng, lat] (0 metres) or the nearest within COAST_TOLERANCE_METERS, with its distance. */
  nearestCountry(point: readonly [number, number], except?: ReadonlySet<string>): { code: string; meters: number } | undefined {
    return this.nearestLand(point, except);
  }

  /**
   * How far [lng, lat] is from land: 0 inside a country's shape, the distance to the nearest shape
   * up to COAST_TOLERANCE_METERS, Infinity beyond. A coarse coastline is off by a few hundred
   * metres, so only a distance well above that says the point is at sea.
   */
  landDistanceMeters(point: readonly [number, number]): number {
    return this.nearestLand(point)?.meters ?? Infinity;
  }

  private nearestLand([lng, lat]: readonly [number, number], except?: ReadonlySet<string>): { code: string; meters: number } | undefined {
    for (const i of this.index.search(lng, lat, lng, lat)) {
      const part = this.parts[i];
      if (part && !except?.has(part.code) && insidePolygon(lng, lat, part.rings)) return { code: part.code, meters: 0 };
    }
    const degrees = COAST_TOLERANCE_METERS / METERS_PER_DEGREE;
    const lngDegrees = degrees / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    let best: { code: string; meters: number } | undefined;
    for (const i of this.index.search(lng - lngDegrees, lat - degrees, lng + lngDegrees, lat + degrees)) {
      const part = this.parts[i];
      if (!part || except?.has(part.code)) continue;
      const meters = distanceToRingsMeters(lng, lat, part.rings);
      if (meters <= COAST_TOLERANCE_METERS && (!best || meters < best.meters)) best = { code: part.code, meters };
    }
    return best;
  }
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** The locator over the installed world-atlas package (about 250 countries, built in ~100 ms). */
export function worldCountryLocator(): CountryLocator {
  const world = readPackageJson<CountriesTopology>('world-atlas/countries-50m.json');
  const parts: CountryPart[] = [];
  for (const country of feature(world, world.objects.countries).features) {
    const code = country.id === undefined ? undefined : countries.numericToAlpha2(String(country.id));
    if (!code) continue; // Shapes without an ISO code (disputed areas) belong to no country here.
    const geometry = country.geometry as Polygon | MultiPolygon | null;
    if (geometry?.type === 'Polygon') parts.push({ code: code.toLowerCase(), rings: geometry.coordinates });
    if (geometry?.type === 'MultiPolygon') {
      for (const polygon of geometry.coordinates) parts.push({ code: code.toLowerCase(), rings: polygon });
    }
  }
  return new CountryLocator(parts);
}

function ringBounds(ring: Position[]): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x = 0, y = 0] of ring) {
    minX = Math.min(minX, x); minY = Math.min(minY, y);
    maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** Even-odd rule over the outer ring and its holes. */
export function insidePolygon(x: number, y: number, rings: Position[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance from a point to the nearest edge of the rings, in a local equirectangular projection. */
export function distanceToRingsMeters(lng: number, lat: number, rings: Position[][]): number {
  const kx = METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ky = METERS_PER_DEGREE;
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const [ax = 0, ay = 0] = ring[i - 1]!;
      const [bx = 0, by = 0] = ring[i]!;
      best = Math.min(best, segmentDistance((lng - ax) * kx, (lat - ay) * ky, (bx - ax) * kx, (by - ay) * ky));
    }
  }
  return best;
}

/** Distance from (px, py) to the segment from the origin to (dx, dy). */
function segmentDistance(px: number, py: number, dx: number, dy: number): number {
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
  return Math.hypot(px - t * dx, py - t * dy);
}
