/**
 * The businesses of a search inside one of the map's areas, a page at a time, and one business's
 * detail. Positioned ones come first, by name; establishments placed by their IRIS only follow,
 * with the share of their IRIS inside the area (what they weigh in the count).
 */
import { sql, type Kysely } from 'kysely';
import { categoryLabel, findCategory, headcountBandLabel, nafLabel, type Locale, type PoiItemDetail, type PoiItemPage } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import { poiFilterWhere, type PoiFilter } from '../count/poi-filter.js';
import type { PoiWorkbookRow } from './poi-workbook.js';

interface ItemRow {
  id: string; name: string | null; categories: string[]; address: string | null; x: number | null; y: number | null;
  iris: string | null; share: number | null; naf: string | null;
  headcount: string | null; brand: string | null; opening_hours: string | null; website: string | null;
}

/** A row of the export (poi-workbook.ts), labels in the user's language. */
export type PoiExportRow = PoiWorkbookRow;

/** The most specific categories of an item (the tree's leaves it has; its ancestors are implied). */
export function leafCategories(categories: readonly string[]): string[] {
  return categories.filter((id) => !categories.some((other) => findCategory(other)?.parent === id));
}

export class SearchItems {
  constructor(private readonly db: Kysely<Database>) {}

  /** The items inside the map's area `areaUuid`; null when the map has no such area. */
  async page(filter: PoiFilter, mapId: number, areaUuid: string, page: number, limit: number): Promise<PoiItemPage | null> {
    const { rows: areas } = await sql<{ found: boolean }>`SELECT true AS found FROM areas WHERE map_id = ${mapId} AND uuid = ${areaUuid}`.execute(this.db);
    if (areas.length === 0) return null;
    const found = foundItems(filter, mapId, areaUuid);
    const [{ rows }, { rows: [all] }] = await Promise.all([
      sql<ItemRow>`WITH ${found} SELECT * FROM found ORDER BY (x IS NULL), name IS NULL, name, id LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(this.db),
      sql<{ total: string; estimated: boolean | null }>`WITH ${found} SELECT count(*) AS total, bool_or(x IS NULL) AS estimated FROM found`.execute(this.db),
    ]);
    return {
      total: Number(all?.total ?? 0),
      estimated: all?.estimated ?? false,
      items: rows.map((row) => ({
        id: Number(row.id), name: row.name, categories: leafCategories(row.categories), address: row.address,
        position: row.x === null ? null : [row.x, row.y!], iris: row.iris, share: row.share, naf: row.naf,
      })),
    };
  }

  /** Every item inside the area, as the export lists them (at most `limit`). */
  async exportRows(filter: PoiFilter, mapId: number, areaUuid: string, limit: number, locale: Locale): Promise<PoiExportRow[]> {
    const { rows } = await sql<ItemRow>`WITH ${foundItems(filter, mapId, areaUuid)} SELECT * FROM found ORDER BY (x IS NULL), name IS NULL, name, id LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({
      name: row.name, categories: leafCategories(row.categories).map((id) => categoryLabel(id, locale)).join(', '), address: row.address, brand: row.brand,
      openingHours: row.opening_hours, website: row.website, lon: row.x, lat: row.y, naf: row.naf,
      activity: row.naf ? nafLabel(row.naf, locale) ?? null : null, size: row.headcount ? headcountBandLabel(row.headcount, locale) ?? null : null,
      iris: row.iris, share: row.share,
    }));
  }

  /** One item of the search, in the caller's language; undefined when the search does not find it. */
  async detail(filter: PoiFilter, itemId: number, locale: Locale): Promise<PoiItemDetail | undefined> {
    const { rows } = await sql<{
      id: string; name: string | null; categories: string[]; tags: string[]; naf: string | null; headcount: string | null; brand: string | null;
      address: string | null; opening_hours: string | null; website: string | null; details: Record<string, string>; country: string;
      x: number | null; y: number | null; iris: string | null;
    }>`SELECT i.id, i.name, i.categories, i.tags, i.naf, i.headcount, i.brand, i.address, i.opening_hours, i.website, i.details, i.country,
         ST_X(i.position) AS x, ST_Y(i.position) AS y, i.iris
       FROM live_poi_items i WHERE i.id = ${itemId} AND ${poiFilterWhere(filter)}`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const categories = leafCategories(row.categories);
    return {
      id: Number(row.id), name: row.name, categories, categoryLabels: categories.map((id) => categoryLabel(id, locale)), tags: row.tags,
      naf: row.naf, nafLabel: row.naf ? nafLabel(row.naf, locale) ?? null : null,
      headcount: row.headcount, headcountLabel: row.headcount ? headcountBandLabel(row.headcount, locale) ?? null : null,
      brand: row.brand, address: row.address, openingHours: row.opening_hours, website: row.website, details: row.details,
      country: row.country, position: row.x === null ? null : [row.x, row.y!], iris: row.iris,
    };
  }
}

/** The CTE `found`: the search's items inside the area (IRIS-placed ones with their IRIS's share inside). */
function foundItems(filter: PoiFilter, mapId: number, areaUuid: string) {
  return sql`area AS (SELECT geometry AS g FROM areas WHERE map_id = ${mapId} AND uuid = ${areaUuid}),
    found AS (
      SELECT i.id, i.name, i.categories, i.address, ST_X(i.position) AS x, ST_Y(i.position) AS y, i.iris, NULL::float8 AS share, i.naf,
        i.headcount, i.brand, i.opening_hours, i.website
      FROM live_poi_items i, area WHERE ${poiFilterWhere(filter)} AND i.position IS NOT NULL AND ST_Intersects(i.position, area.g)
      UNION ALL
      SELECT i.id, i.name, i.categories, i.address, NULL, NULL, i.iris, ST_Area(ST_Intersection(u.geometry, area.g)) / ST_Area(u.geometry), i.naf,
        i.headcount, i.brand, i.opening_hours, i.website
      FROM live_poi_items i JOIN live_territory_units u ON u.kind = 'fr_iris' AND u.code = i.iris AND NOT u.is_point AND u.area_m2 > 0, area
      WHERE ${poiFilterWhere(filter)} AND i.position IS NULL AND ST_Intersects(u.geometry, area.g)
    )`;
}
