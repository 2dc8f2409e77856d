/**
 * How many of a search's businesses each area holds, computed in a compute thread from its caches:
 * positioned points counted exactly (point-cell.ts: whole buckets inside the area at once, the
 * exact test on the boundary's), and establishments placed by their IRIS only weighed by the share
 * of their IRIS's surface inside the area (the prepared-area kernel on the IRIS of the thread's
 * unit cache, as census figures are), which makes the figure an estimate. Asked to, it sends back
 * the search's points in the cells the areas met when they are few, and the search has no
 * establishment placed by its IRIS: the API process then counts the next areas there itself
 * (poi-counts.ts), sparing the round trip.
 */
import type { AreaGeometry, SearchFilter } from '@catchment/domain';
import { intersectionArea, prepareArea, preparePointArea, type PreparedArea } from '@catchment/geodata';
import { cellsOf, type Cell } from '../../territories/unit-cache/cell-grid.js';
import type { UnitRegionCache } from '../../territories/unit-cache/unit-region-cache.js';
import type { PoiCellCache } from './poi-cell-cache.js';
import { countPointsInCells, type PointCell } from './point-cell.js';
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
  /**
   * Send back the search's points in the cells the areas meet when they are this few, so that the
   * API process counts the next areas there itself (poi-counts.ts, inline-count-rule.ts).
   */
  share?: { maxCells: number; maxPoints: number };
}

/** A cell's points as a thread shares them (copied: the thread keeps its own). */
export interface SharedPoiCell { cell: Cell; points: PointCell }

export interface PoiCountAnswer {
  counts: PoiCount[];
  /**
   * The cells the areas met, when asked and within the bounds asked; only for a search without
   * establishments placed by their IRIS (those need the IRIS boundaries the thread holds).
   */
  shared?: SharedPoiCell[];
}

export async function areaPoiCounts(
  caches: { points: PoiCellCache; units: () => UnitRegionCache },
  areas: readonly AreaGeometry[],
  request: PoiCountRequest,
): Promise<PoiCountAnswer> {
  const key = poiFilterKey(request.filter);
  const byIris = await caches.points.irisCounts(request.filter, key, request.poiVersion);
  const met = new Map<string, SharedPoiCell>();
  const counts: PoiCount[] = [];
  for (const geometry of areas) {
    // Counting points needs no convex pieces: the whole preparation only where IRIS are weighed.
    const whole = byIris.size > 0 ? prepareArea(geometry) : undefined;
    const area = whole ?? preparePointArea(geometry);
    const cells = await caches.points.cellsMeeting(request.filter, key, area.bbox, request.poiVersion);
    if (request.share) cellsOf(area.bbox).forEach((cell, i) => met.set(cell.key, { cell, points: cells[i]! }));
    const positioned = countPointsInCells(area, cells);
    const estimate = whole ? await irisEstimate(caches.units(), whole, byIris, request.territoryVersion) : 0;
    counts.push({ count: positioned + Math.round(estimate), estimated: estimate > 0 });
  }
  return { counts, ...(request.share && byIris.size === 0 ? shareable([...met.values()], request.share) : {}) };
}

/** The cells, when within the bounds. */
function shareable(cells: SharedPoiCell[], bounds: { maxCells: number; maxPoints: number }): { shared?: SharedPoiCell[] } {
  if (cells.length > bounds.maxCells) return {};
  const points = cells.reduce((sum, { points: cell }) => sum + cell.xs.length, 0);
  return points <= bounds.maxPoints ? { shared: cells } : {};
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
