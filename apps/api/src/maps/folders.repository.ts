import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, FoldersTable } from '../db/schema.js';
import type { Positioned } from './positions.js';

export type FolderRow = Selectable<FoldersTable>;

export interface NewFolder { uuid: string; mapId: number; label: string; closed: boolean; active: boolean; position: number }
export interface FolderChanges { label?: string | undefined; closed?: boolean | undefined; active?: boolean | undefined }

export class FoldersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The map's folders in display order. */
  listByMap(mapId: number): Promise<FolderRow[]> {
    return this.db.selectFrom('folders').selectAll().where('map_id', '=', mapId).orderBy('position').orderBy('uuid').execute();
  }

  /** A folder whatever its map (folder uuids are unique across maps). */
  find(uuid: string): Promise<FolderRow | undefined> {
    return this.db.selectFrom('folders').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  async positions(mapId: number): Promise<Positioned[]> {
    const rows = await this.db.selectFrom('folders').select(['uuid', 'position'])
      .where('map_id', '=', mapId).orderBy('position').orderBy('uuid').execute();
    return rows.map((row) => ({ id: row.uuid, position: row.position }));
  }

  /** Inserts a folder; undefined when the uuid is already used (by any map). */
  insert(folder: NewFolder): Promise<FolderRow | undefined> {
    return this.db.insertInto('folders')
      .values({ uuid: folder.uuid, map_id: folder.mapId, label: folder.label, closed: folder.closed, active: folder.active, position: folder.position })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(uuid: string, changes: FolderChanges): Promise<FolderRow> {
    const values = {
      ...(changes.label !== undefined ? { label: changes.label } : {}),
      ...(changes.closed !== undefined ? { closed: changes.closed } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
    };
    if (Object.keys(values).length === 0) return this.db.selectFrom('folders').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    return this.db.updateTable('folders').set(values).where('uuid', '=', uuid).returningAll().executeTakeFirstOrThrow();
  }

  /** One active layer per map: every other folder of the map becomes inactive. */
  async deactivateOthers(mapId: number, activeUuid: string): Promise<void> {
    await this.db.updateTable('folders').set({ active: false })
      .where('map_id', '=', mapId).where('uuid', '<>', activeUuid).where('active', '=', true).execute();
  }

  async setPositions(items: Positioned[]): Promise<void> {
    for (const item of items) {
      await this.db.updateTable('folders').set({ position: item.position }).where('uuid', '=', item.id).execute();
    }
  }

  /** Copies a map's folders into another map under new uuids (old → new), keeping labels, states and order. */
  async copyInto(targetMapId: number, folderUuids: Map<string, string>): Promise<void> {
    if (folderUuids.size === 0) return;
    await sql`
      INSERT INTO folders (uuid, map_id, label, closed, active, position)
      SELECT fm.new_uuid, ${targetMapId}, f.label, f.closed, f.active, f.position
      FROM folders f
      JOIN unnest(${[...folderUuids.keys()]}::uuid[], ${[...folderUuids.values()]}::uuid[]) AS fm(old_uuid, new_uuid) ON fm.old_uuid = f.uuid`
      .execute(this.db);
  }

  /** Deletes a folder; its areas go with it (ON DELETE CASCADE). */
  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('folders').where('uuid', '=', uuid).execute();
  }
}
