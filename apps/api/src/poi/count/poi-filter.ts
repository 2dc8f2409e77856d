/**
 * What a business search looks for, as SQL over poi_items: the one place that says what a search
 * matches. Fields AND together, the values of a field OR: a category id matches the item's
 * categories (which hold their ancestors, so a parent finds its children), a raw OpenStreetMap tag
 * its tags; a name is looked for within the item's folded name; a NAF code at any level matches
 * the sub-classes under it; a headcount band its code.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { isCategoryId, nafSubclassesUnder, type SearchFilter } from '@catchment/domain';
import { placeNameKey } from '@catchment/geodata';

export type PoiFilter = SearchFilter;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The NAF sub-classes a search's codes stand for (a sub-class itself, or every one under a section, division, group or class). */
export function nafSubclassesOf(codes: readonly string[]): string[] {
  const subclasses = new Set<string>();
  for (const code of codes) {
    const under = nafSubclassesUnder(code);
    if (under.length === 0) subclasses.add(code);
    for (const subclass of under) subclasses.add(subclass);
  }
  return [...subclasses].sort();
}

/** The name patterns of a search: each folded as stored names are; names that fold to nothing are dropped. */
export function namePatterns(names: readonly string[]): string[] {
  return names.map(placeNameKey).filter((key) => key.length > 0).map((key) => `%${likeLiteral(key)}%`);
}

/** The condition on a row of poi_items (or live_poi_items) aliased `alias`, with bound parameters. */
export function poiFilterWhere(filter: PoiFilter, alias = 'i'): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [sql`${column('catalogue')} = ${filter.datasetName}`];
  const ids = filter.categories.filter(isCategoryId);
  const tags = filter.categories.filter((value) => !isCategoryId(value));
  if (ids.length > 0 && tags.length > 0) parts.push(sql`(${column('categories')} && ${ids}::text[] OR ${column('tags')} && ${tags}::text[])`);
  else if (ids.length > 0) parts.push(sql`${column('categories')} && ${ids}::text[]`);
  else if (tags.length > 0) parts.push(sql`${column('tags')} && ${tags}::text[]`);
  const patterns = namePatterns(filter.names);
  if (filter.names.length > 0) parts.push(patterns.length > 0 ? sql`${column('name_key')} LIKE ANY (${patterns}::text[])` : sql`false`);
  if (filter.nafCodes.length > 0) parts.push(sql`${column('naf')} = ANY (${nafSubclassesOf(filter.nafCodes)}::text[])`);
  if (filter.headcounts.length > 0) parts.push(sql`${column('headcount')} = ANY (${[...filter.headcounts]}::text[])`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/** A stable key of what a filter matches, for caches (the order of values does not matter). */
export function poiFilterKey(filter: PoiFilter): string {
  const sorted = (values: readonly string[]) => [...new Set(values)].sort();
  const canonical = JSON.stringify([
    filter.datasetName, sorted(filter.categories), sorted(filter.names.map(placeNameKey)), nafSubclassesOf(filter.nafCodes), sorted(filter.headcounts),
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}
