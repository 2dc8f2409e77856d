/**
 * How many of a search's businesses each area holds: the API side. The counting itself runs in a
 * compute thread (area-poi-count.ts) from the points the thread keeps for the search's region, so a
 * count never holds the event loop and the database is read once per search and region, not per
 * count; here only the data versions the counts are for are looked up.
 */
import type { Kysely } from 'kysely';
import type { AreaGeometry } from '@catchment/domain';
import type { ComputePool } from '../../compute/compute-pool.js';
import type { Database } from '../../db/schema.js';
import { TerritoryRepository } from '../../territories/data/territory-repository.js';
import { poiDataVersion } from '../data/poi-loader.js';
import type { PoiCount } from './area-poi-count.js';
import type { PoiFilter } from './poi-filter.js';

export type { PoiCount } from './area-poi-count.js';

export class PoiCounts {
  private readonly territories: TerritoryRepository;

  constructor(private readonly db: Kysely<Database>, private readonly compute: ComputePool) {
    this.territories = new TerritoryRepository(db);
  }

  async count(filter: PoiFilter, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    if (polygons.length === 0) return [];
    const [poiVersion, territoryVersion] = await Promise.all([poiDataVersion(this.db), this.territories.dataVersion()]);
    return this.compute.poiCounts(polygons, { filter, poiVersion, territoryVersion });
  }
}
