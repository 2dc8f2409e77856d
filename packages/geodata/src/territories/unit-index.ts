/**
 * The territorial units the server holds, indexed for lookups by code, search by name or code,
 * parent links, and spatial queries: the census figures of an area (census-figures.ts) and the
 * divisions it covers.
 */
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import { UNIT_KINDS, type AdministrativeKind } from '@catchment/domain';
import { insidePolygon } from '../countries/country-locator.js';
import { placeNameKey } from '../text/place-name-key.js';
import { geometryBBox, planarArea, polygonsOf, prepareArea, type BBox, type PreparedArea } from './area-overlap.js';
import { censusFigures, type MeasureFigure } from './census-figures.js';
import type { TerritoryUnitRecord } from './territory-dataset.js';
import { unitOverlap } from './unit-overlap.js';
import { labelPosition } from './unit-tiles.js';

/** A unit as loaded, with what the index computes once: its box and planar area (0 for points). */
export interface IndexedUnit extends TerritoryUnitRecord {
  /** The dataset's source: `demo` or the importer's name. */
  source: string;
  bbox: BBox;
  area: number;
}

export interface KindSummary { kind: AdministrativeKind; units: number; points: number; polygons: number; sources: string[] }

/** A unit met by an area, with the part of it inside (share) and that part's area (0 for points). */
export interface UnitOverlap { unit: IndexedUnit; share: number; overlapArea: number }

interface KindIndex {
  units: IndexedUnit[];
  byCode: Map<string, IndexedUnit>;
  spatial: Flatbush;
  /** Measure keys some unit of the kind has a value for. */
  measures: Set<string>;
  nameKeys?: string[];
}

export interface LoadedDataset { source: string; units: Iterable<TerritoryUnitRecord> }

export class TerritoryIndex {
  private readonly kindIndexes = new Map<AdministrativeKind, KindIndex>();
  /** `kind|code` → measure keys a finer unit nesting in this one has a value for. */
  private readonly finerData = new Map<string, Set<string>>();
  /** `country|measure` for every national (non-`ww`) kind with a value. */
  private readonly nationalData = new Set<string>();

  /** Datasets in load order: a later unit of the same kind and code replaces an earlier one. */
  constructor(datasets: Iterable<LoadedDataset>) {
    const byKind = new Map<AdministrativeKind, Map<string, IndexedUnit>>();
    for (const { source, units } of datasets) {
      for (const record of units) {
        if (!UNIT_KINDS[record.kind]) continue;
        const kindUnits = byKind.get(record.kind) ?? new Map<string, IndexedUnit>();
        byKind.set(record.kind, kindUnits);
        kindUnits.set(record.code, indexedUnit(record, source));
      }
    }
    for (const [kind, units] of byKind) this.kindIndexes.set(kind, buildKindIndex([...units.values()]));
    this.linkMissingParents();
    this.collectDataPrecedence();
  }

  kinds(): KindSummary[] {
    return [...this.kindIndexes].map(([kind, { units }]) => {
      const points = units.filter((unit) => unit.geometry.type === 'Point').length;
      return { kind, units: units.length, points, polygons: units.length - points, sources: [...new Set(units.map((unit) => unit.source))].sort() };
    }).sort((a, b) => a.kind.localeCompare(b.kind));
  }

  units(kind: AdministrativeKind): readonly IndexedUnit[] {
    return this.kindIndexes.get(kind)?.units ?? [];
  }

  unit(kind: AdministrativeKind, code: string): IndexedUnit | undefined {
    return this.kindIndexes.get(kind)?.byCode.get(code);
  }

  parentOf(unit: IndexedUnit): IndexedUnit | undefined {
    const parentKind = UNIT_KINDS[unit.kind].parentKind;
    return parentKind && unit.parentCode ? this.unit(parentKind, unit.parentCode) : undefined;
  }

  /** Units whose code starts with the query, then whose name starts with it, then whose name contains it; bigger first. */
  search(kind: AdministrativeKind, query: string, limit: number): IndexedUnit[] {
    const index = this.kindIndexes.get(kind);
    const needle = placeNameKey(query);
    const code = query.trim().toLowerCase();
    if (!index || (!needle && !code)) return [];
    index.nameKeys ??= index.units.map((unit) => placeNameKey(unit.name));
    const ranked: { unit: IndexedUnit; rank: number }[] = [];
    index.units.forEach((unit, i) => {
      const name = index.nameKeys![i]!;
      const rank = unit.code.toLowerCase().startsWith(code) ? 0 : name === needle ? 1 : name.startsWith(needle) ? 2 : needle && name.includes(needle) ? 3 : -1;
      if (rank >= 0) ranked.push({ unit, rank });
    });
    const population = (unit: IndexedUnit) => unit.values.population ?? 0;
    return ranked.sort((a, b) => a.rank - b.rank || population(b.unit) - population(a.unit) || a.unit.name.localeCompare(b.unit.name))
      .slice(0, limit).map(({ unit }) => unit);
  }

