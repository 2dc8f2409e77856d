/**
 * A compute thread's bounded cache of what business searches count: for a search (its filter's
 * key, poi-filter.ts) the positioned points of each grid cell it was asked about (point-cell.ts),
 * and the number of its establishments placed by each IRIS. A search counted in the next area of
 * the same region, or counted again as the user edits an area, needs no database round trip: only
 * the buckets the area's boundary crosses are tested. Least recently used entries leave first past
 * a budget of bytes (RecentCache), and everything is forgotten when the POI data version moves on.
 */
import type { SearchFilter } from '@catchment/domain';
import type { BBox } from '@catchment/geodata';
import { RecentCache } from '../../cache/recent-cache.js';
import { cellsOf, type Cell } from '../../territories/unit-cache/cell-grid.js';
import { pointCell, pointCellBytes, type PointCell } from './point-cell.js';

export interface PoiCellLoader {
  /** The filter's positioned points in each cell (x0, y0, x1, y1, …; a point on a cell's edge in one cell only), by cell key. */
  points(filter: SearchFilter, cells: readonly Cell[]): Promise<Map<string, Float64Array>>;
  /** How many of the filter's establishments each IRIS holds among those placed by their IRIS only. */
  irisCounts(filter: SearchFilter): Promise<Map<string, number>>;
}

/** 64 MB per thread: about four million points of searches in use. */
export const DEFAULT_POI_CACHE_BYTES = 64 * 1024 * 1024;

type Entry = { kind: 'cell'; cell: PointCell } | { kind: 'iris'; counts: Map<string, number> };

const entryBytes = (entry: Entry) => (entry.kind === 'cell' ? pointCellBytes(entry.cell) : 100 + entry.counts.size * 80);

export class PoiCellCache {
  private version: number | undefined;
  /** Keyed `filter|cell` or `filter|iris`. */
  private entries: RecentCache<Entry>;

  constructor(private readonly loader: PoiCellLoader, private readonly maxBytes = DEFAULT_POI_CACHE_BYTES) {
    this.entries = new RecentCache<Entry>(maxBytes, entryBytes);
  }

  /**
   * The filter's points in the cells a bounding box meets, as of POI data `version`. The request
   * gets every cell it needs even when they outweigh the budget (the cache then keeps the latest).
   */
  async cellsMeeting(filter: SearchFilter, filterKey: string, bbox: BBox, version: number): Promise<PointCell[]> {
    this.useVersion(version);
    const needed = cellsOf(bbox);
    const held = new Map<string, PointCell>();
    for (const cell of needed) {
      const entry = this.entries.get(`${filterKey}|${cell.key}`);
      if (entry?.kind === 'cell') held.set(cell.key, entry.cell);
    }
    const missing = needed.filter((cell) => !held.has(cell.key));
    if (missing.length > 0) {
      const loaded = await this.loader.points(filter, missing);
      this.useVersion(version);
      for (const cell of missing) {
        const built = pointCell(cell.bbox, loaded.get(cell.key) ?? EMPTY);
        held.set(cell.key, built);
        this.entries.set(`${filterKey}|${cell.key}`, { kind: 'cell', cell: built });
      }
    }
    return needed.map((cell) => held.get(cell.key)!);
  }

  /** The filter's establishments placed by their IRIS, counted by IRIS code. */
  async irisCounts(filter: SearchFilter, filterKey: string, version: number): Promise<Map<string, number>> {
    this.useVersion(version);
    const key = `${filterKey}|iris`;
    const entry = this.entries.get(key);
    if (entry?.kind === 'iris') return entry.counts;
    const counts = await this.loader.irisCounts(filter);
    this.useVersion(version);
    this.entries.set(key, { kind: 'iris', counts });
    return counts;
  }

  /** What the cache holds (for its tests and the bench). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.weight };
  }

  private useVersion(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.entries = new RecentCache<Entry>(this.maxBytes, entryBytes);
  }
}

const EMPTY = new Float64Array(0);
