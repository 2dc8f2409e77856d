/**
 * The units of a kind that meet a tile, cut to it in the database: what the tiles built on units
 * (the administrative mode's outlines, the heatmaps) encode in a compute thread.
 */
import { sql, type Kysely } from 'kysely';
import type { AdministrativeKind } from '@catchment/domain';
import { tileBounds } from '@catchment/geodata';
import type { UnitTileRow } from '../../compute/compute-tasks.js';
import type { Database } from '../../db/schema.js';

/** Margin around the tile, as a share of its side: outlines run on past the edge, so no seam is drawn. */
const MARGIN = 64 / 4096;

/**
 * The units meeting the tile, cut to it (with the margin), and their label points inside it;
 * `country`: only that country's units (the worldwide kinds hold every country's).
 */
export async function unitTileRows(db: Kysely<Database>, kind: AdministrativeKind, z: number, x: number, y: number, country?: string): Promise<UnitTileRow[]> {
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
    WHERE u.kind = ${kind}${country === undefined ? sql`` : sql` AND u.country = ${country}`}`.execute(db);
  return rows.filter((row) => row.geometry && !row.geometry.includes('"coordinates":[]'));
}
