import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { AdministrativeKind } from '@catchment/domain';
import type { TerritoryUnitRecord } from './territory-dataset.js';
import { TerritoryIndex } from './unit-index.js';

const square = (x: number, y: number, side: number): Polygon => ({
  type: 'Polygon', coordinates: [[[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]]],
});
const unit = (kind: AdministrativeKind, code: string, geometry: TerritoryUnitRecord['geometry'], values: Record<string, number> = {}, extra: Partial<TerritoryUnitRecord> = {}): TerritoryUnitRecord =>
  ({ kind, code, name: `${kind} ${code}`, country: 'fr', geometry, values, ...extra });
const point = (x: number, y: number): TerritoryUnitRecord['geometry'] => ({ type: 'Point', coordinates: [x, y] });
const figure = (index: TerritoryIndex, area: Polygon, key: string) => index.measures(area, [key]).find((entry) => entry.key === key)!;

describe('territory index', () => {
  it('lets a later dataset replace a unit (an imported boundary replaces a demo point)', () => {
    const index = new TerritoryIndex([
      { source: 'demo', units: [unit('fr_cities', 'A', point(0.5, 0.5), { population: 100 }), unit('fr_cities', 'B', point(5, 5), { population: 7 })] },
      { source: 'fr-communes', units: [unit('fr_cities', 'A', square(0, 0, 1), { population: 120 })] },
    ]);
    expect(index.unit('fr_cities', 'A')).toMatchObject({ source: 'fr-communes', values: { population: 120 } });
    expect(index.kinds()).toEqual([{ kind: 'fr_cities', units: 2, points: 1, polygons: 1, sources: ['demo', 'fr-communes'] }]);
  });

  it('apportions counts by the share of each unit inside the area, and reports the coverage', () => {
    const index = new TerritoryIndex([{ source: 't', units: [
      unit('fr_cities', 'A', square(0, 0, 1), { population: 100 }),
      unit('fr_cities', 'B', square(1, 0, 1), { population: 40 }),
    ] }]);
    // Half of A, a quarter of B; the area reaches beyond both (no data there).
    const population = figure(index, square(0.5, 0, 1), 'population');
    expect(population.value).toBeCloseTo(50 + 20, 9);
    expect(population.coverage).toBeCloseTo(1, 9);
    const partly = figure(index, { type: 'Polygon', coordinates: [[[1.5, 0], [3.5, 0], [3.5, 1], [1.5, 1], [1.5, 0]]] }, 'population');
    expect(partly.value).toBeCloseTo(20, 9);
    expect(partly.coverage).toBeCloseTo(0.25, 9);
    expect(figure(index, square(10, 10, 1), 'population')).toEqual({ key: 'population', value: null, coverage: null, sources: [] });
  });

  it('counts a commune through its IRIS where they have the figure, never both', () => {
    const index = new TerritoryIndex([{ source: 't', units: [
      unit('fr_cities', 'C1', square(0, 0, 2), { population: 1000 }),
      unit('fr_iris', 'C1-1', square(0, 0, 1), { population: 300, population_0014: 50 }, { parentCode: 'C1' }),
      unit('fr_iris', 'C1-2', square(1, 0, 1), { population: 200 }, { parentCode: 'C1' }),
      unit('fr_cities', 'C2', square(2, 0, 2), { population: 80 }),
      unit('fr_iris', 'C2-1', square(2, 0, 2), {}, { parentCode: 'C2' }),
    ] }]);
    const area = { type: 'Polygon' as const, coordinates: [[[0, 0], [4, 0], [4, 2], [0, 2], [0, 0]]] };
    const population = figure(index, area, 'population');
    // IRIS 300 + 200 stand for C1 (its 1000 are not added); C2 has IRIS without figures: its own 80 count.
    expect(population.value).toBeCloseTo(580, 9);
    expect(population.sources).toEqual(['fr_iris', 'fr_cities']);
    expect(figure(index, area, 'population_0014').value).toBeCloseTo(50, 9);
  });

  it('leaves the world\'s city points out where a national dataset has the figure', () => {
    const index = new TerritoryIndex([{ source: 'demo', units: [
      unit('fr_cities', 'N', point(0.5, 0.5), { population: 340_000 }),
      unit('ww_cities', '2990440', point(0.51, 0.5), { population: 342_000 }),
      unit('ww_cities', '2993458', point(0.7, 0.5), { population: 32_000 }, { country: 'mc' }),
    ] }]);
    const population = figure(index, square(0, 0, 1), 'population');
    expect(population.value).toBe(340_000 + 32_000);
    expect(population.coverage).toBeNull();
    expect(population.sources).toEqual(['fr_cities', 'ww_cities']);
  });

  it('averages rates weighted by their weight measure and share', () => {
    const index = new TerritoryIndex([{ source: 't', units: [
      unit('us_counties', '1', square(0, 0, 1), { population: 100, median_household_income: 50_000 }, { country: 'us' }),
      unit('us_counties', '2', square(1, 0, 1), { population: 300, median_household_income: 70_000 }, { country: 'us' }),
    ] }]);
    const income = figure(index, { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 1], [0, 1], [0, 0]]] }, 'median_household_income');
    expect(income.value).toBeCloseTo((50_000 * 100 + 70_000 * 300) / 400, 6);
  });

  it('finds parents by code or, without a code, by position; searches codes then names', () => {
    const index = new TerritoryIndex([{ source: 't', units: [
      unit('us_states', '36', square(0, 0, 2), {}, { name: 'New York', country: 'us' }),
      unit('us_counties', '36067', square(0, 0, 1), { population: 460_000 }, { name: 'Onondaga', parentCode: '36', country: 'us' }),
      unit('us_zipcodes', '13202', point(0.5, 0.5), {}, { name: 'Syracuse', country: 'us' }),
      unit('us_counties', '36109', square(1, 0, 1), { population: 100_000 }, { name: 'Tompkins', parentCode: '36', country: 'us' }),
    ] }]);
    expect(index.parentOf(index.unit('us_counties', '36067')!)?.name).toBe('New York');
    expect(index.parentOf(index.unit('us_zipcodes', '13202')!)?.name).toBe('Onondaga');
    expect(index.search('us_counties', '3610', 5).map((found) => found.name)).toEqual(['Tompkins']);
    expect(index.search('us_counties', 'ONON', 5).map((found) => found.code)).toEqual(['36067']);
    expect(index.search('us_counties', 'o', 5).map((found) => found.code)).toEqual(['36067', '36109']);
  });

  it('lists the divisions an area covers with their shares, most covered first', () => {
    const index = new TerritoryIndex([{ source: 't', units: [
      unit('fr_cities', 'A', square(0, 0, 1)), unit('fr_cities', 'B', square(1, 0, 1)), unit('fr_cities', 'C', square(5, 5, 1)),
    ] }]);
    const rows = index.divisions(square(0.25, 0, 1), 'fr_cities').map(({ unit: found, share }) => [found.code, share]);
    expect(rows).toEqual([['A', 0.75], ['B', 0.25]]);
  });
});
