import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import area from '@turf/area';
import kinks from '@turf/kinks';
import turfCircle from '@turf/circle';
import { CIRCLE_EARTH_RADIUS, circlePolygon } from './circle.js';
import { differenceGeometries, unionGeometries } from './combine.js';
import { validateAreaGeometry } from './validate.js';
import { polygonsOf, type AreaGeometry, type PolygonGeometry, type Position } from './types.js';

const DEG = Math.PI / 180;

/** Great-circle distance in metres on the sphere the circle is built on. */
function distanceMeters([lng1, lat1]: Position, [lng2, lat2]: Position): number {
  const h = Math.sin(((lat2 - lat1) * DEG) / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(((lng2 - lng1) * DEG) / 2) ** 2;
  return 2 * CIRCLE_EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Area of the spherical cap the circle stands for: 2πR²(1 − cos δ). */
const capArea = (radiusMeters: number) => 2 * Math.PI * CIRCLE_EARTH_RADIUS ** 2 * (1 - Math.cos(radiusMeters / CIRCLE_EARTH_RADIUS));

const vertices = (geometry: AreaGeometry) => polygonsOf(geometry).flat(2);

/** Every property a circle must have, whatever its centre: the checks the property tests and the examples share. */
function expectWellFormedCircle(center: Position, radius: number): AreaGeometry {
  const circle = circlePolygon(center, radius);
  expect(validateAreaGeometry(circle)).toEqual({ valid: true });
  for (const polygon of polygonsOf(circle)) {
    // Checked apart from validateAreaGeometry so a change there cannot hide a crossing ring here.
    expect(kinks({ type: 'Polygon', coordinates: polygon }).features).toEqual([]);
    expect(validateAreaGeometry({ type: 'Polygon', coordinates: polygon })).toEqual({ valid: true });
  }
  for (const [lng, lat] of vertices(circle)) {
    expect(Math.abs(lng!)).toBeLessThanOrEqual(180);
    expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
    // Only the corners that close a polar cap through the pole are off the circle; points on ±180 are where it crosses.
    if (Math.abs(lat!) !== 90) expect(Math.abs(distanceMeters(center, [lng!, lat!]) - radius)).toBeLessThan(Math.max(radius * 1e-6, 0.01));
  }
  // 128 chords fall short of the arc by about (2π/128)²/6 ≈ 0.04 %.
  expect(Math.abs(area(circle) / capArea(radius) - 1)).toBeLessThan(0.01);
  return circle;
}

const position = (lng: number, lat: number): Position => [lng, lat];

describe('circlePolygon', () => {
  it('leaves ordinary circles as @turf/circle builds them', () => {
    fc.assert(fc.property(
      fc.double({ min: -150, max: 150, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: 10, max: 300_000, noNaN: true }),
      (lng, lat, radius) => {
        const turf = turfCircle([lng, lat], radius / 1000, { steps: 128, units: 'kilometers' }).geometry;
        expect(circlePolygon([lng, lat], radius)).toEqual({ type: 'Polygon', coordinates: turf.coordinates });
      },
    ));
  });

  it('is a valid shape of the right size, its vertices on the circle, anywhere on Earth', () => {
    // Up to 3,000 km so that circles around a pole with their centre far from it are drawn often.
    fc.assert(fc.property(
      fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: 10, max: 3_000_000, noNaN: true }),
      (lng, lat, radius) => { expectWellFormedCircle([lng, lat], radius); },
    ), { numRuns: 300 });
  });

  it('is valid near the antimeridian and the poles, where random draws seldom go', () => {
    fc.assert(fc.property(
      fc.oneof(fc.double({ min: 170, max: 180, noNaN: true }), fc.double({ min: -180, max: -170, noNaN: true })),
      fc.oneof(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: 85, max: 90, noNaN: true }), fc.double({ min: -90, max: -85, noNaN: true })),
      fc.double({ min: 1_000, max: 300_000, noNaN: true }),
      (lng, lat, radius) => { expectWellFormedCircle([lng, lat], radius); },
    ), { numRuns: 300 });
  });

  it('cuts a circle across the antimeridian into two parts that meet on it (Fiji)', () => {
    const circle = expectWellFormedCircle([179.9, -16.5], 50_000);
    expect(circle.type).toBe('MultiPolygon');
    const [west, east] = polygonsOf(circle).map((polygon) => polygon[0]!);
    expect(west!.every(([lng]) => lng! >= 179 && lng! <= 180)).toBe(true);
    expect(east!.every(([lng]) => lng! >= -180 && lng! <= -179)).toBe(true);
    // Each part is closed by a segment on the antimeridian, between the same two latitudes.
    const onLine = (ring: Position[], lng: number) => [...new Set(ring.filter(([x]) => x === lng).map(([, y]) => y))].sort();
    expect(onLine(west!, 180)).toHaveLength(2);
    expect(onLine(east!, -180)).toEqual(onLine(west!, 180));
    // The same circle on the other side of the line, and one centred on it.
    expect(expectWellFormedCircle([-179.9, 10], 50_000).type).toBe('MultiPolygon');
    expect(expectWellFormedCircle([180, 0], 50_000).type).toBe('MultiPolygon');
  });

  it('closes a circle around a pole along the antimeridian through the pole', () => {
    for (const [center, radius, pole] of [
      [position(0, 89.5), 100_000, 90], [position(0, 90), 100_000, 90], [position(10, 88), 300_000, 90],
      [position(-60, -88.5), 200_000, -90], [position(0, -90), 50_000, -90],
    ] as const) {
      const circle = expectWellFormedCircle(center, radius) as PolygonGeometry;
      expect(circle.type).toBe('Polygon');
      const ring = circle.coordinates[0]!;
      expect(ring).toContainEqual([180, pole]);
      expect(ring).toContainEqual([-180, pole]);
    }
  });

  it('refuses a circle that would contain both poles', () => {
    expect(() => circlePolygon([0, 0], 12_000_000)).toThrow(RangeError);
  });
});

