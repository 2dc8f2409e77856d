import { sql, type Kysely } from 'kysely';
import type { Area, AreaGeometry } from '@catchment/domain';
import type { Database } from '../db/schema.js';
import type { Positioned } from './positions.js';

/** An area as read from the database, with the folder it is in and its position there. */
export interface AreaRecord extends Area { folderUuid: string; position: number }

/** Where an area is: its folder and its position in it. */
export interface AreaPlace { uuid: string; folderUuid: string; position: number }

export interface NewArea {
  uuid: string;
  mapId: number;
  folderUuid: string;
  label: string;
  color: string;
  hide: boolean;
  isoMode: string;
  transportMode: string | null;
  operation: string | null;
  distance: number | null;
  duration: number | null;
  departureDate: Date | null;
  startAddress: string | null;
  startPoint: [number, number] | null;
  startPoints: [number, number][] | null;
  direction: Area['direction'];
  unitKind: string | null;
  unitCodes: string[] | null;
  /** Canonical geometry (see geometry-hash.ts) and its hash. */
  geometry: AreaGeometry;
  hash: string;
  position: number;
}

/** Fields to change; undefined leaves a field as it is, null clears it. */
export interface AreaChanges {
  label?: string | undefined;
  color?: string | undefined;
  hide?: boolean | undefined;
  startAddress?: string | null | undefined;
  isoMode?: string | undefined;
  transportMode?: string | null | undefined;
  operation?: string | null | undefined;
  startPoint?: [number, number] | null | undefined;
  startPoints?: [number, number][] | null | undefined;
  direction?: Area['direction'] | undefined;
  distance?: number | null | undefined;
  duration?: number | null | undefined;
  /** ISO 8601 with its offset. */
  departureDate?: string | null | undefined;
  geometry?: { geometry: AreaGeometry; hash: string } | undefined;
}

export interface InvalidGeometry { index: number; reason: string }

/** Output precision of geometries: that of the stored (canonical) coordinates. */
const GEOJSON_DECIMALS = 7;

const geometryFromGeoJson = (geometry: AreaGeometry) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}), 4326)`;
const startPointValue = (point: [number, number] | null) => (point ? sql`ST_SetSRID(ST_MakePoint(${point[0]}, ${point[1]}), 4326)` : null);
/** A MultiPoint keeps its points in order: the starts come back as the user listed them. */
const startPointsValue = (points: [number, number][] | null) =>
  (points ? sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify({ type: 'MultiPoint', coordinates: points })}), 4326)` : null);

function selectAreas(db: Kysely<Database>) {
  return db.selectFrom('areas').select([
    'uuid', 'folder_uuid', 'position', 'label', 'color', 'hide', 'iso_mode', 'transport_mode', 'operation',
    'distance', 'duration', 'departure_date', 'start_address', 'direction', 'unit_kind', 'unit_codes', 'hash', 'created_at', 'updated_at',
    sql<string>`ST_AsGeoJSON(geometry, ${sql.lit(GEOJSON_DECIMALS)})`.as('geometry_json'),
    sql<number | null>`ST_X(start_point)`.as('start_lng'),
    sql<number | null>`ST_Y(start_point)`.as('start_lat'),
    sql<string | null>`ST_AsGeoJSON(start_points)`.as('start_points_json'),
  ]);
}

