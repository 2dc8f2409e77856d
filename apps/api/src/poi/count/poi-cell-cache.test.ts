import { describe, expect, it } from 'vitest';
import type { SearchFilter } from '@catchment/domain';
import type { BBox, Cell } from '../../territories/unit-cache/cell-grid.js';
import { PoiCellCache, type PoiCellLoader } from './poi-cell-cache.js';

const restaurants: SearchFilter = { datasetName: 'fr_osm_poi', categories: ['food.restaurant'], names: [], nafCodes: [], headcounts: [] };
const bakeries: SearchFilter = { ...restaurants, categories: ['food.bakery'] };

/** 1,000 points spread over each cell asked, and two IRIS; counts what it is asked. */
class GridLoader implements PoiCellLoader {
  cellsRead: string[] = [];
  irisReads = 0;
  async points(_filter: SearchFilter, cells: readonly Cell[]): Promise<Map<string, Float64Array>> {
    this.cellsRead.push(...cells.map((cell) => cell.key));
    return new Map(cells.map((cell) => [cell.key, Float64Array.from({ length: 2_000 }, (_, i) => cell.bbox[i % 2]! + 0.0001 * (i + 1))]));
  }
  async irisCounts(): Promise<Map<string, number>> {
    this.irisReads += 1;
    return new Map([['674820101', 3], ['674820102', 5]]);
  }
}

/** Four cells (14:96, 15:96, 14:97, 15:97) around Strasbourg. */
const REGION: BBox = [7.4, 48.4, 7.9, 48.7];
const INSIDE: BBox = [7.6, 48.55, 7.7, 48.6];

describe('PoiCellCache', () => {
  it("reads a search's cells once, then answers from memory", async () => {
    const loader = new GridLoader();
    const cache = new PoiCellCache(loader);
    const first = await cache.cellsMeeting(restaurants, 'r', REGION, 1);
    expect(first).toHaveLength(4);
    expect(first.reduce((n, cell) => n + cell.xs.length, 0)).toBe(4_000);
    expect(loader.cellsRead.sort()).toEqual(['14:96', '14:97', '15:96', '15:97']);
    const again = await cache.cellsMeeting(restaurants, 'r', INSIDE, 1);
    expect(again).toEqual([first.find((cell) => cell.bbox[0] === 7.5 && cell.bbox[1] === 48.5)]);
    expect(loader.cellsRead).toHaveLength(4);
  });

  it('keeps each search apart, and forgets everything when the data version moves on', async () => {
    const loader = new GridLoader();
    const cache = new PoiCellCache(loader);
    await cache.cellsMeeting(restaurants, 'r', INSIDE, 1);
    await cache.cellsMeeting(bakeries, 'b', INSIDE, 1);
    expect(loader.cellsRead).toHaveLength(2);
    await cache.cellsMeeting(restaurants, 'r', INSIDE, 2);
    await cache.cellsMeeting(bakeries, 'b', INSIDE, 2);
    expect(loader.cellsRead).toHaveLength(4);
    expect(cache.stats.entries).toBe(2);
  });

  it('stays within its budget, least recently used out first, and still gives a request every cell it needs', async () => {
    const loader = new GridLoader();
    // About two cells of 1,000 points (20 kB each with their buckets).
    const cache = new PoiCellCache(loader, 45_000);
    const region = await cache.cellsMeeting(restaurants, 'r', REGION, 1);
    expect(region.map((cell) => cell.xs.length)).toEqual([1_000, 1_000, 1_000, 1_000]);
    expect(cache.stats.bytes).toBeLessThanOrEqual(45_000);
    // The last two read (the region's northern cells) stayed; the southern ones went.
    await cache.cellsMeeting(restaurants, 'r', INSIDE, 1);
    expect(loader.cellsRead).toHaveLength(4);
    await cache.cellsMeeting(restaurants, 'r', [7.4, 48.4, 7.45, 48.45], 1);
    expect(loader.cellsRead).toHaveLength(5);
    // Another search's cell pushes out the least recently used one (the restaurants' north-east
    // cell), not the one used last (south-west).
    await cache.cellsMeeting(bakeries, 'b', INSIDE, 1);
    expect(loader.cellsRead).toHaveLength(6);
    expect(cache.stats.bytes).toBeLessThanOrEqual(45_000);
    await cache.cellsMeeting(restaurants, 'r', [7.4, 48.4, 7.45, 48.45], 1);
    expect(loader.cellsRead).toHaveLength(6);
    await cache.cellsMeeting(restaurants, 'r', INSIDE, 1);
    expect(loader.cellsRead).toEqual(['14:96', '15:96', '14:97', '15:97', '14:96', '15:97', '15:97']);
  });

  it("reads a search's establishments by IRIS once per data version", async () => {
    const loader = new GridLoader();
    const cache = new PoiCellCache(loader);
    expect(await cache.irisCounts(restaurants, 'r', 1)).toEqual(new Map([['674820101', 3], ['674820102', 5]]));
    await cache.irisCounts(restaurants, 'r', 1);
    expect(loader.irisReads).toBe(1);
    await cache.irisCounts(restaurants, 'r', 2);
    expect(loader.irisReads).toBe(2);
  });
});
