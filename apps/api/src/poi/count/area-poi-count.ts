/**
 * How many of a search's businesses each area holds, computed in a compute thread from its caches:
 * positioned points counted exactly (point-cell.ts: whole buckets inside the area at once, the
 * exact test on the boundary's), and establishments placed by their IRIS only weighed by the share
 * of their IRIS's surface inside the area (the prepared-area kernel on the IRIS of the thread's
 * unit cache, as census figures are), which makes the figure an estimate.
 */
import type { AreaGeometry, SearchFilter } from '@catchment/domain';
import { intersectionArea, prepareArea, type PreparedArea } from '@catchment/geodata';
import type { UnitRegionCache } from '../../territories/unit-cache/unit-region-cache.js';
import type { PoiCellCache } from './poi-cell-cache.js';
import { countPointsIn } from './point-cell.js';
import { poiFilterKey } from './poi-filter.js';

export interface PoiCount {
  count: number;
  /** Establishments placed by their IRIS contributed: the count is an estimate. */
  estimated: boolean;
}

export interface PoiCountRequest {
  filter: SearchFilter;
  /** The POI data version the counts are for (the cache forgets older points). */
  poiVersion: number;
  /** The territorial data version (the IRIS boundaries the estimates weigh by). */
  territoryVersion: number;
}

export async function areaPoiCounts(
  caches: { points: PoiCellCache; units: () => UnitRegionCache },
  areas: readonly AreaGeometry[],
  request: PoiCountRequest,
): Promise<PoiCount[]> {
  const key = poiFilterKey(request.filter);
  const byIris = await caches.points.irisCounts(request.filter, key, request.poiVersion);
  const results: PoiCount[] = [];
  for (const geometry of areas) {
    const area = prepareArea(geometry);
    let positioned = 0;
    for (const cell of await caches.points.cellsMeeting(request.filter, key, area.bbox, request.poiVersion)) positioned += countPointsIn(area, cell);
    const estimate = byIris.size > 0 ? await irisEstimate(caches.units(), area, byIris, request.territoryVersion) : 0;
    results.push({ count: positioned + Math.round(estimate), estimated: estimate > 0 });
  }
  return results;
}

/** Σ establishments × the share of their IRIS inside the area (PostGIS's ST_Area(ST_Intersection(u, a)) / ST_Area(u)). */
async function irisEstimate(units: UnitRegionCache, area: PreparedArea, byIris: ReadonlyMap<string, number>, version: number): Promise<number> {
  let total = 0;
  for (const unit of await units.unitsMeeting(area.bbox, version)) {
    if (unit.kind !== 'fr_iris' || !unit.polygons || !(unit.planarArea > 0)) continue;
    const n = byIris.get(unit.code);
    if (!n) continue;
    total += n * Math.min(1, intersectionArea(area, unit.polygons, unit.bbox, unit.planarArea) / unit.planarArea);
  }
  return total;
}
