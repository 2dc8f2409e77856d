/** SQL of the datasets shown on maps (map_datasets, migration 017) and of the version of each map's list. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, MapDatasetsTable } from '../../db/schema.js';
import type { DatasetRow } from '../datasets.repository.js';

export type MapDatasetRow = Selectable<MapDatasetsTable>;

/** A map's dataset: the link and the dataset. */
export interface MapDatasetEntry { link: MapDatasetRow; dataset: DatasetRow }

export class MapDatasetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A map's datasets in list order. */
  async list(mapId: number): Promise<MapDatasetEntry[]> {
    const links = await this.db.selectFrom('map_datasets').selectAll().where('map_id', '=', mapId).orderBy('position').orderBy('id').execute();
    if (links.length === 0) return [];
    const datasets = await this.db.selectFrom('client_datasets').selectAll().where('id', 'in', links.map((link) => link.dataset_id)).execute();
    const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
    // A dataset is deleted with its links (ON DELETE CASCADE): every link has its dataset.
    return links.map((link) => ({ link, dataset: byId.get(link.dataset_id)! }));
  }

  /** The map's link to a dataset, with the dataset. */
  async find(mapId: number, datasetId: number): Promise<MapDatasetEntry | undefined> {
    const link = await this.db.selectFrom('map_datasets').selectAll().where('map_id', '=', mapId).where('dataset_id', '=', datasetId).executeTakeFirst();
    if (!link) return undefined;
    const dataset = await this.db.selectFrom('client_datasets').selectAll().where('id', '=', datasetId).executeTakeFirstOrThrow();
    return { link, dataset };
  }

  /** One of the caller's own datasets. */
  owned(clientId: number, datasetId: number): Promise<DatasetRow | undefined> {
    return this.db.selectFrom('client_datasets').selectAll().where('id', '=', datasetId).where('client_id', '=', clientId).executeTakeFirst();
  }

  insert(mapId: number, datasetId: number, addedBy: number, position: number): Promise<MapDatasetRow> {
    return this.db.insertInto('map_datasets').values({ map_id: mapId, dataset_id: datasetId, added_by: addedBy, position }).returningAll().executeTakeFirstOrThrow();
  }

  async update(linkId: number, changes: { hidden?: boolean | undefined; operationColumn?: string | null | undefined }): Promise<void> {
    await this.db.updateTable('map_datasets').set({
      ...(changes.hidden !== undefined && { hidden: changes.hidden }),
      ...(changes.operationColumn !== undefined && { operation_column: changes.operationColumn }),
      updated_at: new Date(),
    }).where('id', '=', linkId).execute();
  }

  async delete(linkId: number): Promise<void> {
    await this.db.deleteFrom('map_datasets').where('id', '=', linkId).execute();
  }

  async setPosition(linkId: number, position: number): Promise<void> {
    await this.db.updateTable('map_datasets').set({ position }).where('id', '=', linkId).execute();
  }

  /** Moves the map's datasets list version on; its new value. */
  async bumpListVersion(mapId: number): Promise<number> {
    const row = await this.db.updateTable('maps').set((eb) => ({ datasets_version: eb('datasets_version', '+', 1) }))
      .where('id', '=', mapId).returning('datasets_version').executeTakeFirstOrThrow();
    return row.datasets_version;
  }
}
