import type { MultiPolygon, Point, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { circlePolygon, type AdministrativeKind, type AreaGeometry } from '@catchment/domain';
import { censusFigures, geometryBBox, planarArea, prepareArea, unitOverlap, type FigureOverlap, type FigureUnit } from '@catchment/geodata';
import { wkbOf } from '@catchment/geodata/test-support';
import { packGeometries } from '../../compute/packed-geometry.js';
import { areaCensusFigures, type CensusRequest } from './area-census.js';
import { boxesMeet, type BBox, type Cell } from './cell-grid.js';
import { UnitRegionCache, type UnitCellLoader, type UnitRecord } from './unit-region-cache.js';

const square = (x: number, y: number, side: number): Polygon => ({
  type: 'Polygon', coordinates: [[[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]]],
});
const box = (geometry: Point | Polygon | MultiPolygon): BBox =>
  geometry.type === 'Point' ? [geometry.coordinates[0]!, geometry.coordinates[1]!, geometry.coordinates[0]!, geometry.coordinates[1]!] : geometryBBox(geometry);

const disc = (centre: [number, number], radiusM: number) => (circlePolygon(centre, radiusM) as Extract<AreaGeometry, { type: 'Polygon' }>).coordinates;

interface TestUnit { kind: AdministrativeKind; code: string; country: string; values: Record<string, number>; finer: string[] | null; geometry: Point | Polygon | MultiPolygon }

/** A loader over fixed units, meeting cells by bounding box as the database does. */
class UnitsLoader implements UnitCellLoader {
  constructor(private readonly all: TestUnit[]) {}
  async unitIdsOf(cells: readonly Cell[]): Promise<Map<string, string[]>> {
    return new Map(cells.map((cell) => [cell.key, this.all.flatMap((unit, i) => (boxesMeet(box(unit.geometry), cell.bbox) ? [String(i + 1)] : []))]));
  }
  async units(ids: readonly string[]): Promise<UnitRecord[]> {
    return ids.map((id) => {
      const { geometry, ...unit } = this.all[Number(id) - 1]!;
      return { id, ...unit, geometry: wkbOf(geometry) };
    });
  }
}

/**
 * The figures the way the in-memory index computes them: every unit measured, then censusFigures;
 * the units taken in the order the cache gives them (the same additions in the same order).
 */
async function reference(cache: UnitRegionCache, all: TestUnit[], area: AreaGeometry, request: CensusRequest) {
  const byCode = new Map(all.map((unit) => [unit.code, unit]));
  const units = (await cache.unitsMeeting(geometryBBox(area), request.version)).map((unit) => byCode.get(unit.code)!);
  const prepared = prepareArea(area);
  const national = new Set(request.nationalData);
  const overlaps: FigureOverlap<FigureUnit & { finer: string[] | null }>[] = [];
  for (const unit of units) {
    if (!request.kinds.includes(unit.kind)) continue;
    const overlap = unitOverlap(prepared, unit.geometry);
    if (overlap) overlaps.push({ unit, ...overlap });
  }
  return censusFigures(planarArea(area), overlaps, request.keys, {
    hasFinerData: (unit, key) => unit.finer?.includes(key) ?? false,
    hasNationalData: (country, key) => national.has(`${country}|${key}`),
  });
}

describe('areaCensusFigures', () => {
  // Around Strasbourg: IRIS with and without figures, communes counted through their IRIS for some
  // measures, city points of the world where the communes have the population, US counties with a weighted mean.
  const units: TestUnit[] = [];
  const random = (() => { let state = 7; return () => (state = (state * 16807) % 2147483647) / 2147483647; })();
  for (let i = 0; i < 12; i += 1) {
    for (let j = 0; j < 12; j += 1) {
      const [x, y] = [7.4 + i * 0.06, 48.3 + j * 0.05];
      const values: Record<string, number> = (i + j) % 3 === 0 ? {} : { population: Math.round(random() * 5000), ...((i * j) % 4 === 0 ? { population_0014: Math.round(random() * 900) } : {}) };
      units.push({ kind: 'fr_iris', code: `i${i}-${j}`, country: 'fr', values, finer: null, geometry: square(x, y, 0.06) });
    }
  }
  for (let i = 0; i < 4; i += 1) {
    for (let j = 0; j < 4; j += 1) {
      units.push({ kind: 'fr_cities', code: `c${i}-${j}`, country: 'fr', values: { population: 20_000 + i * 1000 + j, population_0014: 3000 + j },
        finer: (i + j) % 2 === 0 ? ['population'] : null, geometry: square(7.4 + i * 0.18, 48.3 + j * 0.15, 0.18) });
    }
  }
  for (let k = 0; k < 30; k += 1) {
    units.push({ kind: 'ww_cities', code: `w${k}`, country: k % 5 === 0 ? 'de' : 'fr', values: { population: 1000 + k }, finer: null,
      geometry: { type: 'Point', coordinates: [7.4 + random() * 0.7, 48.3 + random() * 0.6] } });
  }
  for (let k = 0; k < 6; k += 1) {
    units.push({ kind: 'us_counties', code: `u${k}`, country: 'us', values: { population: 100 * (k + 1), median_household_income: 40_000 + 5000 * k }, finer: null,
      geometry: { type: 'MultiPolygon', coordinates: [square(7.5 + k * 0.1, 48.4, 0.08).coordinates, square(7.5 + k * 0.1, 48.6, 0.03).coordinates] } });
  }
  const request: CensusRequest = {
    version: 1,
    kinds: ['fr_iris', 'fr_cities', 'ww_cities', 'us_counties'],
    keys: ['population', 'population_0014', 'median_household_income', 'csp_1'],
    nationalData: ['fr|population'],
  };
  const areas: AreaGeometry[] = [
    circlePolygon([7.75, 48.57], 9_000),
    circlePolygon([7.62, 48.45], 3_000),
    { type: 'Polygon', coordinates: [[[7.45, 48.35], [7.95, 48.4], [7.7, 48.55], [7.9, 48.8], [7.5, 48.75], [7.45, 48.35]]] },
    { type: 'MultiPolygon', coordinates: [disc([7.55, 48.45], 4_000), disc([7.9, 48.7], 5_000)] },
  ];

  it('gives the figures of every unit measured then summed, to the last bit, for nested and packed areas', async () => {
    const cache = new UnitRegionCache(new UnitsLoader(units));
    for (const area of areas) {
      const expected = await reference(cache, units, area, request);
      expect(expected.find((figure) => figure.key === 'population')!.value).toBeGreaterThan(0);
      expect(await areaCensusFigures(cache, area, request)).toEqual(expected);
      const packed = packGeometries([area]);
      expect(await areaCensusFigures(cache, packed, request)).toEqual(expected);
    }
    expect((await areaCensusFigures(cache, areas[0]!, request)).find((figure) => figure.key === 'median_household_income')!.value).toBeGreaterThan(40_000);
  });

  it('gives the same figures when a region read later brings measures the units read before do not have', async () => {
    // The counties moved off the cells' border at 7.5° E, so that the south-west cell (7–7.5° E,
    // 48–48.5° N) holds none: IRIS and city points only, no median income.
    const east = (ring: number[][]) => ring.map(([x, y]) => [x! + 0.01, y!]);
    const moved = units.map((unit): TestUnit => (unit.geometry.type === 'MultiPolygon'
      ? { ...unit, geometry: { type: 'MultiPolygon', coordinates: unit.geometry.coordinates.map((polygon) => polygon.map(east)) } }
      : unit));
    const cache = new UnitRegionCache(new UnitsLoader(moved));
    // That cell first, then the counties' region, whose median income is a measure the first cell's
    // columns were made without; then an area over both.
    const southWest = circlePolygon([7.42, 48.33], 1_000);
    expect(await areaCensusFigures(cache, southWest, request)).toEqual(await reference(cache, moved, southWest, request));
    expect(cache.measureIndex('median_household_income')).toBe(-1);
    expect(await areaCensusFigures(cache, areas[0]!, request)).toEqual(await reference(cache, moved, areas[0]!, request));
    expect(cache.measureIndex('median_household_income')).toBeGreaterThanOrEqual(0);
    const spanning = areas[2]!;
    const figures = await areaCensusFigures(cache, spanning, request);
    expect(figures).toEqual(await reference(cache, moved, spanning, request));
    expect(figures.find((figure) => figure.key === 'median_household_income')!.value).toBeGreaterThan(40_000);
  });

  it('leaves out the kinds not asked for, and measures asked for that no unit has', async () => {
    const cache = new UnitRegionCache(new UnitsLoader(units));
    const irisOnly: CensusRequest = { ...request, kinds: ['fr_iris'], keys: ['population', 'unknown_measure'] };
    const figures = await areaCensusFigures(cache, areas[0]!, irisOnly);
    expect(figures).toEqual(await reference(cache, units, areas[0]!, irisOnly));
    expect(figures[0]!.sources).toEqual(['fr_iris']);
    expect(figures[1]).toEqual({ key: 'unknown_measure', value: null, coverage: null, sources: [] });
  });
});
