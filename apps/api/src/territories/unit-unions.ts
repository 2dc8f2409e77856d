/**
 * Unions of territorial units (the administrative mode's preview and its areas), computed in the
 * compute threads and cached: a union of thousands of counties takes seconds of CPU, so it must
 * never run on the event loop, never twice for the same selection, and never unbounded.
 *
 * The cache key is the kind and the sorted, distinct codes, under the data version: the same
 * selection in another order is the same union, and a new import is never hidden by the cache.
 * The cache is in the database, so the union a user previewed on one API process is the one the
 * area gets on another, computed once; this process keeps the most recent ones at hand too.
 * Requests for a union already being computed here wait for it instead of starting another.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { countVertices, DomainError, type AdministrativeKind, type AreaGeometry } from '@catchment/domain';
import type { Database } from '../db/schema.js';
import type { TerritoryData } from './data/territory-data.js';
import { RecentCache } from '../cache/recent-cache.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { areaCannotBeCalculated } from '../maps/area-geometry.js';
import { SharedComputation } from '../compute/shared-computation.js';

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
  private readonly running = new Map<string, SharedComputation<AreaGeometry>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly data: TerritoryData,
    private readonly compute: ComputePool,
    private readonly maxInputVertices = UNION_INPUT_VERTICES_MAX,
  ) {}

  /**
   * The union of the boundaries of units of a kind; 422 with the reason when a unit is unknown, only
   * a point, or too many points. `gone`: the asker went away (a preview the user moved on from);
   * once everyone asking for this union has gone, its computation is stopped.
   */
  async union(unitKind: AdministrativeKind, unitCodes: readonly string[], gone?: AbortSignal): Promise<AreaGeometry> {
    const codes = [...new Set(unitCodes)].sort();
    const version = await this.data.units.dataVersion();
    const key = createHash('sha256').update(`${unitKind}|${codes.join(',')}`).digest('base64url');
    const local = `${version}|${key}`;
    const cached = this.cache.get(local);
    if (cached) return cached;
    let running = this.running.get(local);
    if (!running) {
      const computation = new SharedComputation<AreaGeometry>((cancel) => this.sharedOrComputed(unitKind, codes, key, version, cancel).then((union) => {
        this.cache.set(local, union);
        return union;
      }));
      computation.settled.finally(() => this.running.delete(local)).catch(() => {});
      this.running.set(local, computation);
      running = computation;
    }
    return running.join(gone);
  }

  /** Unions being computed in this process now. */
  get computing(): number {
    return this.running.size;
  }

  /** Resolves once every union being computed now has finished or stopped (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((computation) => computation.settled));
  }

  private async sharedOrComputed(unitKind: AdministrativeKind, codes: string[], key: string, version: number, cancel: AbortSignal): Promise<AreaGeometry> {
    const shared = await sql<{ geometry: AreaGeometry }>`
      SELECT geometry FROM territory_union_cache WHERE key = ${key} AND data_version = ${version}`.execute(this.db);
    if (shared.rows[0]) return shared.rows[0].geometry;
    const union = await this.compute.unionOfGeoJson(await this.boundaries(unitKind, codes), cancel);
    if (!union) throw areaCannotBeCalculated();
    await sql`
      INSERT INTO territory_union_cache (key, data_version, geometry) VALUES (${key}, ${version}, ${JSON.stringify(union)}::jsonb)
      ON CONFLICT DO NOTHING`.execute(this.db);
    return union;
  }

  /** The units' boundaries (GeoJSON text, parsed in the compute thread), checked: known, polygons, within the bound. */
  private async boundaries(unitKind: AdministrativeKind, codes: string[]): Promise<string[]> {
    if (!(await this.data.loadedKinds()).has(unitKind)) {
      throw new DomainError('unitKindNotLoaded', {
        details: { unitKind },
        operatorHint: `No ${unitKind} units are loaded: npm run data -- sources lists the importers of official data`,
      });
    }
    const found = new Map((await this.data.units.unitsByCode(unitKind, codes)).map((unit) => [unit.code, unit]));
    const units = codes.map((code) => ({ code, unit: found.get(code) }));
    const missing = units.filter(({ unit }) => !unit).map(({ code }) => code);
    if (missing.length > 0) {
      throw new DomainError('unitsNotFound', { details: { unitKind, codes: missing.slice(0, LISTED_CODES_MAX) } });
    }
    const pointsOnly = units.filter(({ unit }) => unit!.isPoint).map(({ code }) => code);
    if (pointsOnly.length > 0) {
      const source = IMPORTER_OF_KIND[unitKind];
      throw new DomainError('unitsWithoutBoundary', {
        details: { unitKind, codes: pointsOnly.slice(0, LISTED_CODES_MAX) },
        operatorHint: `${unitKind} units are loaded as points only: import their boundaries to build areas from them `
          + (source ? `(npm run data -- import ${source} <files>)` : '(npm run data -- sources lists the importers)'),
      });
    }
    const vertices = units.reduce((sum, { unit }) => sum + unit!.points, 0);
    if (vertices > this.maxInputVertices) {
      throw new DomainError('unionTooLarge', { details: { unitKind, units: codes.length } });
    }
    return units.map(({ unit }) => unit!.geometry);
  }
}
