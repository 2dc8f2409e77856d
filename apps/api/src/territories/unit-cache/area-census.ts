/**
 * The census figures of an area, computed in a compute thread from the units its cache holds for
 * the area's region (unit-region-cache.ts): the exact prepared-area kernel on every unit that has
 * one of the measures asked for, each unit's values added to the figures as it is measured
 * (geodata's MeasureSum, the rules of `censusFigures`). Units without any of them are not
 * measured: they add nothing to a sum nor to the coverage. The units are read from their cells'
 * columns (UnitColumns): a unit's own object only when it is clipped, or when its figures do not
 * always count. Nothing is allocated per unit.
 */
import type { AdministrativeKind, AreaGeometry } from '@catchment/domain';
import { boundaryIntersectionArea, boxPlacement, CellState, containsPoint, MeasureSum, overlapShare, prepareArea, unitCounts, type DataPrecedence, type FlatPolygons, type MeasureFigure } from '@catchment/geodata';
import { UnitFlag, type CachedUnit, type UnitColumns, type UnitRegionCache } from './unit-region-cache.js';

export interface CensusRequest {
  /** The data version the figures are for (the cache forgets older data). */
  version: number;
  kinds: AdministrativeKind[];
  keys: string[];
  /** `country|measure` for every measure a national kind has. */
  nationalData: string[];
}

export async function areaCensusFigures(cache: UnitRegionCache, area: AreaGeometry | FlatPolygons, request: CensusRequest): Promise<MeasureFigure[]> {
  const prepared = prepareArea(area);
  const { cells, entries, count } = await cache.unitColumnsMeeting(prepared.bbox, request.version, request);
  // Indexes looked up once the region is read: a measure new to the cache has one only then.
  const sums = request.keys.map((key) => new MeasureSum(key));
  const values = Int32Array.from(request.keys, (key) => cache.measureIndex(key));
  const weights = Int32Array.from(sums, (sum) => (sum.weightKey ? cache.measureIndex(sum.weightKey) : -1));
  const national = new Set(request.nationalData);
  const precedence: DataPrecedence<CachedUnit> = {
    hasFinerData: (unit, key) => unit.finer?.includes(key) ?? false,
    hasNationalData: (country, key) => national.has(`${country}|${key}`),
  };
  // The units' columns alone tell most of them (wholly inside or outside the area); a unit's own
  // object is read to clip it, or for the rules of a unit whose figures do not always count.
  for (let k = 0; k < count; k += 1) {
    const columns = cells[entries[2 * k]!]!;
    const i = entries[2 * k + 1]!;
    const { boxes } = columns;
    const flags = columns.flags[i]!;
    const polygon = (flags & UnitFlag.Polygon) !== 0;
    let share = 0;
    let overlapArea = 0;
    if (polygon) {
      const unitArea = columns.areas[i]!;
      const placement = boxPlacement(prepared, boxes[i * 4]!, boxes[i * 4 + 1]!, boxes[i * 4 + 2]!, boxes[i * 4 + 3]!);
      if (placement === CellState.Inside) {
        overlapArea = unitArea;
      } else if (placement === CellState.Boundary) {
        const unit = columns.units[i]!;
        overlapArea = boundaryIntersectionArea(prepared, unit.polygons!, unit.bbox, unitArea);
      }
      share = overlapShare(overlapArea, unitArea);
    } else if (containsPoint(prepared, boxes[i * 4]!, boxes[i * 4 + 1]!)) {
      share = 1;
    }
    if (share === 0) continue;
    // Most units (not of a worldwide kind, no finer unit with figures) count for every measure.
    const alwaysCounts = (flags & UnitFlag.AlwaysCounts) !== 0;
    for (let m = 0; m < sums.length; m += 1) {
      const sum = sums[m]!;
      const value = valueAt(columns, i, values[m]!);
      if (Number.isNaN(value) || !(alwaysCounts || unitCounts(columns.units[i]!, sum.key, precedence))) continue;
      const weight = sum.weightKey ? valueAt(columns, i, weights[m]!) : 0;
      if (Number.isNaN(weight)) continue;
      sum.add(columns.kinds[i]!, polygon, value, weight, share, overlapArea);
    }
  }
  return sums.map((sum) => sum.figure(prepared.area));
}

/** Unit i's value in its cell's columns by the cache's index of measures; NaN when it has none (index -1: no unit has it). */
const valueAt = ({ values, width }: UnitColumns, i: number, index: number) => (index >= 0 && index < width ? values[i * width + index]! : Number.NaN);
