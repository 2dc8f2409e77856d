/**
 * The tiles of a search's businesses, and of any points drawn the same way (a map's own datasets,
 * datasets/maps/): the database finds the points in the tile (their GiST index) and, below
 * POI_CLUSTER_BELOW_ZOOM, groups them on a grid anchored on the world (so that neighbouring tiles
 * agree); a compute thread encodes the tile.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { POI_CLUSTER_BELOW_ZOOM, POI_CLUSTER_CELLS, tileBounds, type PoiTileCluster } from '@catchment/geodata';
import type { ComputePool } from '../../compute/compute-pool.js';
import type { Database } from '../../db/schema.js';
import { poiFilterWhere, type PoiFilter } from '../count/poi-filter.js';

/** Points of one street-level tile at most: beyond, the tile shows the first ones (a dense city centre at z12 has a few thousand). */
const MAX_TILE_POINTS = 20_000;
/** Points a little outside the tile, so that a marker cut by the tile's edge is drawn whole (64 of 4096 units). */
const BUFFER = 64 / 4096;

/**
 * Where a tile's points are: `from` names the rows `i`, with a point `i.position` and an integer
 * `i.id`; `where` says which rows; `name` is the label a lone point carries.
 */
export interface TilePoints {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  name: RawBuilder<unknown>;
}

/** The points of tile z/x/y, one by one from POI_CLUSTER_BELOW_ZOOM, in groups with their count below. */
export async function tileClusters(db: Kysely<Database>, points: TilePoints, z: number, x: number, y: number): Promise<PoiTileCluster[]> {
  const [w, s, e, n] = tileBounds(z, x, y);
  const [dx, dy] = [(e - w) * BUFFER, (n - s) * BUFFER];
  const envelope = sql`ST_MakeEnvelope(${w - dx}, ${s - dy}, ${e + dx}, ${n + dy}, 4326)`;
  const { rows } = z >= POI_CLUSTER_BELOW_ZOOM
    ? await sql<PoiTileCluster>`
        SELECT 1 AS count, ST_X(i.position) AS lon, ST_Y(i.position) AS lat, i.id::float8 AS id, ${points.name} AS name
        FROM ${points.from} WHERE ${points.where} AND i.position && ${envelope} LIMIT ${MAX_TILE_POINTS}`.execute(db)
    : await sql<PoiTileCluster>`
        SELECT count(*)::int AS count, avg(ST_X(i.position)) AS lon, avg(ST_Y(i.position)) AS lat, min(i.id)::float8 AS id, min(${points.name}) AS name
        FROM ${points.from} WHERE ${points.where} AND i.position && ${envelope}
        GROUP BY floor(ST_X(i.position) / ${(e - w) / POI_CLUSTER_CELLS}), floor(ST_Y(i.position) / ${(n - s) / POI_CLUSTER_CELLS})`.execute(db);
  return rows;
}

export class SearchTiles {
  constructor(private readonly db: Kysely<Database>, private readonly compute: ComputePool) {}

  async tile(filter: PoiFilter, z: number, x: number, y: number): Promise<Uint8Array | null> {
    const points: TilePoints = { from: sql`live_poi_items i`, where: poiFilterWhere(filter), name: sql`i.name` };
    return this.compute.poiTile(z, x, y, await tileClusters(this.db, points, z, x, y));
  }
}
