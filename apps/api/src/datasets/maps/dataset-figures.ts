/**
 * A dataset's figures in polygons: the API side. The rows are counted and summed in a compute
 * thread (area-dataset-figures.ts) from the rows it keeps for the dataset's region; the answers are
 * kept in this process by dataset, dataset version, column and the polygon's geometry hash
 * (maps/geometry-hash.ts), so that the same areas asked again, by any viewer of any map showing the
 * dataset, cost no thread and no query; a new version of the dataset is another key. One entry holds
 * the three figures (count, sum, average): any method is answered from it.
 */
import type { AggregateMethod, AreaGeometry } from '@catchment/domain';
import { RecentCache } from '../../cache/recent-cache.js';
import type { ComputePool } from '../../compute/compute-pool.js';
import { canonicalGeometry, geometryHash } from '../../maps/geometry-hash.js';
import type { AreaFigures } from './area-figures.js';
import type { DatasetCellKey } from './dataset-cell-cache.js';

/** Answers kept: a few hundred bytes each. */
const HELD_ANSWERS = 20_000;

export class DatasetFigures {
  private readonly held = new RecentCache<AreaFigures>(HELD_ANSWERS);
  /** Polygons answered from the cache and computed in a thread (for the tests). */
  readonly made = { held: 0, computed: 0 };

  constructor(private readonly compute: ComputePool) {}

  /**
   * The figures of each polygon, in their order. Polygons are taken at 7 decimals, as areas are
   * stored and hashed: one hash, one answer.
   */
  async figures(key: DatasetCellKey, polygons: readonly AreaGeometry[]): Promise<AreaFigures[]> {
    const canonical = polygons.map(canonicalGeometry);
    const keys = canonical.map((geometry) => `${key.datasetId}@${key.version}|${key.column ?? '-'}|${geometryHash(geometry)}`);
    const figures = keys.map((entry) => this.held.get(entry));
    const missing = figures.flatMap((found, i) => (found ? [] : [i]));
    this.made.held += polygons.length - missing.length;
    if (missing.length > 0) {
      this.made.computed += missing.length;
      const answer = await this.compute.datasetFigures(missing.map((i) => canonical[i]!), key);
      missing.forEach((i, j) => {
        figures[i] = answer.figures[j]!;
        // Rows of a newer version than asked for: right for now, but not the asked version's to keep.
        if (answer.current) this.held.set(keys[i]!, answer.figures[j]!);
      });
    }
    return figures as AreaFigures[];
  }
}

export function figureOf(figures: AreaFigures, method: AggregateMethod): number | null {
  return method === 'count' ? figures.count : method === 'sum' ? figures.sum : figures.average;
}
