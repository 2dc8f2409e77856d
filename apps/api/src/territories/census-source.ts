/**
 * The census measure source: the measures of the catalogue (by dataset path) for the area's
 * country, apportioned over the territorial units it covers (read from the database and measured
 * in a compute thread, which keeps the units of the regions in use: unit-cache/). Figures are
 * cached in the database by the area's geometry hash and the data version, so every API process
 * shares them, the panel re-opening an unchanged area costs one lookup, and a new import is never
 * hidden by the cache.
 */
import { sql, type Kysely } from 'kysely';
import { measuresOfCountry, type Country } from '@catchment/domain';
import type { ComputePool } from '../compute/compute-pool.js';
import type { Database } from '../db/schema.js';
import { kindsInScope, nationalDataPrevails, scopedCacheKey, type MeasureScope } from '../measures/measure-scope.js';
import type { MeasuredArea, MeasureSource, RawFigure } from '../measures/measure-source.js';
import type { TerritoryData } from './data/territory-data.js';

export class CensusSource implements MeasureSource {
  readonly type = 'census';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly data: TerritoryData,
    private readonly compute: ComputePool,
  ) {}

  measureKeys(country: Country): string[] {
    return measuresOfCountry(country).map((measure) => measure.key);
  }

  async figures(area: MeasuredArea, scope: MeasureScope): Promise<RawFigure[]> {
    const snapshot = await this.data.snapshot();
    const cacheKey = scopedCacheKey(area.hash, scope);
    const cached = await sql<{ result: RawFigure[] }>`
      SELECT result FROM territory_statistics_cache WHERE area_hash = ${cacheKey} AND data_version = ${snapshot.version}`.execute(this.db);
    // A row of another shape (written by an earlier version) is computed again.
    if (Array.isArray(cached.rows[0]?.result)) return cached.rows[0].result;
    const figures: RawFigure[] = await this.compute.censusFigures(area.geometry, {
      version: snapshot.version,
      kinds: kindsInScope(scope, snapshot.kinds.map((summary) => summary.kind)),
      keys: this.measureKeys(scope.country),
      nationalData: nationalDataPrevails(scope) ? [...snapshot.nationalData] : [],
    });
    await sql`
      INSERT INTO territory_statistics_cache (area_hash, data_version, result) VALUES (${cacheKey}, ${snapshot.version}, ${JSON.stringify(figures)}::jsonb)
      ON CONFLICT (area_hash, data_version) DO UPDATE SET result = EXCLUDED.result`.execute(this.db);
    return figures;
  }

}
