/**
 * Reads of the territorial data of record (tables of migration 004): the live units only
 * (`live_territory_units`), found by code, by name, or by the spatial index of their parts.
 * Geometries come back as GeoJSON text, parsed where they are used (often a compute thread).
 */
import { sql, type Kysely } from 'kysely';
import type { AdministrativeKind, AreaGeometry } from '@catchment/domain';
import { placeNameKey } from '@catchment/geodata';
import type { Database } from '../../db/schema.js';

export interface KindCounts { kind: AdministrativeKind; units: number; points: number; sources: string[] }

export interface UnitRow {
  kind: AdministrativeKind;
  code: string;
  name: string;
  country: string;
  parentKind: AdministrativeKind | null;
  parentCode: string | null;
  related: string[] | null;
  isPoint: boolean;
  measures: Record<string, number>;
  bbox: [number, number, number, number];
}

export interface UnitWithGeometry extends UnitRow { geometry: string }

const UNIT_COLUMNS = sql`u.kind, u.code, u.name, u.country, u.parent_kind AS "parentKind", u.parent_code AS "parentCode", u.related,
  u.is_point AS "isPoint", u.measures,
  ARRAY[ST_XMin(u.geometry), ST_YMin(u.geometry), ST_XMax(u.geometry), ST_YMax(u.geometry)] AS bbox`;

const areaShape = (area: AreaGeometry) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(area)}), 4326)`;

export class TerritoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Moves on with every import and removal: what caches of results computed from the data key on. */
  async dataVersion(): Promise<number> {
    const { rows } = await sql<{ version: number }>`SELECT version FROM territory_data_state`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }

  async kinds(): Promise<KindCounts[]> {
    // Kept up to date when an import goes live (territory-derived.ts): counting here took seconds.
    const { rows } = await sql<KindCounts>`SELECT kind, units, points, sources FROM territory_kind_summary ORDER BY kind`.execute(this.db);
    return rows;
  }

  /** The units of a kind with these codes, with their boundary's number of points (to refuse before parsing). */
  async unitsByCode(kind: AdministrativeKind, codes: readonly string[]): Promise<(UnitWithGeometry & { points: number })[]> {
    if (codes.length === 0) return [];
    const { rows } = await sql<UnitWithGeometry & { points: number }>`
      SELECT ${UNIT_COLUMNS}, ST_AsGeoJSON(u.geometry) AS geometry, ST_NPoints(u.geometry) AS points
      FROM live_territory_units u WHERE u.kind = ${kind} AND u.code = ANY(${codes}::text[])`.execute(this.db);
    return rows;
  }

  /** Units whose code starts with the query, then whose name is it, starts with it, contains it; bigger first. */
  async search(kind: AdministrativeKind, query: string, limit: number): Promise<UnitRow[]> {
    const needle = placeNameKey(query);
    const code = query.trim().toLowerCase();
    if (!needle && !code) return [];
    const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    const { rows } = await sql<UnitRow & { rank: number }>`
      SELECT * FROM (
        SELECT ${UNIT_COLUMNS},
          CASE WHEN lower(u.code) LIKE ${`${like(code)}%`} THEN 0
               WHEN u.name_key = ${needle} THEN 1
               WHEN u.name_key LIKE ${`${like(needle)}%`} THEN 2
               WHEN ${needle} <> '' AND u.name_key LIKE ${`%${like(needle)}%`} THEN 3 END AS rank,
          coalesce((u.measures->>'population')::float8, 0) AS population
        FROM live_territory_units u WHERE u.kind = ${kind}
      ) found
      WHERE rank IS NOT NULL
      ORDER BY rank, population DESC, name
      LIMIT ${limit}`.execute(this.db);
    return rows.map(({ rank: _rank, population: _population, ...unit }: UnitRow & { rank: number; population?: number }) => unit);
  }

  /** Names of the parents of units (`kind|code` → name). */
  async parentNames(units: readonly Pick<UnitRow, 'parentKind' | 'parentCode'>[]): Promise<Map<string, string>> {
    const keys = unitKeys(units.filter((unit) => unit.parentKind && unit.parentCode).map((unit) => ({ kind: unit.parentKind!, code: unit.parentCode! })));
    if (keys.kinds.length === 0) return new Map();
    const { rows } = await sql<{ key: string; name: string }>`
      SELECT u.kind || '|' || u.code AS key, u.name
      FROM unnest(${keys.kinds}::text[], ${keys.codes}::text[]) AS k(kind, code)
      JOIN live_territory_units u ON u.kind = k.kind AND u.code = k.code`.execute(this.db);
    return new Map(rows.map((row) => [row.key, row.name]));
  }

  /**
   * The live units of the kinds whose boundary (or position) meets the area, found through the
   * index of their parts; the exact share of each inside the area is computed by the caller.
   */
  async unitsMeeting(area: AreaGeometry, kinds: readonly AdministrativeKind[]): Promise<UnitWithGeometry[]> {
    if (kinds.length === 0) return [];
    const { rows } = await sql<UnitWithGeometry>`
      WITH area AS (SELECT ${areaShape(area)} AS shape),
      met AS (
        SELECT DISTINCT part.unit_id FROM territory_unit_parts part, area
        WHERE part.kind = ANY(${kinds}::text[]) AND part.geometry && area.shape AND ST_Intersects(part.geometry, area.shape)
      )
      SELECT ${UNIT_COLUMNS}, ST_AsGeoJSON(u.geometry) AS geometry
      FROM live_territory_units u JOIN met ON met.unit_id = u.id`.execute(this.db);
    return rows;
  }

  /** Which of the units are represented, for some measures, by finer units nesting in them (`kind|code` → measures). */
  async finerData(units: readonly Pick<UnitRow, 'kind' | 'code'>[]): Promise<Map<string, Set<string>>> {
    const keys = unitKeys(units);
    const finer = new Map<string, Set<string>>();
    if (keys.kinds.length === 0) return finer;
    const { rows } = await sql<{ key: string; measure: string }>`
      SELECT f.kind || '|' || f.code AS key, f.measure
      FROM unnest(${keys.kinds}::text[], ${keys.codes}::text[]) AS k(kind, code)
      JOIN territory_finer_data f ON f.kind = k.kind AND f.code = k.code`.execute(this.db);
    for (const { key, measure } of rows) finer.set(key, (finer.get(key) ?? new Set()).add(measure));
    return finer;
  }

  /** `country|measure` for every measure a national kind has. */
  async nationalData(): Promise<Set<string>> {
    const { rows } = await sql<{ key: string }>`SELECT country || '|' || measure AS key FROM territory_national_data`.execute(this.db);
    return new Set(rows.map((row) => row.key));
  }
}

/** Distinct (kind, code) pairs as two parallel arrays, for `unnest`. */
function unitKeys(units: readonly { kind: string; code: string }[]): { kinds: string[]; codes: string[] } {
  const seen = new Set<string>();
  const kinds: string[] = [];
  const codes: string[] = [];
  for (const { kind, code } of units) {
    const key = `${kind}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kinds.push(kind);
    codes.push(code);
  }
  return { kinds, codes };
}
