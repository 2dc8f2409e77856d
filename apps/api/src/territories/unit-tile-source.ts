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
import { isValidUnitTile } from '@catchment/geodata';
import type { ComputePool } from '../compute/compute-pool.js';
import type { Database } from '../db/schema.js';
import type { TerritoryData } from './data/territory-data.js';
import { unitTileRows } from './data/unit-tile-rows.js';

export interface BuiltTile { tile: Uint8Array | null; version: number }

export class UnitTileSource {
  constructor(private readonly db: Kysely<Database>, private readonly data: TerritoryData, private readonly compute: ComputePool) {}

  async tile(kind: AdministrativeKind, z: number, x: number, y: number): Promise<BuiltTile> {
    const version = await this.data.units.dataVersion();
    if (!isValidUnitTile(z, x, y) || z < outlineMinZoom(kind)) return { tile: null, version };
    const stored = await sql<{ tile: Buffer | null }>`
      SELECT tile FROM territory_tiles WHERE kind = ${kind} AND data_version = ${version} AND z = ${z} AND x = ${x} AND y = ${y}`.execute(this.db);
    if (stored.rows[0]) return { tile: stored.rows[0].tile ? new Uint8Array(stored.rows[0].tile) : null, version };
    const tile = await this.compute.unitTile(z, x, y, await unitTileRows(this.db, kind, z, x, y), { labels: z >= labelZoomThreshold(kind) });
    await sql`
      INSERT INTO territory_tiles (kind, data_version, z, x, y, tile) VALUES (${kind}, ${version}, ${z}, ${x}, ${y}, ${tile ? Buffer.from(tile) : null})
      ON CONFLICT DO NOTHING`.execute(this.db);
    return { tile, version };
  }

}
