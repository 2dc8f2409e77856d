/**
 * Heatmaps (SPEC §2, §3, §7): a legend computed from the values of every unit of the kind in the
 * country (class breaks in a compute thread: ckmeans holds a core for a fifth of a second on the
 * communes of France), and vector tiles whose features carry each unit's value, both stored under
 * the version of the values for every API process. Each build runs under the heatmap time limit.
 */
import type { Kysely } from 'kysely';
import { HEATMAP_TILE_LAYER, HEATMAP_VALUE_PROPERTY, outlineMinZoom, type HeatmapLegend } from '@catchment/domain';
import { isValidUnitTile } from '@catchment/geodata';
import type { ComputePool } from '../compute/compute-pool.js';
import { SharedComputation } from '../compute/shared-computation.js';
import type { Database } from '../db/schema.js';
import { unitTileRows } from '../territories/data/unit-tile-rows.js';
import type { HeatmapsRepository } from './heatmaps.repository.js';
import type { HeatmapTimeLimit } from './heatmap-time-limit.js';
import { unitCountryOf, type HeatmapRequest, type HeatmapValueSource, type HeatmapValueSources } from './heatmap-value-source.js';

export interface BuiltHeatmapTile { tile: Uint8Array | null; version: string }

export class HeatmapsService {
  /** Legends being built, by cache key and version: who asks meanwhile waits for the same one. */
  private readonly building = new Map<string, SharedComputation<HeatmapLegend>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: HeatmapsRepository,
    private readonly sources: HeatmapValueSources,
    private readonly compute: ComputePool,
    private readonly timeLimit: HeatmapTimeLimit,
  ) {}

  /** The request's value source (400 for an indicator without one) and the plan feature it needs. */
  sourceOf(request: HeatmapRequest): { source: HeatmapValueSource; feature: string } {
    const source = this.sources.of(request);
    return { source, feature: source.feature(request) };
  }

  /** The features reading the values' sources needs besides the heatmap's own (HeatmapValueSource.readFeatures). */
  async readFeatures(request: HeatmapRequest): Promise<string[]> {
    return (await this.sources.of(request).readFeatures?.(request)) ?? [];
  }

  async legend(request: HeatmapRequest): Promise<HeatmapLegend> {
    const source = this.sources.of(request);
    const { query } = request;
    const valuesKey = source.valuesKey(request);
    const key = `${valuesKey}:${query.classification}:${query.classes}`;
    const version = await source.version(request);
    const stored = await this.repository.legend(key, version);
    if (stored) return stored;
    const running = `${key}@${version}`;
    let computation = this.building.get(running);
    if (!computation) {
      computation = new SharedComputation((cancel) => this.timeLimit.run(async (limit) => {
        const values = await source.values(request);
        limit.check();
        const classes = await this.compute.heatmapClasses(Float64Array.from(values.values()), query.classes, query.classification, AbortSignal.any([cancel, limit.cancel]));
        limit.check();
        const legend: HeatmapLegend = {
          ...classes,
          classification: query.classification,
          densityMode: query.densityMode,
          unit: source.unit(request),
          perSquareKilometre: query.densityMode === 'density',
          country: query.country,
          adminDivision: query.adminDivision,
          minZoom: outlineMinZoom(query.adminDivision),
          version,
        };
        await this.repository.saveLegend(key, valuesKey, version, legend);
        return legend;
      }));
      this.building.set(running, computation);
      void computation.settled.catch(() => {}).finally(() => this.building.delete(running));
    }
    return computation.join();
  }

  /** The tile (null: nothing to draw, or a zoom below the kind's outlines) and the version of its values. */
  async tile(request: HeatmapRequest, z: number, x: number, y: number): Promise<BuiltHeatmapTile> {
    const source = this.sources.of(request);
    const { query } = request;
    const version = await source.version(request);
    if (!isValidUnitTile(z, x, y) || z < outlineMinZoom(query.adminDivision)) return { tile: null, version };
    const valuesKey = source.valuesKey(request);
    const stored = await this.repository.tile(valuesKey, version, z, x, y);
    if (stored) return { tile: stored.tile, version };
    const tile = await this.timeLimit.run(async (limit) => {
      const rows = await unitTileRows(this.db, query.adminDivision, z, x, y, unitCountryOf(query));
      limit.check();
      const values = rows.length > 0 ? await source.values(request, rows.map((row) => row.code)) : new Map<string, number>();
      limit.check();
      // A unit without a value stays in the tile without `value`: the map draws it as no data.
      const units = rows.map((row) => {
        const value = values.get(row.code);
        return value === undefined ? row : { ...row, properties: { [HEATMAP_VALUE_PROPERTY]: value } };
      });
      const built = await this.compute.unitTile(z, x, y, units, { labels: false, layer: HEATMAP_TILE_LAYER }, limit.cancel);
      limit.check();
      await this.repository.saveTile(valuesKey, version, z, x, y, built);
      return built;
    });
    return { tile, version };
  }
}
