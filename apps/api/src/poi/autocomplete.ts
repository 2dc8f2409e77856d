/**
 * Suggestions of the search editor (SPEC §7 autocompleteNames, autocompleteCategories): names of
 * a catalogue's businesses, most frequent first (those starting with the text before those
 * containing it); categories of the tree in the user's language, and for OpenStreetMap catalogues
 * the raw tags their items carry (NAF codes have their own field, searched in the editor).
 */
import { sql, type Kysely } from 'kysely';
import { isOsmCatalogue, POI_CATEGORIES, type CategorySuggestion, type Locale } from '@catchment/domain';
import { placeNameKey } from '@catchment/geodata';
import type { Database } from '../db/schema.js';

const SUGGESTIONS = 10;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export class PoiAutocomplete {
  constructor(private readonly db: Kysely<Database>) {}

  async names(datasetName: string, text: string): Promise<string[]> {
    const key = placeNameKey(text);
    if (!key) return [];
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM live_poi_items
      WHERE catalogue = ${datasetName} AND name_key LIKE ${`%${likeLiteral(key)}%`}
      GROUP BY name, name_key ORDER BY bool_or(name_key LIKE ${`${likeLiteral(key)}%`}) DESC, count(*) DESC, name
      LIMIT ${SUGGESTIONS}`.execute(this.db);
    return rows.map((row) => row.name);
  }

  async categories(datasetName: string, text: string, locale: Locale): Promise<CategorySuggestion[]> {
    const key = placeNameKey(text);
    if (!key) return [];
    const matches = (label: string) => placeNameKey(label).includes(key);
    const fromTree = POI_CATEGORIES.filter((category) => matches(category.label[locale]) || category.id.includes(key))
      .map((category) => ({ id: category.id, label: category.label[locale] }));
    return [...fromTree, ...(await this.sourceCodes(datasetName, key))].slice(0, SUGGESTIONS);
  }

  /** What the catalogue's own source is searched by, matching the text. */
  private async sourceCodes(datasetName: string, key: string): Promise<CategorySuggestion[]> {
    if (!isOsmCatalogue(datasetName)) return [];
    const { rows } = await sql<{ tag: string }>`
      SELECT tag FROM live_poi_items, unnest(tags) AS tag
      WHERE catalogue = ${datasetName} AND tag LIKE ${`%${likeLiteral(key.replace(/ /g, '_'))}%`}
      GROUP BY tag ORDER BY count(*) DESC, tag LIMIT ${SUGGESTIONS}`.execute(this.db);
    return rows.map((row) => ({ id: row.tag, label: row.tag }));
  }
}
