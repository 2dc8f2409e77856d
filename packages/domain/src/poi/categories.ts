// Look-ups in the category tree (category-tree.ts): what an item from either source is, and what
// a search for a category means.
import type { Locale } from '../enums.js';
import { POI_CATEGORIES, type PoiCategory } from './category-tree.js';

const BY_ID = new Map(POI_CATEGORIES.map((category) => [category.id, category]));

function indexBy(codesOf: (category: PoiCategory) => readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const category of POI_CATEGORIES) {
    for (const code of codesOf(category)) index.set(code, [...(index.get(code) ?? []), category.id]);
  }
  return index;
}

const BY_OSM_TAG = indexBy((category) => category.osm);
const BY_NAF = indexBy((category) => category.naf);

export function findCategory(id: string): PoiCategory | undefined {
  return BY_ID.get(id);
}

export function isCategoryId(id: string): boolean {
  return BY_ID.has(id);
}

/** The category's label; throws for an id outside the tree (check with isCategoryId first). */
export function categoryLabel(id: string, locale: Locale): string {
  const category = BY_ID.get(id);
  if (!category) throw new Error(`Unknown POI category ${id}`);
  return category.label[locale];
}

/** The categories above `id`, nearest first (`food` for `food.restaurant`); empty for a root. */
export function categoryAncestors(id: string): string[] {
  const ancestors: string[] = [];
  for (let parent = BY_ID.get(id)?.parent; parent; parent = BY_ID.get(parent)?.parent) ancestors.push(parent);
  return ancestors;
}

/** The direct children of a category, in the tree's order; the roots for null. */
export function categoryChildren(id: string | null): PoiCategory[] {
  return POI_CATEGORIES.filter((category) => category.parent === id);
}

/** The ids with all their ancestors, once each, sorted: what poi_items.categories holds. */
export function withCategoryAncestors(ids: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const id of ids) {
    all.add(id);
    for (const ancestor of categoryAncestors(id)) all.add(ancestor);
  }
  return [...all].sort();
}

/**
 * The categories (leaves, without ancestors, sorted) whose OSM tags an object carries, from its
 * `key=value` tags. A value listing several (`shop=bakery;pastry`) counts for each.
 */
export function categoriesOfOsmTags(tags: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const tag of tags) {
    const separator = tag.indexOf('=');
    if (separator <= 0) continue;
    const key = tag.slice(0, separator);
    for (const value of tag.slice(separator + 1).split(';')) {
      for (const id of BY_OSM_TAG.get(`${key}=${value.trim()}`) ?? []) found.add(id);
    }
  }
  return [...found].sort();
}

/** The categories (leaves, without ancestors, sorted) of a NAF sub-class (`5610A` or `56.10A`). */
export function categoriesOfNaf(naf: string): string[] {
  return [...(BY_NAF.get(naf.trim().replace('.', '').toUpperCase()) ?? [])].sort();
}
