/**
 * A compute thread's bounded cache of what business searches count (poi-cell-store.ts), filled
 * from the database through its loader: a search counted in the next area of the same region, or
 * counted again as the user edits an area, needs no database round trip: only the buckets the
 * area's boundary crosses are tested.
 */
import type { SearchFilter } from '@catchment/domain';
import type { BBox } from '@catchment/geodata';
import { cellsOf, type Cell } from '../../territories/unit-cache/cell-grid.js';
import { PoiCellStore } from './poi-cell-store.js';
import { pointCell, type PointCell } from './point-cell.js';

export interface PoiCellLoader {
  /** The filter's positioned points in each cell (x0, y0, x1, y1, …; a point on a cell's edge in one cell only), by cell key. */
  points(filter: SearchFilter, cells: readonly Cell[]): Promise<Map<string, Float64Array>>;
  /** How many of the filter's establishments each IRIS holds among those placed by their IRIS only. */
  irisCounts(filter: SearchFilter): Promise<Map<string, number>>;
}

/** 64 MB per thread: about four million points of searches in use. */
export const DEFAULT_POI_CACHE_BYTES = 64 * 1024 * 1024;

export class PoiCellCache {
  private readonly store: PoiCellStore;

  constructor(private readonly loader: PoiCellLoader, maxBytes = DEFAULT_POI_CACHE_BYTES) {
    this.store = new PoiCellStore(maxBytes);
  }

  /**
   * The filter's points in the cells a bounding box meets, as of POI data `version`. The request
   * gets every cell it needs even when they outweigh the budget (the cache then keeps the latest).
   */
  async cellsMeeting(filter: SearchFilter, filterKey: string, bbox: BBox, version: number): Promise<PointCell[]> {
    const needed = cellsOf(bbox);
    const held = new Map<string, PointCell>();
    for (const cell of needed) {
      const points = this.store.cell(filterKey, cell, version);
      if (points) held.set(cell.key, points);
    }
    const missing = needed.filter((cell) => !held.has(cell.key));
    if (missing.length > 0) {
      const loaded = await this.loader.points(filter, missing);
      for (const cell of missing) {
        const built = pointCell(cell.bbox, loaded.get(cell.key) ?? EMPTY);
        held.set(cell.key, built);
        this.store.setCell(filterKey, cell, built, version);
      }
    }
    return needed.map((cell) => held.get(cell.key)!);
  }

  /** The filter's establishments placed by their IRIS, counted by IRIS code. */
  async irisCounts(filter: SearchFilter, filterKey: string, version: number): Promise<ReadonlyMap<string, number>> {
    const held = this.store.irisCounts(filterKey, version);
    if (held) return held;
    const counts = await this.loader.irisCounts(filter);
    this.store.setIrisCounts(filterKey, counts, version);
    return counts;
  }

  /** What the cache holds (for its tests and the bench). */
  get stats(): { entries: number; bytes: number } {
    return this.store.stats;
  }
}

const EMPTY = new Float64Array(0);
