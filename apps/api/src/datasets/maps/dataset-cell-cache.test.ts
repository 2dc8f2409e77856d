import { describe, expect, it } from 'vitest';
import type { BBox, Cell } from '../../territories/unit-cache/cell-grid.js';
import { DatasetCellCache, type DatasetCellLoader, type LoadedCell } from './dataset-cell-cache.js';

/** Three rows in each cell asked (the column's cells "1,5", "2" and "x"); the dataset at `version`; counts what it is asked. */
class ThreeRowsLoader implements DatasetCellLoader {
  reads: { column: number | null; cells: string[] }[] = [];
  constructor(public version: number | undefined) {}
  async cells(_datasetId: number, column: number | null, cells: readonly Cell[]): Promise<{ version: number | undefined; cells: Map<string, LoadedCell> }> {
    this.reads.push({ column, cells: cells.map((cell) => cell.key) });
    return {
      version: this.version,
      cells: new Map(cells.map((cell) => [cell.key, {
        points: Float64Array.of(cell.bbox[0] + 0.1, cell.bbox[1] + 0.1, cell.bbox[0] + 0.2, cell.bbox[1] + 0.2, cell.bbox[0] + 0.3, cell.bbox[1] + 0.3),
        ...(column === null ? {} : { texts: ['1,5', '2', 'x'] }),
      }])),
    };
  }
}

/** Two cells (-1:103, 0:103) across the meridian in London. */
const LONDON: BBox = [-0.3, 51.55, 0.1, 51.7];

describe('DatasetCellCache', () => {
  it("reads a dataset's cells once per version and column, with the column's numbers scaled", async () => {
    const loader = new ThreeRowsLoader(3);
    const cache = new DatasetCellCache(loader);
    const first = await cache.cellsMeeting({ datasetId: 7, version: 3, column: 2 }, LONDON);
    expect(first.current).toBe(true);
    expect(first.cells.map(({ points, decimals }) => [points.xs.length, decimals, Array.from(points.values!)])).toEqual([
      [3, 1, [15, 20, Number.NaN]], [3, 1, [15, 20, Number.NaN]],
    ]);
    expect((await cache.cellsMeeting({ datasetId: 7, version: 3, column: 2 }, LONDON)).cells).toEqual(first.cells);
    expect(loader.reads).toEqual([{ column: 2, cells: ['-1:103', '0:103'] }]);

    // Rows only (a count), another column, another version: each read apart.
    const rowsOnly = await cache.cellsMeeting({ datasetId: 7, version: 3, column: null }, LONDON);
    expect(rowsOnly.cells[0]!.points.values).toBeUndefined();
    await cache.cellsMeeting({ datasetId: 7, version: 3, column: 1 }, LONDON);
    loader.version = 4;
    await cache.cellsMeeting({ datasetId: 7, version: 4, column: 2 }, LONDON);
    expect(loader.reads.map((read) => read.column)).toEqual([2, null, 1, 2]);
    expect(cache.stats.entries).toBe(8);
  });

  it('keeps rows under the version they were read at, and says when it is not the one asked for', async () => {
    const loader = new ThreeRowsLoader(5);
    const cache = new DatasetCellCache(loader);
    // Asked for version 4, the dataset is at 5 already: the rows are 5's.
    expect((await cache.cellsMeeting({ datasetId: 7, version: 4, column: null }, LONDON)).current).toBe(false);
    expect((await cache.cellsMeeting({ datasetId: 7, version: 5, column: null }, LONDON)).current).toBe(true);
    expect(loader.reads).toHaveLength(1);
    // A dataset gone: nothing read is kept.
    loader.version = undefined;
    await cache.cellsMeeting({ datasetId: 8, version: 1, column: null }, LONDON);
    await cache.cellsMeeting({ datasetId: 8, version: 1, column: null }, LONDON);
    expect(loader.reads).toHaveLength(3);
  });
});
