/** SQL of the indicators of maps (map_metrics, migration 026) and of the version of each map's list. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { FormulaToken } from '@catchment/domain';
import type { Database, MapMetricsTable } from '../db/schema.js';

/** A stored indicator, its formula's tokens as they were saved (checked before every write). */
export type MetricRow = Omit<Selectable<MapMetricsTable>, 'formula'> & { formula: FormulaToken[] };

export interface MetricFields { name: string; symbol: string; formula: FormulaToken[] }

const rowOf = (row: Selectable<MapMetricsTable>): MetricRow => ({ ...row, formula: row.formula as FormulaToken[] });

export class MetricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A map's indicators in list order. */
  async list(mapId: number): Promise<MetricRow[]> {
    const rows = await this.db.selectFrom('map_metrics').selectAll().where('map_id', '=', mapId).orderBy('position').orderBy('created_at').orderBy('id').execute();
    return rows.map(rowOf);
  }

  async insert(id: string, mapId: number, createdBy: number, fields: MetricFields, position: number): Promise<MetricRow> {
    const row = await this.db.insertInto('map_metrics')
      .values({ id, map_id: mapId, created_by: createdBy, name: fields.name, symbol: fields.symbol, formula: JSON.stringify(fields.formula), position })
      .returningAll().executeTakeFirstOrThrow();
    return rowOf(row);
  }

  async update(metricId: string, fields: MetricFields): Promise<void> {
    await this.db.updateTable('map_metrics')
      .set({ name: fields.name, symbol: fields.symbol, formula: JSON.stringify(fields.formula), updated_at: sql`now()` })
      .where('id', '=', metricId).execute();
  }

  async delete(metricId: string): Promise<void> {
    await this.db.deleteFrom('map_metrics').where('id', '=', metricId).execute();
  }

  async setPosition(metricId: string, position: number): Promise<void> {
    await this.db.updateTable('map_metrics').set({ position }).where('id', '=', metricId).execute();
  }

  /** Moves the map's indicators list version on; its new value. */
  async bumpListVersion(mapId: number): Promise<number> {
    const row = await this.db.updateTable('maps').set((eb) => ({ metrics_version: eb('metrics_version', '+', 1) }))
      .where('id', '=', mapId).returning('metrics_version').executeTakeFirstOrThrow();
    return row.metrics_version;
  }
}