  /** The units of a kind inside or across the area, the most covered first. */
  divisions(area: Polygon | MultiPolygon, kind: AdministrativeKind): { unit: IndexedUnit; share: number }[] {
    const prepared = prepareArea(area);
    return this.overlaps(prepared, kind)
      .map(({ unit, share }) => ({ unit, share }))
      .sort((a, b) => b.share - a.share || a.unit.name.localeCompare(b.unit.name));
  }

  /** Census figures of an area for the given measures (see census-figures.ts for the rules). */
  measures(area: Polygon | MultiPolygon, measureKeys: readonly string[]): MeasureFigure[] {
    const prepared = prepareArea(area);
    const wanted = new Set(measureKeys);
    const overlaps: UnitOverlap[] = [];
    for (const [kind, index] of this.kindIndexes) {
      if ([...index.measures].some((key) => wanted.has(key))) overlaps.push(...this.overlaps(prepared, kind));
    }
    return censusFigures(prepared.area, overlaps, measureKeys, {
      hasFinerData: (unit, key) => this.finerData.get(`${unit.kind}|${unit.code}`)?.has(key) ?? false,
      hasNationalData: (country, key) => this.nationalData.has(`${country}|${key}`),
    });
  }

  private overlaps(area: PreparedArea, kind: AdministrativeKind): UnitOverlap[] {
    const index = this.kindIndexes.get(kind);
    if (!index) return [];
    const [minX, minY, maxX, maxY] = area.bbox;
    const found: UnitOverlap[] = [];
    for (const i of index.spatial.search(minX, minY, maxX, maxY)) {
      const unit = index.units[i]!;
      const overlap = unitOverlap(area, unit.geometry, unit);
      if (overlap) found.push({ unit, ...overlap });
    }
    return found;
  }

  /**
   * A unit of a nesting kind without a parent code gets the parent containing its label point
   * (a ZIP code its county), so its figures are not added on top of its parent's.
   */
  private linkMissingParents(): void {
    for (const [kind, index] of this.kindIndexes) {
      const parentKind = UNIT_KINDS[kind].parentKind;
      const parents = parentKind ? this.kindIndexes.get(parentKind) : undefined;
      if (!parents || parents.units.every((unit) => unit.geometry.type === 'Point')) continue;
      for (const unit of index.units) {
        if (unit.parentCode) continue;
        const [x, y] = labelPosition(unit.geometry) as [number, number];
        for (const i of parents.spatial.search(x, y, x, y)) {
          const parent = parents.units[i]!;
          if (parent.geometry.type !== 'Point' && polygonsOf(parent.geometry).some((rings) => insidePolygon(x, y, rings))) {
            unit.parentCode = parent.code;
            break;
          }
        }
      }
    }
  }

  private collectDataPrecedence(): void {
    for (const [kind, index] of this.kindIndexes) {
      const national = UNIT_KINDS[kind].country !== 'ww';
      for (const unit of index.units) {
        const keys = Object.keys(unit.values);
        if (keys.length === 0) continue;
        if (national) for (const key of keys) this.nationalData.add(`${unit.country}|${key}`);
        // Every ancestor of a unit with data is represented, for those measures, by its finer units.
        const seen = new Set<string>();
        for (let parent = this.parentOf(unit); parent; parent = this.parentOf(parent)) {
          const id = `${parent.kind}|${parent.code}`;
          if (seen.has(id)) break;
          seen.add(id);
          const finer = this.finerData.get(id) ?? new Set<string>();
          for (const key of keys) finer.add(key);
          this.finerData.set(id, finer);
        }
      }
    }
  }
}

function indexedUnit(record: TerritoryUnitRecord, source: string): IndexedUnit {
  const { geometry } = record;
  return {
    kind: record.kind,
    code: record.code,
    name: record.name,
    country: record.country,
    ...(record.parentCode ? { parentCode: record.parentCode } : {}),
    ...(record.related ? { related: record.related } : {}),
    values: record.values ?? {},
    source,
    geometry,
    bbox: geometryBBox(geometry),
    area: geometry.type === 'Point' ? 0 : planarArea(geometry),
  };
}

function buildKindIndex(units: IndexedUnit[]): KindIndex {
  const spatial = new Flatbush(Math.max(1, units.length));
  for (const { bbox } of units) spatial.add(bbox[0], bbox[1], bbox[2], bbox[3]);
  if (units.length === 0) spatial.add(Infinity, Infinity, Infinity, Infinity);
  spatial.finish();
  const measures = new Set<string>();
  for (const unit of units) for (const key of Object.keys(unit.values)) measures.add(key);
  return { units, byCode: new Map(units.map((unit) => [unit.code, unit])), spatial, measures };
}
