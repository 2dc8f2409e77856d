import { describe, expect, it } from 'vitest';
import { flatBBox, flatGeometryOfWkb, type FlatPolygons } from '@catchment/geodata';
import { wkbOf } from '@catchment/geodata/test-support';
import { boxesMeet, type BBox, type Cell } from './cell-grid.js';
import { UnitRegionCache, unitBytes, type UnitCellLoader, type UnitRecord } from './unit-region-cache.js';

/** Square units of `size` degrees on a grid from (x0, y0): a region's units, as the database would give them. */
function squares(x0: number, y0: number, count: number, size: number): UnitRecord[] {
  return Array.from({ length: count * count }, (_, i) => {
    const [x, y] = [x0 + (i % count) * size, y0 + Math.floor(i / count) * size];
    return {
      id: String(i + 1), kind: 'fr_iris', code: `u${i + 1}`, country: 'fr', values: { population: 100 }, finer: null,
      geometry: wkbOf({ type: 'Polygon', coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]] }),
    };
  });
}

/** A loader over fixed records that counts what it is asked, meeting cells by bounding box as the database does. */
class RecordsLoader implements UnitCellLoader {
  cellsAsked = 0;
  unitsRead = 0;
  constructor(public records: UnitRecord[]) {}

  async unitIdsOf(cells: readonly Cell[]): Promise<Map<string, string[]>> {
    this.cellsAsked += cells.length;
    return new Map(cells.map((cell) => [cell.key, this.records.filter((record) => boxesMeet(boxOf(record), cell.bbox)).map((record) => record.id)]));
  }

  async units(ids: readonly string[]): Promise<UnitRecord[]> {
    this.unitsRead += ids.length;
    return this.records.filter((record) => ids.includes(record.id));
  }
}

const boxOf = (record: UnitRecord): BBox => flatBBox(flatGeometryOfWkb(record.geometry) as FlatPolygons);

