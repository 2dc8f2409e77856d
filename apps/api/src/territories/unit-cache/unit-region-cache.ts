/**
 * A compute thread's bounded cache of the territorial units of the regions it was asked about:
 * boundaries as flat arrays (flat-polygons.ts) with their bounding box and planar area, and figures
 * as a dense array by measure, kept by grid cell (cell-grid.ts), so
 * that the next figures of an area in the same region need no database round trip and no parsing,
 * only the exact kernel. Reading the units of every area from the database made statistics slower
 * than PostGIS computing them itself (bench/README.md); keeping every unit in memory made the
 * server grow by 14 kB per unit loaded. This keeps what is in use, up to a budget of bytes, least
 * recently used cells out first, and forgets everything when the data version moves on.
 *
 * Each cell also keeps its units' boxes, areas, kinds and figures side by side in flat arrays
 * (UnitColumns): a figure's scan reads those alone for the units wholly inside or outside the area,
 * most of them, and reads a unit's own object only to clip it. Reading an object, its box and its
 * figures for every unit, each somewhere else in memory, cost a compute thread more than measuring
 * them (the thread's caches are cold when a request arrives: bench/README.md).
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
  /** Its number among the units held, while it is held (what tells a unit already met by a request). */
  slot: number;
}

/** Flags of a unit in its cell's columns. */
export const UnitFlag = {
  /** A polygon or multipolygon (else a point, at its box's corner). */
  Polygon: 1,
  /** Its figures count for every measure: not of a worldwide kind, no finer unit with figures (else see `unitCounts`). */
  AlwaysCounts: 2,
} as const;

/**
 * A cell's units side by side: unit i's box at boxes[4i..4i+3], its planar area, kind and flags,
 * and its figures at values[i * width + measure index] (NaN where it has none; a measure indexed
 * after the cell was made is none of its units': `width` is the count of measures then).
 */
export interface UnitColumns {
  readonly units: readonly CachedUnit[];
  readonly boxes: Float64Array;
  readonly bits: Int32Array;
  readonly slots: Int32Array;
  readonly areas: Float64Array;
  readonly kinds: readonly AdministrativeKind[];
  readonly flags: Uint8Array;
  readonly values: Float64Array;
  readonly width: number;
}

/** The units met by a request: entry k is unit entries[2k + 1] of cells[entries[2k]]. */
export interface MetUnits {
  cells: readonly UnitColumns[];
  entries: number[];
  count: number;
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
 * float64 per point, one per measure, and the unit itself with its strings and typed arrays; and
 * its entry in a cell's columns (its box, area, kind, flags and figures again).
 */
export const unitBytes = (points: number, measures: number) => 1_880 + points * 16 + measures * 16;

export class UnitRegionCache {
  private version: number | undefined;
  /** Cells in least- to most-recently-used order (a Map keeps insertion order: a use re-inserts). */
  private readonly cells = new Map<string, UnitColumns>();
  private readonly units = new Map<string, CachedUnit>();
  private bytes = 0;
  /** Slots of units that left, to give again; `slotCount` slots given so far. */
  private readonly freeSlots: number[] = [];
  private slotCount = 0;
  /** By slot, the request that last met the unit (one unit met by several cells is met once). */
  private metBy: Int32Array<ArrayBuffer> = new Int32Array(1024);
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
    const { cells, entries, count } = await this.unitColumnsMeeting(bbox, version, wanted);
    const met: CachedUnit[] = new Array(count);
    for (let k = 0; k < count; k += 1) met[k] = cells[entries[2 * k]!]!.units[entries[2 * k + 1]!]!;
    return met;
  }

