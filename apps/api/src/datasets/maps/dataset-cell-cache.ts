/**
 * A compute thread's bounded cache of datasets' placed rows, by grid cell (cell-grid.ts): for a
 * dataset at one version, and a column or none, each cell's points sorted into buckets with the
 * column's numbers (point-cell.ts, decimal-cells.ts). The next polygon in the same region, or the
 * same one redrawn, needs no database read. A new version of the dataset is another key: what the
 * older one left is never read again and leaves first, least recently used.
 */
import type { BBox } from '@catchment/geodata';
import { RecentCache } from '../../cache/recent-cache.js';
import { cellsOf, type Cell } from '../../territories/unit-cache/cell-grid.js';
import { pointCell, pointCellBytes } from '../../poi/count/point-cell.js';
import type { ValueCell } from './area-figures.js';
import { decimalCells } from './decimal-cells.js';

/** Which rows: a dataset at a version, and the index of the column whose numbers are wanted (null: rows only). */
export interface DatasetCellKey { datasetId: number; version: number; column: number | null }

/** A cell's rows as read: their points (x0, y0, x1, y1, …) and, if asked, the column's cells in the same order. */
export interface LoadedCell { points: Float64Array; texts?: (string | null)[] }

export interface DatasetCellLoader {
  /**
   * The dataset's placed rows in each cell (a row on a cell's edge in one cell only), by cell key,
   * and the dataset's version they are of (read with them: undefined when the dataset is gone).
   */
  cells(datasetId: number, column: number | null, cells: readonly Cell[]): Promise<{ version: number | undefined; cells: Map<string, LoadedCell> }>;
}

/** 32 MB per thread: about 1.3 million rows with a column's numbers (24 bytes each). */
export const DEFAULT_DATASET_CACHE_BYTES = 32 * 1024 * 1024;

const EMPTY: LoadedCell = { points: new Float64Array(0), texts: [] };

export class DatasetCellCache {
  private readonly entries: RecentCache<ValueCell>;

  constructor(private readonly loader: DatasetCellLoader, maxBytes = DEFAULT_DATASET_CACHE_BYTES) {
    this.entries = new RecentCache<ValueCell>(maxBytes, (cell) => pointCellBytes(cell.points));
  }

  /**
   * The rows of the cells a bounding box meets. `current` is false when the rows read were of
   * another version than the one asked for (the dataset changed meanwhile): they are cached under
   * the version they are of, and the caller should not keep what it computes from them as the
   * asked version's.
   */
  async cellsMeeting(key: DatasetCellKey, bbox: BBox): Promise<{ cells: ValueCell[]; current: boolean }> {
    const needed = cellsOf(bbox);
    const held = new Map<string, ValueCell>();
    for (const cell of needed) {
      const found = this.entries.get(entryKey(key, cell));
      if (found) held.set(cell.key, found);
    }
    const missing = needed.filter((cell) => !held.has(cell.key));
    let current = true;
    if (missing.length > 0) {
      const loaded = await this.loader.cells(key.datasetId, key.column, missing);
      current = loaded.version === key.version;
      for (const cell of missing) {
        const built = valueCell(cell.bbox, loaded.cells.get(cell.key) ?? EMPTY, key.column !== null);
        held.set(cell.key, built);
        if (loaded.version !== undefined) this.entries.set(entryKey({ ...key, version: loaded.version }, cell), built);
      }
    }
    return { cells: needed.map((cell) => held.get(cell.key)!), current };
  }

  /** What the cache holds (for its tests). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.weight };
  }
}

const entryKey = (key: DatasetCellKey, cell: Cell) => `${key.datasetId}@${key.version}|${key.column ?? '-'}|${cell.key}`;

function valueCell(bbox: BBox, loaded: LoadedCell, withValues: boolean): ValueCell {
  if (!withValues) return { points: pointCell(bbox, loaded.points), decimals: 0, displayScale: 0 };
  const { values, decimals, displayScale } = decimalCells(loaded.texts ?? []);
  return { points: pointCell(bbox, loaded.points, values), decimals, displayScale };
}
