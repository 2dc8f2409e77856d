import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AreaGeometry, PolygonGeometry } from '@catchment/domain';
import type { BBox } from '@catchment/geodata';
import { cellsOf } from '../../territories/unit-cache/cell-grid.js';
import { INLINE_COUNT_LIMITS, INLINE_REFUSALS, inlineCountVerdict, inlineCountWork } from './inline-count-rule.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../../../test-data');
type Feature = { properties: { code: string }; geometry: AreaGeometry };
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(TEST_DATA, file), 'utf8')) as T;
/** The Alpes-Maritimes (1,667 points) and Nice (171): real boundaries. */
const ALPES_MARITIMES = read<Feature>('fr/departement-06-alpes-maritimes.geojson').geometry;
const NICE = read<{ features: Feature[] }>('fr/communes-06-alpes-maritimes.geojson').features.find((commune) => commune.properties.code === '06088')!.geometry;
/** Andorra la Vella as a user draws it (two cells), and the whole country's box (four cells). */
const ANDORRA_LA_VELLA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.50, 42.49], [1.56, 42.49], [1.56, 42.52], [1.50, 42.52], [1.50, 42.49]]] };
const ANDORRA: PolygonGeometry = { type: 'Polygon', coordinates: [[[1.40, 42.42], [1.80, 42.42], [1.80, 42.67], [1.40, 42.67], [1.40, 42.42]]] };

/** Points held per cell, as the API process would hold them: every cell of the box held, or undefined. */
const held = (pointsPerCell: ReadonlyMap<string, number>) => (bbox: BBox) => {
  let total = 0;
  for (const cell of cellsOf(bbox)) {
    const points = pointsPerCell.get(cell.key);
    if (points === undefined) return undefined;
    total += points;
  }
  return total;
};
/** Andorra's 463 OpenStreetMap businesses, in the two cells of its capital. */
const ANDORRA_HELD = new Map([['3:85', 400], ['3:84', 63], ['2:85', 0], ['2:84', 0]]);

const verdict = (polygons: AreaGeometry[], pointsPerCell: ReadonlyMap<string, number>, search: { irisPlaced: boolean | undefined } = { irisPlaced: false }) =>
  inlineCountVerdict(inlineCountWork(polygons, search.irisPlaced, held(pointsPerCell)));

describe('whether a count is done in the API process', () => {
  it('counts a small search held in the process there, in one area or several', () => {
    expect(inlineCountWork([ANDORRA_LA_VELLA, ANDORRA], false, held(ANDORRA_HELD))).toEqual({
      irisPlaced: false,
      areas: [{ vertices: 5, cells: 2, points: 463 }, { vertices: 5, cells: 4, points: 463 }],
    });
    expect(verdict([ANDORRA_LA_VELLA], ANDORRA_HELD)).toEqual({ inline: true });
    expect(verdict([ANDORRA_LA_VELLA, ANDORRA], ANDORRA_HELD)).toEqual({ inline: true });
    expect(verdict([NICE], new Map([['14:87', 20]]))).toEqual({ inline: true });
  });

  it('sends to a thread what only the thread knows: establishments placed by their IRIS, or a search not held', () => {
    expect(verdict([ANDORRA_LA_VELLA], ANDORRA_HELD, { irisPlaced: undefined })).toEqual({ inline: false, reason: INLINE_REFUSALS.irisUnknown });
    expect(verdict([ANDORRA_LA_VELLA], ANDORRA_HELD, { irisPlaced: true })).toEqual({ inline: false, reason: INLINE_REFUSALS.irisPlaced });
    // One of the country's four cells missing.
    expect(verdict([ANDORRA], new Map([['3:85', 400], ['3:84', 63], ['2:85', 0]]))).toEqual({ inline: false, reason: INLINE_REFUSALS.notHeld });
  });

  it('sends to a thread a polygon of many points, or the same areas again and again past the bound', () => {
    const departement = new Map(cellsOf([6.6, 43.4, 7.8, 44.4]).map((cell) => [cell.key, 0]));
    // 1,667 points, within the bound alone, but two of it are past it.
    expect(verdict([ALPES_MARITIMES], departement)).toEqual({ inline: true });
    expect(verdict([ALPES_MARITIMES, ALPES_MARITIMES], departement)).toEqual({ inline: false, reason: INLINE_REFUSALS.vertices });
    expect(verdict(Array.from({ length: 12 }, () => NICE), new Map([['14:87', 0]]))).toEqual({ inline: false, reason: INLINE_REFUSALS.vertices });
  });

  it('sends to a thread an area whose box meets many cells, without looking up what is held there', () => {
    const europe: PolygonGeometry = { type: 'Polygon', coordinates: [[[-10, 35], [30, 35], [30, 60], [-10, 60], [-10, 35]]] };
    let lookups = 0;
    const work = inlineCountWork([europe], false, () => { lookups += 1; return 0; });
    // 81 × 51: the box's edges lie on cell edges, and a closed box meets the cells beyond them.
    expect(work.areas).toEqual([{ vertices: 5, cells: 81 * 51, points: undefined }]);
    expect(lookups).toBe(0);
    expect(inlineCountVerdict(work)).toEqual({ inline: false, reason: INLINE_REFUSALS.cells });
    // Four areas over Andorra's four cells are sixteen cells walked: within; five are not.
    expect(verdict(Array.from({ length: 4 }, () => ANDORRA), new Map([...ANDORRA_HELD].map(([key]) => [key, 0])))).toEqual({ inline: true });
    expect(verdict(Array.from({ length: 5 }, () => ANDORRA), ANDORRA_HELD)).toEqual({ inline: false, reason: INLINE_REFUSALS.cells });
  });

  it('sends to a thread many points, or points that a polygon of many points would test one by one', () => {
    expect(verdict([ANDORRA_LA_VELLA], new Map([['3:85', INLINE_COUNT_LIMITS.maxPoints], ['3:84', 0]]))).toEqual({ inline: true });
    expect(verdict([ANDORRA_LA_VELLA], new Map([['3:85', INLINE_COUNT_LIMITS.maxPoints], ['3:84', 1]]))).toEqual({ inline: false, reason: INLINE_REFUSALS.points });
    // Summed over the areas: three areas of 2,000 points each.
    expect(verdict([ANDORRA_LA_VELLA, ANDORRA_LA_VELLA, ANDORRA_LA_VELLA], new Map([['3:85', 2_000], ['3:84', 0]]))).toEqual({ inline: false, reason: INLINE_REFUSALS.points });
    // Nice's 171 points against the 600 of its cell: 102,600 tests at worst.
    expect(verdict([NICE], new Map([['14:87', 600]]))).toEqual({ inline: false, reason: INLINE_REFUSALS.edgeTests });
    expect(verdict([NICE], new Map([['14:87', 580]]))).toEqual({ inline: true });
  });
});
