/**
 * A compute thread's bounded cache of the territorial units of the regions it was asked about:
 * boundaries as flat arrays (flat-polygons.ts) with their bounding box and planar area, and figures
 * as a dense array by measure, kept by grid cell (cell-grid.ts), so
 * that the next figures of an area in the same region need no database round trip and no parsing,
 * only the exact kernel. Reading the units of every area from the database made statistics slower
 * than PostGIS computing them itself (bench/README.md); keeping every unit in memory made the
 * server grow by 14 kB per unit loaded. This keeps what is in use, up to a budget of bytes, least
 * recently used cells out first, and forgets everything when the data version moves on.
 */
import type { Point } from 'geojson';
import { UNIT_KINDS, type AdministrativeKind } from '@catchment/domain';
import { flatBBox, flatGeometryOfWkb, flatPlanarArea, isFlat, type FlatPolygons } from '@catchment/geodata';
import { cellsOf, type BBox, type Cell } from './cell-grid.js';

/** A unit as the database gives it, its boundary as well-known binary (a point, polygon or multipolygon). */
export interface UnitRecord {
  id: string;
  kind: AdministrativeKind;
  code: string;
  country: string;
  values: Record<string, number>;
  /** Measures a finer unit nesting in this one has (the figures count those through the finer unit). */
  finer: string[] | null;
  geometry: Uint8Array;
}

export interface CachedUnit extends Omit<UnitRecord, 'geometry' | 'values'> {
  /** The boundary as flat arrays; null for a point (at bbox[0], bbox[1]). */
  polygons: FlatPolygons | null;
  /** Of a worldwide kind (its figures give way to a national kind's where one has them). */
  worldwide: boolean;
  /** The unit's figures by the cache's index of measures (`measureIndex`), NaN where it has none. */
  measures: Float64Array;
  /** Bit `index % 31` set for every measure it has: a unit without any measure asked for is skipped at once. */
  measureBits: number;
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

/**
 * What a cached unit costs in memory (heap and array buffers, measured on the Bas-Rhin IRIS): two
 * float64 per point, one per measure, and the unit itself with its strings and typed arrays.
 */
export const unitBytes = (points: number, measures: number) => 1_800 + points * 16 + measures * 8;

export class UnitRegionCache {
  private version: number | undefined;
  /** Cells in least- to most-recently-used order (a Map keeps insertion order: a use re-inserts). */
  private readonly cells = new Map<string, HeldCell>();
  private readonly units = new Map<string, CachedUnit>();
  private bytes = 0;
  private request = 0;
  /** Measure key → index into every unit's `measures` (grows as units bring new measures; kept across versions). */
  private readonly measureIndexes = new Map<string, number>();

  constructor(private readonly loader: UnitCellLoader, private readonly maxBytes = DEFAULT_CACHE_BYTES) {}

  /** The index of a measure in the units' `measures`, -1 when no unit read so far has it. */
  measureIndex(key: string): number {
    return this.measureIndexes.get(key) ?? -1;
  }

  /** A unit's figure for a measure (undefined: it has none). */
  value(unit: CachedUnit, key: string): number | undefined {
    const value = unit.measures[this.measureIndex(key)];
    return value === undefined || Number.isNaN(value) ? undefined : value;
  }