describe('UnitRegionCache', () => {
  it('reads a region once, then answers from memory with each unit once', async () => {
    // 0.1° squares over 7.0–8.2° E, 48.0–49.2° N: units on cell borders belong to two or four cells.
    const loader = new RecordsLoader(squares(7, 48, 12, 0.1));
    const cache = new UnitRegionCache(loader);
    const bbox: BBox = [7.35, 48.35, 7.75, 48.75];
    const first = await cache.unitsMeeting(bbox, 1);
    const expected = loader.records.filter((record) => boxesMeet(boxOf(record), bbox)).map((record) => record.id).sort();
    expect(first.map((unit) => unit.id).sort()).toEqual(expected);
    expect(loader.cellsAsked).toBe(4);
    const read = loader.unitsRead;

    const again = await cache.unitsMeeting([7.4, 48.4, 7.6, 48.6], 1);
    expect(again.length).toBeGreaterThan(0);
    expect(new Set(again.map((unit) => unit.id)).size).toBe(again.length);
    expect([loader.cellsAsked, loader.unitsRead]).toEqual([4, read]);
    expect(again[0]!.bbox).toEqual(boxOf(loader.records.find((record) => record.id === again[0]!.id)!));
    expect(again[0]!.planarArea).toBeCloseTo(0.01, 10);
  });

  it('reads only the units it does not hold when a neighbouring cell is asked for', async () => {
    const loader = new RecordsLoader(squares(7, 48, 12, 0.1));
    const cache = new UnitRegionCache(loader);
    await cache.unitsMeeting([7.1, 48.1, 7.2, 48.2], 1);
    const read = loader.unitsRead;
    await cache.unitsMeeting([7.6, 48.1, 7.7, 48.2], 1);
    // The units touching 7.5° E were read with the first cell and are not read again.
    const idsOf = (cell: BBox) => new Set(loader.records.filter((record) => boxesMeet(boxOf(record), cell)).map((record) => record.id));
    const [first, second] = [idsOf([7, 48, 7.5, 48.5]), idsOf([7.5, 48, 8, 48.5])];
    const shared = [...second].filter((id) => first.has(id)).length;
    expect(shared).toBe(12);
    expect(loader.unitsRead - read).toBe(second.size - shared);
  });

  it('gives only the units of the kinds asked for that have one of the measures asked for', async () => {
    const records = squares(7, 48, 6, 0.1).map((record, i): UnitRecord => ({
      ...record,
      kind: i % 5 === 0 ? 'fr_cities' as const : record.kind,
      values: i % 3 === 0 ? {} : i % 3 === 1 ? { population: i } : { csp_1: i, population_0014: 2 * i },
    }));
    const cache = new UnitRegionCache(new RecordsLoader(records));
    const bbox: BBox = [7, 48, 7.6, 48.6];
    expect((await cache.unitsMeeting(bbox, 1)).length).toBe(36);
    const ids = async (kinds: string[], keys: string[]) => (await cache.unitsMeeting(bbox, 1, { kinds, keys })).map((unit) => Number(unit.id) - 1).sort((a, b) => a - b);
    const expected = (keep: (i: number) => boolean) => records.flatMap((_, i) => (keep(i) ? [i] : []));
    expect(await ids(['fr_iris'], ['population'])).toEqual(expected((i) => i % 5 !== 0 && i % 3 === 1));
    expect(await ids(['fr_iris', 'fr_cities'], ['population_0014', 'median_household_income'])).toEqual(expected((i) => i % 3 === 2));
    expect(await ids(['fr_cities'], ['population', 'csp_1'])).toEqual(expected((i) => i % 5 === 0 && i % 3 !== 0));
    expect(await ids(['fr_iris'], ['unknown'])).toEqual([]);
    const unit = (await cache.unitsMeeting(bbox, 1, { kinds: ['fr_iris'], keys: ['csp_1'] }))[0]!;
    expect([cache.value(unit, 'csp_1'), cache.value(unit, 'population_0014'), cache.value(unit, 'population'), cache.value(unit, 'unknown')])
      .toEqual([Number(unit.id) - 1, 2 * (Number(unit.id) - 1), undefined, undefined]);
  });

  it('forgets everything when the data version moves on', async () => {
    const loader = new RecordsLoader(squares(7, 48, 4, 0.1));
    const cache = new UnitRegionCache(loader);
    expect((await cache.unitsMeeting([7, 48, 7.3, 48.3], 1)).map((unit) => cache.value(unit, 'population'))).toContain(100);
    loader.records = loader.records.map((record) => ({ ...record, values: { population: 200 } }));
    expect((await cache.unitsMeeting([7, 48, 7.3, 48.3], 1)).map((unit) => cache.value(unit, 'population'))).toContain(100);
    expect(new Set((await cache.unitsMeeting([7, 48, 7.3, 48.3], 2)).map((unit) => cache.value(unit, 'population')))).toEqual(new Set([200]));
  });

  it('keeps within its budget, least recently used cells out first, never the request\'s own', async () => {
    const loader = new RecordsLoader(squares(0, 0, 40, 0.1));
    const oneCell = 5 * 5 * unitBytes(5, 1);
    const cache = new UnitRegionCache(loader, 3 * oneCell);
    for (const [x, y] of [[0.1, 0.1], [0.6, 0.1], [1.1, 0.1], [1.6, 0.1]]) await cache.unitsMeeting([x!, y!, x! + 0.1, y! + 0.1], 1);
    expect(cache.stats.cells).toBeLessThanOrEqual(3);
    expect(cache.stats.bytes).toBeLessThanOrEqual(3 * oneCell + 20 * unitBytes(5, 1));
    const asked = loader.cellsAsked;
    await cache.unitsMeeting([1.6, 0.1, 1.7, 0.2], 1);
    expect(loader.cellsAsked).toBe(asked);
    await cache.unitsMeeting([0.1, 0.1, 0.2, 0.2], 1);
    expect(loader.cellsAsked).toBe(asked + 1);

    // An area wider than the budget is still answered whole.
    const wide = await cache.unitsMeeting([0, 0, 3.95, 0.45], 1);
    expect(wide.length).toBe(loader.records.filter((record) => boxesMeet(boxOf(record), [0, 0, 3.95, 0.45])).length);
  });
});
