/**
 * The heatmaps' SQL: census values and surfaces per unit (from the live territorial units), and the legends and
 * tiles every API process shares (025_heatmaps.sql).
 */
import { sql, type Kysely } from 'kysely';
import type { AdministrativeKind, HeatmapDensityMode, HeatmapLegend } from '@catchment/domain';
import type { Database } from '../db/schema.js';

export interface CensusValuesQuery {
  kind: AdministrativeKind;
  /** Only this country's units; all of the kind without it. */
  country: string | undefined;
  measure: string;
  mode: HeatmapDensityMode;
  /** Only these units; all of the kind without it. */
  codes?: readonly string[];
}

export class HeatmapsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Each unit's value of a census measure, raw or per km² of its surface. Units without the
   * measure, and in density mode units known only by a point (no surface), have none.
   */
  async censusValues({ kind, country, measure, mode, codes }: CensusValuesQuery): Promise<Map<string, number>> {
    const value = sql`(u.measures->>${measure})::float8`;
    const { rows } = await sql<{ code: string; value: number }>`
      SELECT u.code, ${mode === 'density' ? sql`${value} / (u.area_m2 / 1e6)` : value} AS value
      FROM live_territory_units u
      WHERE u.kind = ${kind} AND u.measures->>${measure} IS NOT NULL
        ${country === undefined ? sql`` : sql`AND u.country = ${country}`}
        ${mode === 'density' ? sql`AND NOT u.is_point AND u.area_m2 > 0` : sql``}
        ${codes === undefined ? sql`` : sql`AND u.code = ANY(${[...codes]}::text[])`}`.execute(this.db);
    return new Map(rows.map((row) => [row.code, Number(row.value)]));
  }

  /** Each unit's surface in km², of the units with one (not those known only by a point). */
  async surfacesKm2({ kind, country, codes }: Omit<CensusValuesQuery, 'measure' | 'mode'>): Promise<Map<string, number>> {
    const { rows } = await sql<{ code: string; km2: number }>`
      SELECT u.code, u.area_m2 / 1e6 AS km2
      FROM live_territory_units u
      WHERE u.kind = ${kind} AND NOT u.is_point AND u.area_m2 > 0
        ${country === undefined ? sql`` : sql`AND u.country = ${country}`}
        ${codes === undefined ? sql`` : sql`AND u.code = ANY(${[...codes]}::text[])`}`.execute(this.db);
    return new Map(rows.map((row) => [row.code, Number(row.km2)]));
  }

  async legend(key: string, version: string): Promise<HeatmapLegend | undefined> {
    const { rows } = await sql<{ legend: HeatmapLegend }>`
      SELECT legend FROM heatmap_legends WHERE key = ${key} AND data_version = ${version}`.execute(this.db);
    return rows[0]?.legend;
  }

  /** Stores a legend; the same values' legends and tiles of other versions go (their data is gone). */
  async saveLegend(key: string, valuesKey: string, version: string, legend: HeatmapLegend): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM heatmap_legends WHERE values_key = ${valuesKey} AND data_version <> ${version}`.execute(trx);
      await sql`DELETE FROM heatmap_tiles WHERE values_key = ${valuesKey} AND data_version <> ${version}`.execute(trx);
      await sql`
        INSERT INTO heatmap_legends (key, values_key, data_version, legend) VALUES (${key}, ${valuesKey}, ${version}, ${JSON.stringify(legend)}::jsonb)
        ON CONFLICT DO NOTHING`.execute(trx);
    });
  }

  /** A stored tile: `tile` null when there is nothing to draw there; undefined when not built yet. */
  async tile(valuesKey: string, version: string, z: number, x: number, y: number): Promise<{ tile: Uint8Array | null } | undefined> {
    const { rows } = await sql<{ tile: Buffer | null }>`
      SELECT tile FROM heatmap_tiles
      WHERE values_key = ${valuesKey} AND data_version = ${version} AND z = ${z} AND x = ${x} AND y = ${y}`.execute(this.db);
    if (!rows[0]) return undefined;
    return { tile: rows[0].tile ? new Uint8Array(rows[0].tile) : null };
  }

  async saveTile(valuesKey: string, version: string, z: number, x: number, y: number, tile: Uint8Array | null): Promise<void> {
    await sql`
      INSERT INTO heatmap_tiles (values_key, data_version, z, x, y, tile) VALUES (${valuesKey}, ${version}, ${z}, ${x}, ${y}, ${tile ? Buffer.from(tile) : null})
      ON CONFLICT DO NOTHING`.execute(this.db);
  }
}
