/** SQL of the business searches saved on maps (poi_searches) and of the version of each map's list. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PoiSearchesTable } from '../../db/schema.js';

export type SearchRow = Selectable<PoiSearchesTable>;

export interface SearchFields {
  datasetName: string;
  categories: string[];
  names: string[];
  nafCodes: string[];
  headcounts: string[];
  label: string | null;
  color: string;
}

const columns = (fields: SearchFields) => ({
  dataset_name: fields.datasetName,
  categories: fields.categories,
  names: fields.names,
  naf_codes: fields.nafCodes,
  headcounts: fields.headcounts,
  label: fields.label,
  color: fields.color,
});

export class SearchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A map's searches in list order. */
  list(mapId: number): Promise<SearchRow[]> {
    return this.db.selectFrom('poi_searches').selectAll().where('map_id', '=', mapId).orderBy('position').orderBy('id').execute();
  }

  find(mapId: number, searchId: number): Promise<SearchRow | undefined> {
    return this.db.selectFrom('poi_searches').selectAll().where('map_id', '=', mapId).where('id', '=', searchId).executeTakeFirst();
  }

  /** How many searches a user has created, on any map (the free plan allows the first only). */
  async countCreatedBy(clientId: number): Promise<number> {
    const row = await this.db.selectFrom('poi_searches').select((eb) => eb.fn.countAll<string>().as('n')).where('created_by', '=', clientId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(mapId: number, createdBy: number, fields: SearchFields, position: number): Promise<SearchRow> {
    return this.db.insertInto('poi_searches').values({ map_id: mapId, created_by: createdBy, position, ...columns(fields) }).returningAll().executeTakeFirstOrThrow();
  }

  update(searchId: number, fields: SearchFields): Promise<SearchRow> {
    return this.db.updateTable('poi_searches').set({ ...columns(fields), updated_at: sql`now()` }).where('id', '=', searchId).returningAll().executeTakeFirstOrThrow();
  }

  async delete(searchId: number): Promise<void> {
    await this.db.deleteFrom('poi_searches').where('id', '=', searchId).execute();
  }

  async setPosition(searchId: number, position: number): Promise<void> {
    await this.db.updateTable('poi_searches').set({ position }).where('id', '=', searchId).execute();
  }

  /** Moves the map's searches list version on; its new value. */
  async bumpListVersion(mapId: number): Promise<number> {
    const row = await this.db.updateTable('maps').set((eb) => ({ searches_version: eb('searches_version', '+', 1) }))
      .where('id', '=', mapId).returning('searches_version').executeTakeFirstOrThrow();
    return row.searches_version;
  }

  /** The labels of the map's areas among `uuids` (an area the map does not have is missing). */
  async areaLabels(mapId: number, uuids: string[]): Promise<Map<string, string>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('areas').select(['uuid', 'label']).where('map_id', '=', mapId).where('uuid', 'in', uuids).execute();
    return new Map(rows.map((row) => [row.uuid, row.label]));
  }

  /** Whether a catalogue of that name has live items. */
  async catalogueExists(name: string): Promise<boolean> {
    const row = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM poi_datasets WHERE ${name} = ANY (catalogues)) AS found`.execute(this.db);
    return row.rows[0]?.found ?? false;
  }
}
