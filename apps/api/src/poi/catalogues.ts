/** The POI catalogues imported (SPEC §3): what the search editor offers. */
import { sql, type Kysely } from 'kysely';
import type { PoiCatalogue } from '@catchment/domain';
import type { Database } from '../db/schema.js';

/** Read from the live items, once per POI data version (an import moves it on). */
export class PoiCatalogues {
  private cached: { version: number; catalogues: PoiCatalogue[] } | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<PoiCatalogue[]> {
    const { rows: [state] } = await sql<{ version: string }>`SELECT version FROM poi_data_state`.execute(this.db);
    const version = Number(state?.version ?? 0);
    if (this.cached?.version === version) return this.cached.catalogues;
    const { rows } = await sql<{ catalogue: string; country: string; items: string; positioned: string; w: number | null; s: number | null; e: number | null; n: number | null }>`
      SELECT catalogue, min(country) AS country, count(*) AS items, count(position) AS positioned,
        min(ST_X(position)) AS w, min(ST_Y(position)) AS s, max(ST_X(position)) AS e, max(ST_Y(position)) AS n
      FROM live_poi_items GROUP BY catalogue ORDER BY catalogue`.execute(this.db);
    const catalogues = rows.map((row): PoiCatalogue => ({
      name: row.catalogue,
      country: row.catalogue.slice(0, 2),
      source: row.catalogue === 'fr_institutions' ? 'sirene' : 'osm',
      items: Number(row.items),
      positioned: Number(row.positioned),
      bbox: row.w === null ? null : [row.w, row.s!, row.e!, row.n!],
    }));
    this.cached = { version, catalogues };
    return catalogues;
  }
}
