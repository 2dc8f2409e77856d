/**
 * How many of a search's businesses each area holds: the API side. The counting runs in a compute
 * thread (area-poi-count.ts) from the points the thread keeps for the search's region, so that a
 * large count never holds the event loop and the database is read once per search and region.
 * When the work is provably tiny (inline-count-rule.ts: a few points in a few cells, a polygon of
 * few vertices, no establishment placed by its IRIS) the count is done here instead, from the
 * small cells a thread shared on an earlier count: the round trip to the thread would cost more
 * than the count. Both ways count the same points with the same test (point-cell.ts), and both
 * read the data versions first (count-versions-cache.ts: from the database, or kept until a change
 * is announced), so that neither counts from points another process has since replaced.
 */
import type { Kysely } from 'kysely';
import type { AreaGeometry } from '@catchment/domain';
import { preparePointArea, type BBox } from '@catchment/geodata';
import type { ComputePool } from '../../compute/compute-pool.js';
import type { Database } from '../../db/schema.js';
import type { PoiCount, SharedPoiCell } from './area-poi-count.js';
import { CountVersionsCache } from './count-versions-cache.js';
import { INLINE_COUNT_LIMITS, INLINE_REFUSALS, inlineCountVerdict, inlineCountWork } from './inline-count-rule.js';
import { PoiCellStore } from './poi-cell-store.js';
import { poiFilterKey, type PoiFilter } from './poi-filter.js';
import { countPointsInCells } from './point-cell.js';

export type { PoiCount } from './area-poi-count.js';

/** 4 MB: the small cells of a few hundred searches in use (at most 80 kB of points each, and 4 kB of buckets per cell). */
const HELD_POI_BYTES = 4 * 1024 * 1024;

const NO_IRIS: ReadonlyMap<string, number> = new Map();

export class PoiCounts {
  private readonly held = new PoiCellStore(HELD_POI_BYTES);
  private readonly limits = INLINE_COUNT_LIMITS;
  /** How many counts were made here and how many in a thread (for the tests and the bench). */
  readonly made = { inline: 0, inThreads: 0 };

  private readonly versions: CountVersionsCache;

  /** `versions`: the process's cache of the data versions; without one, they are read at every count. */
  constructor(db: Kysely<Database>, private readonly compute: ComputePool, versions?: CountVersionsCache) {
    this.versions = versions ?? new CountVersionsCache(db);
  }

  async count(filter: PoiFilter, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    if (polygons.length === 0) return [];
    const versions = await this.versions.read();
    const key = poiFilterKey(filter);
    const iris = this.held.irisCounts(key, versions.poiVersion);
    const pointsHeld = (bbox: BBox) => this.held.cellsMeeting(key, bbox, versions.poiVersion)?.reduce((sum, cell) => sum + cell.xs.length, 0);
    const verdict = inlineCountVerdict(inlineCountWork(polygons, iris && iris.size > 0, pointsHeld, this.limits), this.limits);
    if (verdict.inline) {
      this.made.inline += 1;
      return polygons.map((geometry) => this.countHeld(key, geometry, versions.poiVersion));
    }
    this.made.inThreads += 1;
    // What this process lacks, a thread may share; what is too much stays with the threads.
    const share = verdict.reason === INLINE_REFUSALS.notHeld || verdict.reason === INLINE_REFUSALS.irisUnknown;
    const answer = await this.compute.poiCounts(polygons, { filter, ...versions, ...(share ? { share: { maxCells: this.limits.maxCells, maxPoints: this.limits.maxPoints } } : {}) });
    if (answer.shared) this.keep(key, answer.shared, versions.poiVersion);
    return answer.counts;
  }

  /** One area counted from the cells held (the verdict said they all are). */
  private countHeld(key: string, geometry: AreaGeometry, version: number): PoiCount {
    const area = preparePointArea(geometry);
    return { count: countPointsInCells(area, this.held.cellsMeeting(key, area.bbox, version)!), estimated: false };
  }

  /** A thread shares cells only of a search without establishments placed by their IRIS. */
  private keep(key: string, shared: readonly SharedPoiCell[], version: number): void {
    this.held.setIrisCounts(key, NO_IRIS, version);
    for (const { cell, points } of shared) this.held.setCell(key, cell, points, version);
  }
}
