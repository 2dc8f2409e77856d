/**
 * The census figures of an area, computed in a compute thread from the units its cache holds for
 * the area's region (unit-region-cache.ts): the exact prepared-area kernel on every unit that has
 * one of the measures asked for, each unit's values added to the figures as it is measured
 * (geodata's MeasureSum, the rules of `censusFigures`). Units without any of them are not
 * measured: they add nothing to a sum nor to the coverage. Nothing is allocated per unit.
 */
import type { AdministrativeKind, AreaGeometry } from '@catchment/domain';
import { containsPoint, intersectionArea, MeasureSum, overlapShare, prepareArea, unitCounts, type DataPrecedence, type FlatPolygons, type MeasureFigure } from '@catchment/geodata';
import type { CachedUnit, UnitRegionCache } from './unit-region-cache.js';

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
  const units = await cache.unitsMeeting(prepared.bbox, request.version, request);
  // Indexes looked up once the region is read: a measure new to the cache has one only then.
  const sums = request.keys.map((key) => new MeasureSum(key));
  const values = Int32Array.from(request.keys, (key) => cache.measureIndex(key));
  const weights = Int32Array.from(sums, (sum) => (sum.weightKey ? cache.measureIndex(sum.weightKey) : -1));
  const national = new Set(request.nationalData);
  const precedence: DataPrecedence<CachedUnit> = {
    hasFinerData: (unit, key) => unit.finer?.includes(key) ?? false,
    hasNationalData: (country, key) => national.has(`${country}|${key}`),
  };
  for (const unit of units) {
    let share = 0;
    let overlapArea = 0;
    if (unit.polygons) {
      overlapArea = intersectionArea(prepared, unit.polygons, unit.bbox, unit.planarArea);
      share = overlapShare(overlapArea, unit.planarArea);
    } else if (containsPoint(prepared, unit.bbox[0], unit.bbox[1])) {
      share = 1;
    }
    if (share === 0) continue;
    // Most units (not of a worldwide kind, no finer unit with figures) count for every measure.
    const alwaysCounts = !unit.worldwide && unit.finer === null;
    for (let k = 0; k < sums.length; k += 1) {
      const sum = sums[k]!;
      const value = valueAt(unit.measures, values[k]!);
      if (Number.isNaN(value) || !(alwaysCounts || unitCounts(unit, sum.key, precedence))) continue;
      const weight = sum.weightKey ? valueAt(unit.measures, weights[k]!) : 0;
      if (Number.isNaN(weight)) continue;
      sum.add(unit.kind, unit.polygons !== null, value, weight, share, overlapArea);
    }
  }
  return sums.map((sum) => sum.figure(prepared.area));
}

/** A unit's value by the cache's index of measures; NaN when it has none (index -1: no unit has it). */
const valueAt = (measures: Float64Array, index: number) => (index >= 0 && index < measures.length ? measures[index]! : Number.NaN);