  /**
   * The units whose bounding box meets `bbox`, each once, as of data `version`; with `wanted`, only
   * those of its kinds having one of its measures or more (one sharing a bit with them may slip
   * through: whoever reads its figures reads them by index).
   */
  async unitsMeeting(bbox: BBox, version: number, wanted?: { kinds: readonly string[]; keys: readonly string[] }): Promise<CachedUnit[]> {
    if (version !== this.version) this.clear(version);
    const needed = cellsOf(bbox);
    const missing = needed.filter((cell) => !this.cells.has(cell.key));
    if (missing.length > 0) await this.load(missing, version);
    // Another data version arrived while loading: what was loaded is labelled with it, and right.
    const request = ++this.request;
    const kinds = wanted ? new Set(wanted.kinds) : undefined;
    let measureBits = 0;
    for (const key of wanted?.keys ?? []) {
      const index = this.measureIndex(key);
      if (index >= 0) measureBits |= 1 << (index % 31);
    }
    const [minX, minY, maxX, maxY] = bbox;
    const met: CachedUnit[] = [];
    for (const cell of needed) {
      const held = this.cells.get(cell.key) ?? EMPTY_CELL;
      this.cells.delete(cell.key);
      this.cells.set(cell.key, held);
      const { units, boxes, bits } = held;
      for (let i = 0; i < units.length; i += 1) {
        if (kinds && (bits[i]! & measureBits) === 0) continue;
        if (boxes[i * 4]! > maxX || boxes[i * 4 + 2]! < minX || boxes[i * 4 + 1]! > maxY || boxes[i * 4 + 3]! < minY) continue;
        const unit = units[i]!;
        if (unit.seen === request || (kinds && !kinds.has(unit.kind))) continue;
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
      if (!this.units.has(record.id)) this.units.set(record.id, this.parsed(record));
    }
    for (const cell of cells) {
      if (this.cells.has(cell.key)) continue;
      const units = (idsByCell.get(cell.key) ?? []).flatMap((id) => this.units.get(id) ?? []);
      for (const unit of units) {
        if (unit.cells === 0) this.bytes += unit.bytes;
        unit.cells += 1;
      }
      this.cells.set(cell.key, heldCell(units));
    }
    // Units read but held by no cell (a unit removed between the two reads).
    for (const id of unknown) if (this.units.get(id)?.cells === 0) this.units.delete(id);
  }

  /** Least recently used cells out until within budget, never the `keep` most recent (the request's own). */
  private evict(keep: number): void {
    for (const [key, { units }] of this.cells) {
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

  private parsed(record: UnitRecord): CachedUnit {
    const geometry = flatGeometryOfWkb(record.geometry);
    const flat = isFlat(geometry) ? geometry : null;
    const { values, geometry: _wkb, ...rest } = record;
    // Measures the cache has not met yet get the next indexes; the dataset format has numbers only.
    const keys = Object.keys(values);
    for (const key of keys) if (!this.measureIndexes.has(key)) this.measureIndexes.set(key, this.measureIndexes.size);
    const measures = new Float64Array(this.measureIndexes.size).fill(Number.NaN);
    let measureBits = 0;
    for (const key of keys) {
      const index = this.measureIndexes.get(key)!;
      measures[index] = Number(values[key]);
      measureBits |= 1 << (index % 31);
    }
    return {
      ...rest,
      polygons: flat,
      worldwide: UNIT_KINDS[record.kind]?.country === 'ww',
      measures,
      measureBits,
      bbox: flat ? flatBBox(flat) : pointBox(geometry as Point),
      planarArea: flat ? flatPlanarArea(flat) : 0,
      bytes: unitBytes(flat ? flat.coordinates.length / 2 : 1, measures.length),
      cells: 0,
      seen: 0,
    };
  }
}

/**
 * A cell's units, with their boxes and measure bits side by side in flat arrays: the scan of a
 * cell reads those, and touches a unit itself only when its box meets the area's.
 */
interface HeldCell { units: CachedUnit[]; boxes: Float64Array; bits: Int32Array }

const EMPTY_CELL: HeldCell = { units: [], boxes: new Float64Array(0), bits: new Int32Array(0) };

function heldCell(units: CachedUnit[]): HeldCell {
  const boxes = new Float64Array(units.length * 4);
  const bits = new Int32Array(units.length);
  units.forEach((unit, i) => {
    boxes.set(unit.bbox, i * 4);
    bits[i] = unit.measureBits;
  });
  return { units, boxes, bits };
}

function pointBox({ coordinates: [x, y] }: Point): BBox {
  return [x!, y!, x!, y!];
}
