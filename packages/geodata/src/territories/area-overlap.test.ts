import { readFileSync } from 'node:fs';
import path from 'node:path';
import earcut from 'earcut';
import fc from 'fast-check';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { containsPoint, geometryBBox, intersectionArea, planarArea, prepareArea, preparePointArea } from './area-overlap.js';
import { flatPlanarArea, flattenPolygons } from './flat-polygons.js';

const square = (x: number, y: number, side: number): Polygon => ({
  type: 'Polygon', coordinates: [[[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]]],
});
const overlap = (area: Polygon | MultiPolygon, unit: Polygon | MultiPolygon) =>
  intersectionArea(prepareArea(area), unit, geometryBBox(unit), planarArea(unit));

describe('area of a unit inside an area', () => {
  it('gives the known answers on squares', () => {
    const area = square(0, 0, 2);
    expect(overlap(area, square(1, 1, 2))).toBeCloseTo(1, 12);
    expect(overlap(area, square(1, 0, 2))).toBeCloseTo(2, 12);
    expect(overlap(area, square(0.5, 0.5, 1))).toBeCloseTo(1, 12);
    expect(overlap(area, square(5, 5, 1))).toBe(0);
    expect(overlap(square(0.5, 0.5, 1), area)).toBeCloseTo(1, 12);
  });

  it('keeps the digits of small units far from the origin (IRIS of 0.0004 square degrees at 48° N)', () => {
    const side = 0.02;
    const unit = square(7.7654321, 48.5678901, side);
    const exact = (7.7654321 + side - 7.7654321) * (48.5678901 + side - 48.5678901);
    expect(Math.abs(planarArea(unit) - exact) / exact).toBeLessThan(1e-13);
    expect(Math.abs(flatPlanarArea(flattenPolygons(unit)) - exact) / exact).toBeLessThan(1e-13);
    // Half of it inside a larger area: clipped, then measured from its first point too.
    const half = intersectionArea(prepareArea(square(7.7654321 + side / 2, 48, 2)), unit, geometryBBox(unit), planarArea(unit));
    expect(Math.abs(half - exact / 2) / exact).toBeLessThan(1e-12);
  });

  it('subtracts the holes of units and of areas', () => {
    const withHole: Polygon = { type: 'Polygon', coordinates: [square(0, 0, 4).coordinates[0]!, square(1, 1, 2).coordinates[0]!.slice().reverse()] };
    expect(planarArea(withHole)).toBeCloseTo(12, 12);
    expect(overlap(square(0, 0, 2), withHole)).toBeCloseTo(3, 12);
    expect(overlap(withHole, square(0, 0, 2))).toBeCloseTo(3, 12);
    expect(overlap(withHole, square(1.5, 1.5, 1))).toBeCloseTo(0, 12);
  });

  it('handles a concave (L-shaped) area and a multipolygon area', () => {
    const l: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2], [0, 0]]] };
    expect(overlap(l, square(0, 0, 2))).toBeCloseTo(3, 12);
    expect(overlap(l, square(1, 1, 1))).toBeCloseTo(0, 12);
    const two: MultiPolygon = { type: 'MultiPolygon', coordinates: [square(0, 0, 1).coordinates, square(2, 0, 1).coordinates] };
    expect(overlap(two, square(0.5, 0, 2))).toBeCloseTo(1, 12);
  });

  it('gives exact shares when the area is the union of the units (shared edges)', () => {
    const area: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [3, 0], [3, 1], [0, 1], [0, 0]]] };
    expect(overlap(area, square(0, 0, 1))).toBeCloseTo(1, 12);
    expect(overlap(area, square(1, 0, 1))).toBeCloseTo(1, 12);
    expect(overlap(area, square(0, 1, 1))).toBeCloseTo(0, 12);
    expect(overlap(area, square(3, 0, 1))).toBeCloseTo(0, 12);
  });

  it('gives the same answers whatever was clipped before (large rings reuse the scratch buffers)', () => {
    const ring = Array.from({ length: 2_000 }, (_, i) => [Math.cos((2 * Math.PI * i) / 2_000), Math.sin((2 * Math.PI * i) / 2_000)]);
    const disc: Polygon = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    const halfPlane = square(0, -2, 4);
    const concave: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2], [0, 0]]] };
    for (let round = 0; round < 3; round += 1) {
      expect(overlap(halfPlane, disc)).toBeCloseTo(planarArea(disc) / 2, 9);
      expect(overlap(concave, square(0.5, 0.5, 1))).toBeCloseTo(0.75, 12);
      expect(overlap(disc, square(-0.1, -0.1, 0.2))).toBeCloseTo(0.04, 12);
    }
  });

  it('tells whether a point is inside, holes excepted', () => {
    const area = prepareArea({ type: 'Polygon', coordinates: [square(0, 0, 4).coordinates[0]!, square(1, 1, 2).coordinates[0]!] });
    expect(containsPoint(area, 0.5, 0.5)).toBe(true);
    expect(containsPoint(area, 2, 2)).toBe(false);
    expect(containsPoint(area, 5, 5)).toBe(false);
  });

  it('tells points inside from outside as prepared for points alone as fully prepared, and as the even–odd rule over the rings', () => {
    const file = path.resolve(import.meta.dirname, '../../../../test-data/fr/communes-06-alpes-maritimes.geojson');
    const communes = (JSON.parse(readFileSync(file, 'utf8')) as { features: Feature<Polygon | MultiPolygon, { code: string }>[] }).features;
    const evenOdd = (geometry: Polygon | MultiPolygon, x: number, y: number) => {
      let inside = false;
      for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) {
        for (const ring of polygon) {
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i] as [number, number];
            const [xj, yj] = ring[j] as [number, number];
            if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
          }
        }
      }
      return inside;
    };
    const nice = communes.find((commune) => commune.properties.code === '06088')!.geometry;
    const withHole: Polygon = { type: 'Polygon', coordinates: [square(7.1, 43.6, 0.2).coordinates[0]!, [...square(7.15, 43.65, 0.05).coordinates[0]!].reverse()] };
    for (const area of [nice, withHole]) {
      const [points, full] = [preparePointArea(area), prepareArea(area)];
      expect(points.bbox).toEqual(full.bbox);
      const [minX, minY, maxX, maxY] = full.bbox;
      let inside = 0;
      for (let i = 0; i <= 80; i += 1) {
        for (let j = 0; j <= 80; j += 1) {
          const [x, y] = [minX - 0.01 + ((maxX - minX + 0.02) * i) / 80, minY - 0.01 + ((maxY - minY + 0.02) * j) / 80];
          const expected = evenOdd(area, x, y);
          expect(containsPoint(points, x, y)).toBe(expected);
          expect(containsPoint(full, x, y)).toBe(expected);
          if (expected) inside += 1;
        }
      }
      expect(inside).toBeGreaterThan(500);
    }
  });

  it('never finds more than either shape, and agrees both ways (random convex polygons)', () => {
    const convex = fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 4, noNaN: true }), fc.integer({ min: 3, max: 12 }))
      .map(([x, y, r, n]): Polygon => {
        const ring = Array.from({ length: n }, (_, i) => [x + r * Math.cos((2 * Math.PI * i) / n), y + r * Math.sin((2 * Math.PI * i) / n)]);
        return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
      });
    fc.assert(fc.property(convex, convex, (a, b) => {
      const ab = overlap(a, b);
      expect(ab).toBeLessThanOrEqual(Math.min(planarArea(a), planarArea(b)) + 1e-9);
      expect(ab).toBeCloseTo(overlap(b, a), 9);
    }));
  });

  it('gives the same answers, to the last bit, for flat and nested areas and units', () => {
    const file = path.resolve(import.meta.dirname, '../../../../test-data/fr/communes-06-alpes-maritimes.geojson');
    const communes = (JSON.parse(readFileSync(file, 'utf8')) as { features: Feature<Polygon | MultiPolygon, { code: string }>[] }).features;
    const areas: (Polygon | MultiPolygon)[] = [
      { type: 'Polygon', coordinates: [Array.from({ length: 65 }, (_, i) => [7.2 + 0.1 * Math.cos((2 * Math.PI * (i % 64)) / 64), 43.7 + 0.07 * Math.sin((2 * Math.PI * (i % 64)) / 64)])] },
      communes.find((commune) => commune.properties.code === '06088')!.geometry,
      { type: 'MultiPolygon', coordinates: [square(7.1, 43.65, 0.1).coordinates, square(7.25, 43.7, 0.05).coordinates] },
    ];
    for (const area of areas) {
      const [nested, flat] = [prepareArea(area), prepareArea(flattenPolygons(area))];
      expect(flat.area).toBe(nested.area);
      expect(flat.bbox).toEqual(nested.bbox);
      for (const { geometry } of communes) {
        const [bbox, unitArea] = [geometryBBox(geometry), planarArea(geometry)];
        const expected = intersectionArea(nested, geometry, bbox, unitArea);
        expect(intersectionArea(flat, geometry, bbox, unitArea)).toBe(expected);
        expect(intersectionArea(nested, flattenPolygons(geometry), bbox, unitArea)).toBe(expected);
      }
    }
  });

  it('measures against a concave area what its triangles measure one by one', () => {
    const file = path.resolve(import.meta.dirname, '../../../../test-data/fr/communes-06-alpes-maritimes.geojson');
    const communes = (JSON.parse(readFileSync(file, 'utf8')) as { features: Feature<Polygon | MultiPolygon, { code: string }>[] }).features;
    // Like an isochrone around Nice: 96 points, the radius varying with the bearing.
    const ring = Array.from({ length: 96 }, (_, i) => {
      const bearing = (2 * Math.PI * i) / 96;
      const r = 0.12 * (0.775 + 0.225 * (0.5 * Math.sin(3 * bearing + 1) + 0.5 * Math.sin(7 * bearing)));
      return [7.25 + r * Math.cos(bearing), 43.72 + 0.7 * r * Math.sin(bearing)];
    });
    const area: Polygon = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    const triangles = earcut(ring.flat());
    const pieces = Array.from({ length: triangles.length / 3 }, (_, t) => prepareArea({ type: 'Polygon', coordinates: [[0, 1, 2, 0].map((k) => ring[triangles[t * 3 + k]!]!)] }));
    const prepared = prepareArea(area);
    let met = 0;
    for (const { geometry } of communes) {
      const [bbox, unitArea] = [geometryBBox(geometry), planarArea(geometry)];
      const expected = pieces.reduce((sum, piece) => sum + intersectionArea(piece, geometry, bbox, unitArea), 0);
      // Thin triangles round worse than the few convex pieces prepareArea merges them into: 1e-10 of the unit.
      expect(Math.abs(intersectionArea(prepared, geometry, bbox, unitArea) - expected)).toBeLessThan(1e-9 * unitArea);
      if (expected > 0 && expected < unitArea) met += 1;
    }
    expect(met).toBeGreaterThan(10);
  });

  it('clips units on a circle\'s boundary by the edges reaching them alone, as exactly as by every edge', () => {
    const ring = Array.from({ length: 64 }, (_, i) => [7.75 + 0.1 * Math.cos((2 * Math.PI * i) / 64), 48.57 + 0.07 * Math.sin((2 * Math.PI * i) / 64)]);
    const circle: Polygon = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    const near = fc.tuple(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.9, max: 1.1, noNaN: true }), fc.double({ min: 0.001, max: 0.03, noNaN: true }))
      .map(([bearing, distance, side]) => square(7.75 + 0.1 * distance * Math.cos(bearing) - side / 2, 48.57 + 0.07 * distance * Math.sin(bearing) - side / 2, side));
    fc.assert(fc.property(near, (unit) => {
      // The other way round, the circle is clipped by the square's four edges.
      expect(overlap(circle, unit)).toBeCloseTo(overlap(unit, circle), 15);
    }));
  });

  it('clips units on a concave area\'s boundary as exactly as the area clipped by them (clockwise rings and holes too)', () => {
    // Star-shaped rings like isochrones, with bulges and dents, clockwise or not, and a hole sometimes.
    const star = fc.tuple(fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 8, maxLength: 120 }), fc.boolean(), fc.boolean()).map(([radii, clockwise, hole]) => {
      const ring = (scale: number, turn: number) => {
        const points = radii.map((r, i) => [7.7 + scale * r * Math.cos((turn * 2 * Math.PI * i) / radii.length), 48.5 + scale * 0.7 * r * Math.sin((turn * 2 * Math.PI * i) / radii.length)]);
        return [...points, points[0]!];
      };
      return { type: 'Polygon', coordinates: hole ? [ring(0.2, clockwise ? -1 : 1), ring(0.04, clockwise ? 1 : -1)] : [ring(0.2, clockwise ? -1 : 1)] } as Polygon;
    });
    const unit = fc.tuple(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 1.1, noNaN: true }), fc.double({ min: 0.001, max: 0.05, noNaN: true }))
      .map(([bearing, distance, side]) => square(7.7 + 0.2 * distance * Math.cos(bearing) - side / 2, 48.5 + 0.14 * distance * Math.sin(bearing) - side / 2, side));
    fc.assert(fc.property(star, fc.array(unit, { minLength: 1, maxLength: 10 }), (area, units) => {
      const prepared = prepareArea(area);
      for (const u of units) {
        // The other way round, the area's rings are clipped by the square's four edges.
        expect(intersectionArea(prepared, u, geometryBBox(u), planarArea(u))).toBeCloseTo(overlap(u, area), 14);
      }
    }));
  });

  it('splits the communes of Alpes-Maritimes exactly along their shared boundaries', () => {
    const file = path.resolve(import.meta.dirname, '../../../../test-data/fr/communes-06-alpes-maritimes.geojson');
    const communes = (JSON.parse(readFileSync(file, 'utf8')) as { features: Feature<Polygon | MultiPolygon, { code: string }>[] }).features;
    const nice = communes.find((commune) => commune.properties.code === '06088')!;
    const area = prepareArea(nice.geometry);
    const shares = new Map(communes.map((commune) => [commune.properties.code,
      intersectionArea(area, commune.geometry, geometryBBox(commune.geometry), planarArea(commune.geometry)) / planarArea(commune.geometry)]));
    expect(shares.get('06088')).toBeCloseTo(1, 6);
    // Its neighbours (Saint-Laurent-du-Var, Villefranche-sur-Mer…) touch it but are not inside it.
    for (const [code, share] of shares) if (code !== '06088') expect(share).toBeLessThan(1e-4);
  });
});
