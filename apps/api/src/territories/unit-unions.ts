/**
 * Unions of territorial units (the administrative mode's preview and its areas), computed in the
 * compute threads and cached: a union of thousands of counties takes seconds of CPU, so it must
 * never run on the event loop, never twice for the same selection, and never unbounded.
 *
 * The cache key is the data's generation, the kind and the sorted, distinct codes: the same
 * selection in another order is the same union, and a new import is never hidden by the cache.
 * Requests for a union already being computed wait for it instead of starting another.
 */
import { createHash } from 'node:crypto';
import { countVertices, ERROR_CODES, type AdministrativeKind, type AreaGeometry } from '@catchment/domain';
import type { TerritoryStore } from '@catchment/geodata';
import { RecentCache } from '../cache/recent-cache.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { HttpError } from '../http/errors.js';
import { areaCannotBeCalculated } from '../maps/area-geometry.js';

/** The importer (`npm run data -- import <name>`) that loads boundaries of each kind. */
const IMPORTER_OF_KIND: Partial<Record<AdministrativeKind, string>> = {
  fr_cities: 'fr-communes', fr_iris: 'fr-iris', fr_departements: 'fr-departements',
  us_states: 'us-states', us_counties: 'us-counties', us_zipcodes: 'us-zcta', gb_districts: 'gb-districts',
};

const LISTED_CODES_MAX = 10;
/**
 * Points of the selected boundaries beyond which a union is refused: every county of the United
 * States at the demo's resolution is far below, every IRIS of France at full resolution is above.
 */
export const UNION_INPUT_VERTICES_MAX = 2_000_000;
/** Points of cached unions, all entries together (a few tens of MB). */
const CACHE_VERTICES = 2_000_000;

export class UnitUnions {
  private readonly cache = new RecentCache<AreaGeometry>(CACHE_VERTICES, countVertices);
  private readonly running = new Map<string, Promise<AreaGeometry>>();

  constructor(
    private readonly territories: TerritoryStore,
    private readonly compute: ComputePool,
    private readonly maxInputVertices = UNION_INPUT_VERTICES_MAX,
  ) {}

  /** The union of the boundaries of units of a kind; 422 with the reason when a unit is unknown, only a point, or too many points. */
  async union(unitKind: AdministrativeKind, unitCodes: readonly string[]): Promise<AreaGeometry> {
    const codes = [...new Set(unitCodes)].sort();
    const key = createHash('sha256').update(`${this.territories.generation}|${unitKind}|${codes.join(',')}`).digest('base64url');
    const cached = this.cache.get(key);
    if (cached) return cached;
    const running = this.running.get(key);
    if (running) return running;
    const boundaries = this.boundaries(unitKind, codes);
    const computing = this.compute.union(boundaries).then((union) => {
      if (!union) throw areaCannotBeCalculated();
      this.cache.set(key, union);
      return union;
    }).finally(() => this.running.delete(key));
    this.running.set(key, computing);
    return computing;
  }

  /** The units' boundaries, checked: known, polygons, within the bound. Cheap lookups, on the event loop. */
  private boundaries(unitKind: AdministrativeKind, codes: string[]): AreaGeometry[] {
    const index = this.territories.index;
    if (index.units(unitKind).length === 0) {
      throw new HttpError(422, ERROR_CODES.unitKindNotLoaded, 'errors.unitKindNotLoaded', { unitKind });
    }
    const units = codes.map((code) => ({ code, unit: index.unit(unitKind, code) }));
    const missing = units.filter(({ unit }) => !unit).map(({ code }) => code);
    if (missing.length > 0) {
      throw new HttpError(422, ERROR_CODES.unitsNotFound, 'errors.unitsNotFound', { unitKind, codes: missing.slice(0, LISTED_CODES_MAX) });
    }
    const pointsOnly = units.filter(({ unit }) => unit!.geometry.type === 'Point').map(({ code }) => code);
    if (pointsOnly.length > 0) {
      throw new HttpError(422, ERROR_CODES.unitsWithoutBoundary, 'errors.unitsWithoutBoundary', {
        unitKind, codes: pointsOnly.slice(0, LISTED_CODES_MAX), source: IMPORTER_OF_KIND[unitKind] ?? 'sources',
      });
    }
    const boundaries = units.map(({ unit }) => unit!.geometry as AreaGeometry);
    const vertices = boundaries.reduce((sum, boundary) => sum + countVertices(boundary), 0);
    if (vertices > this.maxInputVertices) {
      throw new HttpError(422, ERROR_CODES.unionTooLarge, 'errors.unionTooLarge', { unitKind, units: codes.length });
    }
    return boundaries;
  }
}
