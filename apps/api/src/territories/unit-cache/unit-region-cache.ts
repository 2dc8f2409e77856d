/**
 * A compute thread's bounded cache of the territorial units of the regions it was asked about:
 * parsed boundaries with their bounding box and planar area, kept by grid cell (cell-grid.ts), so
 * that the next figures of an area in the same region need no database round trip and no parsing,
 * only the exact kernel. Reading the units of every area from the database made statistics slower
 * than PostGIS computing them itself (bench/README.md); keeping every unit in memory made the
 * server grow by 14 kB per unit loaded. This keeps what is in use, up to a budget of bytes, least
 * recently used cells out first, and forgets everything when the data version moves on.
 */
import type { MultiPolygon, Point, Polygon } from 'geojson';
import type { AdministrativeKind } from '@catchment/domain';
import { geometryBBox, planarArea } from '@catchment/geodata';
import { boxesMeet, cellsOf, type BBox, type Cell } from './cell-grid.js';

/** A unit as the database gives it, its boundary as GeoJSON text. */
export interface UnitRecord {
  id: string;
  kind: AdministrativeKind;
  code: string;
  country: string;
  values: Record<string, number>;
  /** Measures a finer unit nesting in this one has (the figures count those through the finer unit). */
  finer: string[] | null;
  geometry: string;
}

export interface CachedUnit extends Omit<UnitRecord, 'geometry'> {
  geometry: Point | Polygon | MultiPolygon;
  bbox: BBox;
  /** Planar area in square degrees (0 for a point). */
  planarArea: number;
  bytes: number;
  /** Cells holding the unit: it leaves the cache with the last of them. */
  cells: number;
  /** The request that last returned it (one unit met by several cells is returned once). */
  seen: number;
}

export interface UnitCellLoader {
  /** The ids of the live units whose parts meet each cell (by bounding box), by cell key. */
  unitIdsOf(cells: readonly Cell[]): Promise<Map<string, string[]>>;
  units(ids: readonly string[]): Promise<UnitRecord[]>;
}

/** 64 MB per thread: about a million boundary points, a few départements of IRIS and communes. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** What a parsed boundary costs in the heap: arrays of two numbers per point, and the unit itself. */
const BYTES_PER_POINT = 56;
const BYTES_PER_UNIT = 600;

export class UnitRegionCache {
  private version: number | undefined;
  /** Cells in least- to most-recently-used order (a Map keeps insertion order: a use re-inserts). */
  private readonly cells = new Map<string, CachedUnit[]>();
  private readonly units = new Map<string, CachedUnit>();
  private bytes = 0;
  private request = 0;

  constructor(private readonly loader: UnitCellLoader, private readonly maxBytes = DEFAULT_CACHE_BYTES) {}

  /** The units whose bounding box meets `bbox`, each once, as of data `version`. */
  async unitsMeeting(bbox: BBox, version: number): Promise<CachedUnit[]> {
    if (version !== this.version) this.clear(version);
    const needed = cellsOf(bbox);
    const missing = needed.filter((cell) => !this.cells.has(cell.key));
    if (missing.length > 0) await this.load(missing, version);
    // Another data version arrived while loading: what was loaded is labelled with it, and right.
    const request = ++this.request;
    const met: CachedUnit[] = [];
    for (const cell of needed) {
      const units = this.cells.get(cell.key) ?? [];
      this.cells.delete(cell.key);
      this.cells.set(cell.key, units);
      for (const unit of units) {
        if (unit.seen === request || !boxesMeet(unit.bbox, bbox)) continue;
        unit.seen = request;
        met.push(unit);
      }
    }
    this.evict(needed.length);
    return met;
  }

  /** What the cache holds (for its tests and the bench). */
  get stats(): { cells: number; units: number; bytes: number } {
    return { cells: this.cells.size, units: this.units.size, bytes: this.bytes };
  }

  private clear(version: number): void {
    this.version = version;
    this.cells.clear();
    this.units.clear();
    this.bytes = 0;
  }

  private async load(cells: readonly Cell[], version: number): Promise<void> {
    const idsByCell = await this.loader.unitIdsOf(cells);
    if (version !== this.version) this.clear(version);
    const unknown = [...new Set([...idsByCell.values()].flat())].filter((id) => !this.units.has(id));
    for (const record of unknown.length > 0 ? await this.loader.units(unknown) : []) {
      if (!this.units.has(record.id)) this.units.set(record.id, parsed(record));
    }
    for (const cell of cells) {
      if (this.cells.has(cell.key)) continue;
      const units = (idsByCell.get(cell.key) ?? []).flatMap((id) => this.units.get(id) ?? []);
      for (const unit of units) {
        if (unit.cells === 0) this.bytes += unit.bytes;
        unit.cells += 1;
      }
      this.cells.set(cell.key, units);
    }
    // Units read but held by no cell (a unit removed between the two reads).
    for (const id of unknown) if (this.units.get(id)?.cells === 0) this.units.delete(id);
  }

  /** Least recently used cells out until within budget, never the `keep` most recent (the request's own). */
  private evict(keep: number): void {
    for (const [key, units] of this.cells) {
      if (this.bytes <= this.maxBytes || this.cells.size <= keep) return;
      this.cells.delete(key);
      for (const unit of units) {
        unit.cells -= 1;
        if (unit.cells > 0) continue;
        this.units.delete(unit.id);
        this.bytes -= unit.bytes;
      }
    }
  }
}

function parsed(record: UnitRecord): CachedUnit {
  const geometry = JSON.parse(record.geometry) as Point | Polygon | MultiPolygon;
  let points = 1;
  if (geometry.type !== 'Point') {
    points = 0;
    for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) for (const ring of polygon) points += ring.length;
  }
  return {
    ...record,
    geometry,
    bbox: geometryBBox(geometry),
    planarArea: geometry.type === 'Point' ? 0 : planarArea(geometry),
    bytes: BYTES_PER_UNIT + points * BYTES_PER_POINT,
    cells: 0,
    seen: 0,
  };
}
