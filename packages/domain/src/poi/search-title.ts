/**
 * What a business search is called in the list and on the map: its own label, else what it looks
 * for (categories in the user's language, raw OpenStreetMap tags as written, names in quotes, NAF
 * codes as INSEE writes them). Null when it looks for nothing nameable (only headcount bands).
 * Shared by the app and the API (the indicator editor names a search measure by it).
 */
import type { Locale } from '../enums.js';
import { categoryLabel, isCategoryId } from './categories.js';
import { findNafEntry } from './naf.js';

export interface SearchCriteria {
  label?: string | null;
  categories?: readonly string[];
  names?: readonly string[];
  nafCodes?: readonly string[];
}

/** A category id of the tree in the locale, or a raw OSM tag (`shop=bakery`) as it is. */
export function categoryName(category: string, locale: Locale): string {
  return isCategoryId(category) ? categoryLabel(category, locale) : category;
}

/** A NAF code as INSEE writes it (`56.10A`), or as given when it is not one. */
export function nafDisplay(code: string): string {
  return findNafEntry(code)?.display ?? code;
}

export function searchTitle(search: SearchCriteria, locale: Locale): string | null {
  const label = search.label?.trim();
  if (label) return label;
  const parts = [
    ...(search.categories ?? []).map((category) => categoryName(category, locale)),
    ...(search.names ?? []).map((name) => `“${name}”`),
    ...(search.nafCodes ?? []).map((code) => `NAF ${nafDisplay(code)}`),
  ];
  return parts.length > 0 ? parts.join(', ') : null;
}