  /** The same units as `unitsMeeting`, as entries of their cells' columns: what reading them costs least. */
  async unitColumnsMeeting(bbox: BBox, version: number, wanted?: { kinds: readonly string[]; keys: readonly string[] }): Promise<MetUnits> {
    if (version !== this.version) this.clear(version);
    const needed = cellsOf(bbox);
    const missing = needed.filter((cell) => !this.cells.has(cell.key));
    if (missing.length > 0) await this.load(missing, version);
    // Another data version arrived while loading: what was loaded is labelled with it, and right.
    const request = this.nextRequest();
    const kinds = wanted ? new Set(wanted.kinds) : undefined;
    let measureBits = 0;
    for (const key of wanted?.keys ?? []) {
      const index = this.measureIndex(key);
      if (index >= 0) measureBits |= 1 << (index % 31);
    }
    const [minX, minY, maxX, maxY] = bbox;
    const cells: UnitColumns[] = [];
    // A list of its own (not a scratch array of the cache): the requests of a thread may overlap.
    const entries: number[] = [];
    const metBy = this.metBy;
    for (const cell of needed) {
      const held = this.cells.get(cell.key) ?? EMPTY_CELL;
      this.cells.delete(cell.key);
      this.cells.set(cell.key, held);
      const c = cells.push(held) - 1;
      const { boxes, bits, slots } = held;
      for (let i = 0; i < slots.length; i += 1) {
        if (kinds && (bits[i]! & measureBits) === 0) continue;
        if (boxes[i * 4]! > maxX || boxes[i * 4 + 2]! < minX || boxes[i * 4 + 1]! > maxY || boxes[i * 4 + 3]! < minY) continue;
        if (metBy[slots[i]!] === request || (kinds && !kinds.has(held.kinds[i]!))) continue;
        metBy[slots[i]!] = request;
        entries.push(c, i);
      }
    }
    this.evict(needed.length);
    return { cells, entries, count: entries.length / 2 };
  }

  /** What the cache holds (for its tests and the bench). */
  get stats(): { cells: number; units: number; bytes: number } {
    return { cells: this.cells.size, units: this.units.size, bytes: this.bytes };
  }

  private nextRequest(): number {
    // Numbers start again, with every unit unmet, long before they would overflow.
    if (this.request >= 0x3fffffff) {
      this.metBy.fill(0);
      this.request = 0;
    }
    return ++this.request;
  }

  private clear(version: number): void {
    this.version = version;
    this.cells.clear();
    this.units.clear();
    this.bytes = 0;
    this.freeSlots.length = 0;
    this.slotCount = 0;
    this.metBy.fill(0);
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
      this.cells.set(cell.key, unitColumns(units, this.measureIndexes.size));
    }
    // Units read but held by no cell (a unit removed between the two reads).
    for (const id of unknown) {
      const unit = this.units.get(id);
      if (unit?.cells === 0) this.forget(unit);
    }
  }

  /** Least recently used cells out until within budget, never the `keep` most recent (the request's own). */
  private evict(keep: number): void {
    for (const [key, { units }] of this.cells) {
      if (this.bytes <= this.maxBytes || this.cells.size <= keep) return;
      this.cells.delete(key);
      for (const unit of units) {
        unit.cells -= 1;
        if (unit.cells > 0) continue;
        this.forget(unit);
        this.bytes -= unit.bytes;
      }
    }
  }

  private forget(unit: CachedUnit): void {
    this.units.delete(unit.id);
    this.freeSlots.push(unit.slot);
  }

  private newSlot(): number {
    const slot = this.freeSlots.pop() ?? this.slotCount++;
    if (slot >= this.metBy.length) this.metBy = grownInt32(this.metBy, slot + 1);
    // A slot given again must not look met by the current request.
    this.metBy[slot] = 0;
    return slot;
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
      slot: this.newSlot(),
    };
  }
}

/** A copy of `array` with room for `length` entries or more. */
function grownInt32(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(length, array.length * 2));
  grown.set(array);
  return grown;
}

const EMPTY_CELL: UnitColumns = unitColumns([], 0);

/** A cell's columns over its units, with `width` measures indexed. */
function unitColumns(units: CachedUnit[], width: number): UnitColumns {
  const boxes = new Float64Array(units.length * 4);
  const areas = new Float64Array(units.length);
  const values = new Float64Array(units.length * width);
  const bits = new Int32Array(units.length);
  const slots = new Int32Array(units.length);
  const flags = new Uint8Array(units.length);
  units.forEach((unit, i) => {
    boxes.set(unit.bbox, i * 4);
    areas[i] = unit.planarArea;
    values.set(unit.measures.subarray(0, width), i * width);
    // Measures indexed after the unit was read are not its own.
    values.fill(Number.NaN, i * width + unit.measures.length, (i + 1) * width);
    bits[i] = unit.measureBits;
    slots[i] = unit.slot;
    flags[i] = (unit.polygons ? UnitFlag.Polygon : 0) | (!unit.worldwide && unit.finer === null ? UnitFlag.AlwaysCounts : 0);
  });
  return { units, boxes, bits, slots, areas, kinds: units.map((unit) => unit.kind), flags, values, width };
}

function pointBox({ coordinates: [x, y] }: Point): BBox {
  return [x!, y!, x!, y!];
}
