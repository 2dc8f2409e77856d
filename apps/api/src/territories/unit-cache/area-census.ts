/**
 * The census figures of an area, computed in a compute thread from the units its cache holds for
 * the area's region (unit-region-cache.ts): the exact prepared-area kernel on every unit that has
 * one of the measures asked for, then `censusFigures`. Units without any of them are not measured:
 * they add nothing to a sum nor to the coverage.
 */
import type { AdministrativeKind, AreaGeometry } from '@catchment/domain';
import { censusFigures, geometryBBox, planarArea, prepareArea, unitOverlap, type FigureOverlap, type MeasureFigure } from '@catchment/geodata';
import type { CachedUnit, UnitRegionCache } from './unit-region-cache.js';

export interface CensusRequest {
  /** The data version the figures are for (the cache forgets older data). */
  version: number;
  kinds: AdministrativeKind[];
  keys: string[];
  /** `country|measure` for every measure a national kind has. */
  nationalData: string[];
}

export async function areaCensusFigures(cache: UnitRegionCache, area: AreaGeometry, request: CensusRequest): Promise<MeasureFigure[]> {
  const kinds = new Set(request.kinds);
  const national = new Set(request.nationalData);
  const prepared = prepareArea(area);
  const overlaps: FigureOverlap<CachedUnit>[] = [];
  for (const unit of await cache.unitsMeeting(geometryBBox(area), request.version)) {
    if (!kinds.has(unit.kind) || !request.keys.some((key) => unit.values[key] !== undefined)) continue;
    const overlap = unitOverlap(prepared, unit.geometry, { bbox: unit.bbox, area: unit.planarArea });
    if (overlap) overlaps.push({ unit, ...overlap });
  }
  return censusFigures(planarArea(area), overlaps, request.keys, {
    hasFinerData: (unit, key) => unit.finer?.includes(key) ?? false,
    hasNationalData: (country, key) => national.has(`${country}|${key}`),
  });
}