export class AreasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every area of a map, in position order (callers group them by folder). */
  async listByMap(mapId: number): Promise<AreaRecord[]> {
    const rows = await selectAreas(this.db).where('map_id', '=', mapId).orderBy('position').orderBy('uuid').execute();
    return rows.map(toAreaRecord);
  }

  /** The given areas, in the order of `uuids`. */
  async listByUuids(uuids: string[]): Promise<AreaRecord[]> {
    if (uuids.length === 0) return [];
    const rows = await selectAreas(this.db).where('uuid', 'in', uuids).execute();
    const byUuid = new Map(rows.map((row) => [row.uuid, toAreaRecord(row)]));
    return uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
  }

  /** Where the given areas of a map are; areas of other maps are not returned. */
  async places(mapId: number, uuids: string[]): Promise<AreaPlace[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db.selectFrom('areas').select(['uuid', 'folder_uuid', 'position'])
      .where('map_id', '=', mapId).where('uuid', 'in', uuids).execute();
    return rows.map((row) => ({ uuid: row.uuid, folderUuid: row.folder_uuid, position: row.position }));
  }

  /** The areas of one folder, in order. */
  async listByFolder(folderUuid: string): Promise<AreaRecord[]> {
    const rows = await selectAreas(this.db).where('folder_uuid', '=', folderUuid).orderBy('position').orderBy('uuid').execute();
    return rows.map(toAreaRecord);
  }

  /** Where every area of a map is. */
  async placesInMap(mapId: number): Promise<AreaPlace[]> {
    const rows = await this.db.selectFrom('areas').select(['uuid', 'folder_uuid', 'position']).where('map_id', '=', mapId).execute();
    return rows.map((row) => ({ uuid: row.uuid, folderUuid: row.folder_uuid, position: row.position }));
  }

  async positionsInFolder(folderUuid: string): Promise<Positioned[]> {
    const rows = await this.db.selectFrom('areas').select(['uuid', 'position'])
      .where('folder_uuid', '=', folderUuid).orderBy('position').orderBy('uuid').execute();
    return rows.map((row) => ({ id: row.uuid, position: row.position }));
  }

  async countInMap(mapId: number): Promise<number> {
    const row = await this.db.selectFrom('areas').select((eb) => eb.fn.countAll<number>().as('n')).where('map_id', '=', mapId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The geometries PostGIS finds invalid (index in the list, and PostGIS's reason). */
  async invalidGeometries(geometries: AreaGeometry[]): Promise<InvalidGeometry[]> {
    if (geometries.length === 0) return [];
    const texts = geometries.map((geometry) => JSON.stringify(geometry));
    const result = await sql<{ ordinality: number; reason: string }>`
      SELECT g.ordinality, ST_IsValidReason(ST_GeomFromGeoJSON(g.json)) AS reason
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS g(json, ordinality)
      WHERE NOT ST_IsValid(ST_GeomFromGeoJSON(g.json))
      ORDER BY g.ordinality`.execute(this.db);
    return result.rows.map((row) => ({ index: Number(row.ordinality) - 1, reason: row.reason }));
  }

  /** Inserts areas; returns how many were inserted (fewer than given when some uuid already exists). */
  async insertMany(areas: NewArea[]): Promise<number> {
    if (areas.length === 0) return 0;
    const rows = await this.db.insertInto('areas')
      .values(areas.map((area) => ({
        uuid: area.uuid,
        map_id: area.mapId,
        folder_uuid: area.folderUuid,
        label: area.label,
        color: area.color,
        hide: area.hide,
        iso_mode: area.isoMode,
        transport_mode: area.transportMode,
        operation: area.operation,
        distance: area.distance,
        duration: area.duration,
        departure_date: area.departureDate,
        start_address: area.startAddress,
        start_point: startPointValue(area.startPoint),
        start_points: startPointsValue(area.startPoints),
        direction: area.direction,
        unit_kind: area.unitKind,
        unit_codes: area.unitCodes,
        geometry: geometryFromGeoJson(area.geometry),
        hash: area.hash,
        position: area.position,
      })))
      .onConflict((oc) => oc.column('uuid').doNothing())
      .returning('uuid')
      .execute();
    return rows.length;
  }

  async update(uuid: string, changes: AreaChanges): Promise<void> {
    await this.db.updateTable('areas')
      .set({
        ...(changes.label !== undefined ? { label: changes.label } : {}),
        ...(changes.color !== undefined ? { color: changes.color } : {}),
        ...(changes.hide !== undefined ? { hide: changes.hide } : {}),
        ...(changes.startAddress !== undefined ? { start_address: changes.startAddress } : {}),
        ...(changes.isoMode !== undefined ? { iso_mode: changes.isoMode } : {}),
        ...(changes.transportMode !== undefined ? { transport_mode: changes.transportMode } : {}),
        ...(changes.operation !== undefined ? { operation: changes.operation } : {}),
        ...(changes.distance !== undefined ? { distance: changes.distance } : {}),
        ...(changes.duration !== undefined ? { duration: changes.duration } : {}),
        ...(changes.departureDate !== undefined ? { departure_date: changes.departureDate === null ? null : new Date(changes.departureDate) } : {}),
        ...(changes.startPoint !== undefined ? { start_point: startPointValue(changes.startPoint) } : {}),
        ...(changes.startPoints !== undefined ? { start_points: startPointsValue(changes.startPoints) } : {}),
        ...(changes.direction !== undefined ? { direction: changes.direction } : {}),
        ...(changes.geometry ? { geometry: geometryFromGeoJson(changes.geometry.geometry), hash: changes.geometry.hash } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('uuid', '=', uuid)
      .execute();
  }

  /** Puts an area in a folder at a position (a move within the folder or to another one). */
  async place(uuid: string, folderUuid: string, position: number): Promise<void> {
    await this.db.updateTable('areas').set({ folder_uuid: folderUuid, position }).where('uuid', '=', uuid).execute();
  }

  async setPositions(items: Positioned[]): Promise<void> {
    for (const item of items) {
      await this.db.updateTable('areas').set({ position: item.position }).where('uuid', '=', item.id).execute();
    }
  }

  /**
   * Copies a map's areas into another map under new uuids, in the folders given by `folderUuids`
   * (old → new), keeping geometry, hash, position and every attribute.
   */
  async copyInto(targetMapId: number, areaUuids: Map<string, string>, folderUuids: Map<string, string>): Promise<void> {
    if (areaUuids.size === 0) return;
    await sql`
      INSERT INTO areas (uuid, map_id, folder_uuid, label, color, hide, iso_mode, transport_mode, operation, distance, duration,
        departure_date, start_address, start_point, start_points, direction, unit_kind, unit_codes, geometry, hash, position)
      SELECT am.new_uuid, ${targetMapId}, fm.new_uuid, a.label, a.color, a.hide, a.iso_mode, a.transport_mode, a.operation, a.distance,
        a.duration, a.departure_date, a.start_address, a.start_point, a.start_points, a.direction, a.unit_kind, a.unit_codes, a.geometry,
        a.hash, a.position
      FROM areas a
      JOIN unnest(${[...areaUuids.keys()]}::uuid[], ${[...areaUuids.values()]}::uuid[]) AS am(old_uuid, new_uuid) ON am.old_uuid = a.uuid
      JOIN unnest(${[...folderUuids.keys()]}::uuid[], ${[...folderUuids.values()]}::uuid[]) AS fm(old_uuid, new_uuid) ON fm.old_uuid = a.folder_uuid`
      .execute(this.db);
  }

  async deleteMany(uuids: string[]): Promise<void> {
    if (uuids.length === 0) return;
    await this.db.deleteFrom('areas').where('uuid', 'in', uuids).execute();
  }
}

type AreaSelection = Awaited<ReturnType<ReturnType<typeof selectAreas>['execute']>>[number];

function toAreaRecord(row: AreaSelection): AreaRecord {
  return {
    uuid: row.uuid,
    folderUuid: row.folder_uuid,
    position: row.position,
    label: row.label,
    color: row.color,
    hide: row.hide,
    isoMode: row.iso_mode as Area['isoMode'],
    transportMode: row.transport_mode as Area['transportMode'],
    operation: row.operation as Area['operation'],
    distance: row.distance,
    duration: row.duration,
    departureDate: row.departure_date ? new Date(row.departure_date).toISOString() : null,
    startAddress: row.start_address,
    startPoint: row.start_lng !== null && row.start_lat !== null ? [row.start_lng, row.start_lat] : null,
    startPoints: row.start_points_json ? (JSON.parse(row.start_points_json) as { coordinates: [number, number][] }).coordinates : null,
    direction: row.direction as Area['direction'],
    unitKind: row.unit_kind,
    unitCodes: row.unit_codes,
    geometry: JSON.parse(row.geometry_json) as AreaGeometry,
    hash: row.hash,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
