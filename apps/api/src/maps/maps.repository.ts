import { sql, type Kysely, type Selectable } from 'kysely';
import type { MapSort } from '@catchment/domain';
import type { Database, MapsTable } from '../db/schema.js';
import type { MapRef } from './map-ref.js';

export type MapRow = Selectable<MapsTable>;
export interface MapListRow extends MapRow { area_count: number }

export interface NewMap { accessId: string; ownerId: number; title: string; public: boolean }
export interface MapChanges { title?: string | undefined; public?: boolean | undefined; selectedUuid?: string | null | undefined }
export interface MapMemberRow { client_id: number; email: string; first_name: string; last_name: string; added_at: Date }
export interface MapListOptions { clientId: number; sortBy: MapSort; search?: string | undefined; limit: number; offset: number }

const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/** Escapes LIKE wildcards so that a search is a plain substring. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export class MapsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The map, optionally locked (SELECT … FOR UPDATE) until the surrounding transaction ends. */
  findByRef(ref: MapRef, options: { lock?: boolean } = {}): Promise<MapRow | undefined> {
    let query = this.db.selectFrom('maps').selectAll();
    query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('access_id', '=', ref.accessId);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async isMember(mapId: number, clientId: number): Promise<boolean> {
    const row = await this.db.selectFrom('map_clients').select('map_id')
      .where('map_id', '=', mapId).where('client_id', '=', clientId).executeTakeFirst();
    return row !== undefined;
  }

  /** The map's members, in the order they were added. */
  listMembers(mapId: number): Promise<MapMemberRow[]> {
    return this.members().where('map_clients.map_id', '=', mapId).orderBy('map_clients.created_at').orderBy('map_clients.client_id').execute();
  }

  findMember(mapId: number, clientId: number): Promise<MapMemberRow | undefined> {
    return this.members().where('map_clients.map_id', '=', mapId).where('map_clients.client_id', '=', clientId).executeTakeFirst();
  }

  /** Makes the user a member; false when they were one already (nothing changes). */
  async addMember(mapId: number, clientId: number): Promise<boolean> {
    const inserted = await this.db.insertInto('map_clients').values({ map_id: mapId, client_id: clientId })
      .onConflict((oc) => oc.columns(['map_id', 'client_id']).doNothing())
      .returning('client_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Ends a membership; false when the user was not a member. */
  async removeMember(mapId: number, clientId: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom('map_clients').where('map_id', '=', mapId).where('client_id', '=', clientId)
      .returning('client_id').executeTakeFirst();
    return deleted !== undefined;
  }

  private members() {
    return this.db.selectFrom('map_clients').innerJoin('clients', 'clients.id', 'map_clients.client_id')
      .select(['map_clients.client_id', 'clients.email', 'clients.first_name', 'clients.last_name', 'map_clients.created_at as added_at']);
  }

  /** Inserts a map; undefined when its accessId is already taken (the caller draws another). */
  insert(map: NewMap): Promise<MapRow | undefined> {
    return this.db.insertInto('maps')
      .values({ access_id: map.accessId, owner_id: map.ownerId, title: map.title, public: map.public })
      .onConflict((oc) => oc.column('access_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Maps the client owns or is a member of, one page of them, and how many there are in all. */
  async list(options: MapListOptions): Promise<{ rows: MapListRow[]; total: number }> {
    const visible = this.db.selectFrom('maps')
      .where((eb) => eb.or([
        eb('maps.owner_id', '=', options.clientId),
        eb.exists(eb.selectFrom('map_clients').select('map_clients.map_id')
          .whereRef('map_clients.map_id', '=', 'maps.id')
          .where('map_clients.client_id', '=', options.clientId)),
      ]))
      .$if(!!options.search, (qb) => qb.where('maps.title', 'ilike', likePattern(options.search!)));
    const direction = options.sortBy.startsWith('-') ? 'desc' : 'asc';
    const column = SORT_COLUMNS[options.sortBy.replace('-', '') as keyof typeof SORT_COLUMNS];
    const [rows, count] = await Promise.all([
      visible.selectAll('maps')
        .select((eb) => eb.selectFrom('areas').select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('areas.map_id', '=', 'maps.id').as('area_count'))
        .orderBy(`maps.${column}`, direction).orderBy('maps.id', direction)
        .limit(options.limit).offset(options.offset)
        .execute(),
      visible.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((row) => ({ ...row, area_count: Number(row.area_count ?? 0) })), total: Number(count.total) };
  }

  async update(mapId: number, changes: MapChanges): Promise<void> {
    const values = {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.public !== undefined ? { public: changes.public } : {}),
      ...(changes.selectedUuid !== undefined ? { selected_uuid: changes.selectedUuid } : {}),
    };
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('maps').set(values).where('id', '=', mapId).execute();
  }

  /** Records a write: the next version and the modification date. */
  bumpVersion(mapId: number): Promise<MapRow> {
    return this.db.updateTable('maps')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql<Date>`now()` }))
      .where('id', '=', mapId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(mapId: number): Promise<void> {
    await this.db.updateTable('clients').set({ last_accessed_map_id: null }).where('last_accessed_map_id', '=', mapId).execute();
    await this.db.deleteFrom('maps').where('id', '=', mapId).execute();
  }
}
