/**
 * A compute thread's bounded cache of what business searches count: for a search (its filter's
 * key, poi-filter.ts) the positioned points of each grid cell it was asked about (point-cell.ts),
 * and the number of its establishments placed by each IRIS. A search counted in the next area of
 * the same region, or counted again as the user edits an area, needs no database round trip: only
 * the buckets the area's boundary crosses are tested. Least recently used entries leave first past
 * a budget of bytes, and everything is forgotten when the POI data version moves on.
 */
import type { SearchFilter } from '@catchment/domain';
import type { BBox } from '@catchment/geodata';
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

type Entry = { kind: 'cell'; cell: PointCell; bytes: number } | { kind: 'iris'; counts: Map<string, number>; bytes: number };

export class PoiCellCache {
  private version: number | undefined;
  /** Entries in least- to most-recently-used order (a use re-inserts), keyed `filter|cell` or `filter|iris`. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly loader: PoiCellLoader, private readonly maxBytes = DEFAULT_POI_CACHE_BYTES) {}

  /** The filter's points in the cells a bounding box meets, as of POI data `version`. */
  async cellsMeeting(filter: SearchFilter, filterKey: string, bbox: BBox, version: number): Promise<PointCell[]> {
    this.useVersion(version);
    const needed = cellsOf(bbox);
    const missing = needed.filter((cell) => !this.entries.has(`${filterKey}|${cell.key}`));
    if (missing.length > 0) {
      const loaded = await this.loader.points(filter, missing);
      this.useVersion(version);
      for (const cell of missing) {
        const built = pointCell(cell.bbox, loaded.get(cell.key) ?? EMPTY);
        this.put(`${filterKey}|${cell.key}`, { kind: 'cell', cell: built, bytes: pointCellBytes(built) });
      }
    }
    const cells = needed.map((cell) => (this.touch(`${filterKey}|${cell.key}`) as Extract<Entry, { kind: 'cell' }>).cell);
    this.evict(needed.length);
    return cells;
  }

  /** The filter's establishments placed by their IRIS, counted by IRIS code. */
  async irisCounts(filter: SearchFilter, filterKey: string, version: number): Promise<Map<string, number>> {
    this.useVersion(version);
    const key = `${filterKey}|iris`;
    if (!this.entries.has(key)) {
      const counts = await this.loader.irisCounts(filter);
      this.useVersion(version);
      this.put(key, { kind: 'iris', counts, bytes: 100 + counts.size * 80 });
    }
    const entry = this.touch(key) as Extract<Entry, { kind: 'iris' }>;
    this.evict(1);
    return entry.counts;
  }

  /** What the cache holds (for its tests and the bench). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private useVersion(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.entries.clear();
    this.bytes = 0;
  }

  private put(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.bytes;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private touch(key: string): Entry {
    const entry = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Least recently used entries out until within budget, never the `keep` most recent (the request's own). */
  private evict(keep: number): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= keep) return;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

const EMPTY = new Float64Array(0);
