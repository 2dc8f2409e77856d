/**
 * What business searches count, held in memory for one POI data version: for a search (its
 * filter's key, poi-filter.ts) the positioned points of grid cells (point-cell.ts), and the number
 * of its establishments placed by each IRIS. Least recently used entries leave first past a budget
 * of bytes (RecentCache); everything is forgotten when the version asked for is another. Nothing
 * here reads the database: a compute thread's cache fills it from its loader (poi-cell-cache.ts),
 * the API process with the small cells a thread shares (poi-counts.ts).
 */
import type { BBox } from '@catchment/geodata';
import { RecentCache } from '../../cache/recent-cache.js';
import { cellsOf, type Cell } from '../../territories/unit-cache/cell-grid.js';
import { pointCellBytes, type PointCell } from './point-cell.js';

type Entry = { kind: 'cell'; cell: PointCell } | { kind: 'iris'; counts: ReadonlyMap<string, number> };

const entryBytes = (entry: Entry) => (entry.kind === 'cell' ? pointCellBytes(entry.cell) : 100 + entry.counts.size * 80);

export class PoiCellStore {
  private version: number | undefined;
  /** Keyed `filter|cell` or `filter|iris`. */
  private entries: RecentCache<Entry>;

  constructor(private readonly maxBytes: number) {
    this.entries = new RecentCache<Entry>(maxBytes, entryBytes);
  }

  /** The search's points in a cell, if held for this version. */
  cell(filterKey: string, cell: Cell, version: number): PointCell | undefined {
    this.useVersion(version);
    const entry = this.entries.get(`${filterKey}|${cell.key}`);
    return entry?.kind === 'cell' ? entry.cell : undefined;
  }

  /** The search's points in every cell a bounding box meets, when all are held for this version; else undefined. */
  cellsMeeting(filterKey: string, bbox: BBox, version: number): PointCell[] | undefined {
    const held: PointCell[] = [];
    for (const cell of cellsOf(bbox)) {
      const points = this.cell(filterKey, cell, version);
      if (!points) return undefined;
      held.push(points);
    }
    return held;
  }

  setCell(filterKey: string, cell: Cell, points: PointCell, version: number): void {
    this.useVersion(version);
    this.entries.set(`${filterKey}|${cell.key}`, { kind: 'cell', cell: points });
  }

  /** The search's establishments placed by their IRIS, by IRIS code, if held for this version. */
  irisCounts(filterKey: string, version: number): ReadonlyMap<string, number> | undefined {
    this.useVersion(version);
    const entry = this.entries.get(`${filterKey}|iris`);
    return entry?.kind === 'iris' ? entry.counts : undefined;
  }

  setIrisCounts(filterKey: string, counts: ReadonlyMap<string, number>, version: number): void {
    this.useVersion(version);
    this.entries.set(`${filterKey}|iris`, { kind: 'iris', counts });
  }

  /** What the store holds (for the tests and the bench). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.weight };
  }

  private useVersion(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.entries = new RecentCache<Entry>(this.maxBytes, entryBytes);
  }
}