describe('union and difference of circles across the antimeridian and around a pole', () => {
  const box = (x: number, y: number, width: number, height: number): PolygonGeometry => ({
    type: 'Polygon', coordinates: [[[x, y], [x + width, y], [x + width, y + height], [x, y + height], [x, y]]],
  });

  it('merges and cuts a circle cut in two parts', () => {
    const fiji = circlePolygon([179.9, -16.5], 50_000);
    // A square inside the part east of the antimeridian.
    const inside = box(-179.9, -16.52, 0.04, 0.04);
    const merged = unionGeometries([fiji, inside])!;
    expect(merged.type).toBe('MultiPolygon');
    expect(area(merged) / area(fiji)).toBeCloseTo(1, 6);
    const cut = differenceGeometries(fiji, [inside])!;
    expect(validateAreaGeometry(cut)).toEqual({ valid: true });
    expect((area(fiji) - area(cut)) / area(inside)).toBeCloseTo(1, 6);
    // The part with the hole has it as a second ring.
    expect(polygonsOf(cut).map((polygon) => polygon.length).sort()).toEqual([1, 2]);
  });

  it('merges and cuts a circle around a pole', () => {
    const cap = circlePolygon([10, 88], 300_000);
    const nearPole = box(0, 89.7, 10, 0.2);
    const cut = differenceGeometries(cap, [nearPole])!;
    expect(validateAreaGeometry(cut)).toEqual({ valid: true });
    expect((area(cap) - area(cut)) / area(nearPole)).toBeCloseTo(1, 6);
    // A square across the circle's southern edge adds only what lies outside it.
    const across = box(10, 84.5, 1, 1.3);
    const merged = unionGeometries([cap, across])!;
    expect(merged.type).toBe('Polygon');
    expect(area(merged)).toBeGreaterThan(area(cap));
    expect(area(merged)).toBeLessThan(area(cap) + area(across));
  });
});
