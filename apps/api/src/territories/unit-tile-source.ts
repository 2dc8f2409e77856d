/**
 * Vector tiles of territorial units, one tile at a time: the database finds the units whose parts
 * meet the tile and cuts them to it; a compute thread simplifies them for the zoom and encodes the
 * tile (simplifying in PostGIS could give GEOS invalid shapes, see dataset-loader.ts); the
 * result is stored under the data version, so each tile is built once per version for every API
 * process, and tile URLs carrying that version can be cached as immutable. Nothing is held per
 * unit in memory, however many units are loaded.
 */
import { sql, type Kysely } from 'kysely';
import { labelZoomThreshold, outlineMinZoom, type AdministrativeKind } from '@catchment/domain';
import { isValidUnitTile, tileBounds } from '@catchment/geodata';
import type { ComputePool } from '../compute/compute-pool.js';
import type { UnitTileRow } from '../compute/compute-tasks.js';
import type { Database } from '../db/schema.js';
import type { TerritoryData } from './data/territory-data.js';

/** Margin around the tile, as a share of its side: outlines run on past the edge, so no seam is drawn. */
const MARGIN = 64 / 4096;

export interface BuiltTile { tile: Uint8Array | null; version: number }

export class UnitTileSource {
  constructor(private readonly db: Kysely<Database>, private readonly data: TerritoryData, private readonly compute: ComputePool) {}

  async tile(kind: AdministrativeKind, z: number, x: number, y: number): Promise<BuiltTile> {
    const version = await this.data.units.dataVersion();
    if (!isValidUnitTile(z, x, y) || z < outlineMinZoom(kind)) return { tile: null, version };
    const stored = await sql<{ tile: Buffer | null }>`
      SELECT tile FROM territory_tiles WHERE kind = ${kind} AND data_version = ${version} AND z = ${z} AND x = ${x} AND y = ${y}`.execute(this.db);
    if (stored.rows[0]) return { tile: stored.rows[0].tile ? new Uint8Array(stored.rows[0].tile) : null, version };
    const tile = await this.compute.unitTile(z, x, y, await this.rows(kind, z, x, y), z >= labelZoomThreshold(kind));
    await sql`
      INSERT INTO territory_tiles (kind, data_version, z, x, y, tile) VALUES (${kind}, ${version}, ${z}, ${x}, ${y}, ${tile ? Buffer.from(tile) : null})
      ON CONFLICT DO NOTHING`.execute(this.db);
    return { tile, version };
  }

  /** The units meeting the tile, cut to it (with the margin) and simplified for its zoom; label points inside it. */
  private async rows(kind: AdministrativeKind, z: number, x: number, y: number): Promise<UnitTileRow[]> {
    const [west, south, east, north] = tileBounds(z, x, y);
    const marginX = (east - west) * MARGIN;
    const marginY = (north - south) * MARGIN;
    const { rows } = await sql<UnitTileRow>`
      WITH box AS (SELECT ST_MakeEnvelope(${west - marginX}, ${south - marginY}, ${east + marginX}, ${north + marginY}, 4326) AS shape),
      met AS (
        SELECT DISTINCT part.unit_id FROM territory_unit_parts part, box
        WHERE part.kind = ${kind} AND part.geometry && box.shape
      )
      SELECT u.code, u.name,
        ST_AsGeoJSON(CASE WHEN u.is_point THEN u.geometry ELSE ST_ClipByBox2D(u.geometry, box.shape) END, 7) AS geometry,
        CASE WHEN u.label_point && ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326) THEN ST_X(u.label_point) END AS "labelX",
        CASE WHEN u.label_point && ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326) THEN ST_Y(u.label_point) END AS "labelY"
      FROM live_territory_units u JOIN met ON met.unit_id = u.id, box
      WHERE u.kind = ${kind}`.execute(this.db);
    return rows.filter((row) => row.geometry && !row.geometry.includes('"coordinates":[]'));
  }
}
