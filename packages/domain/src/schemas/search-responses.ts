/**
 * What the business-search calls answer (SPEC §7): the API builds these and the web app reads
 * them, so one declaration keeps both sides in step. The POI catalogues, the editor's
 * suggestions, a map's searches with the version of their list, counts in polygons, the items
 * inside an area page by page, and one item's detail.
 */
import type { SearchFilter } from './searches.js';

/** A POI catalogue imported: what the search editor offers. */
export interface PoiCatalogue {
  name: string;
  country: string;
  source: 'osm' | 'sirene';
  items: number;
  /** Items with a position (the others are placed by their IRIS). */
  positioned: number;
  bbox: [number, number, number, number] | null;
}

export interface PoiCataloguesResponse { catalogues: PoiCatalogue[] }

/** Names of a catalogue's businesses matching the text, most frequent first. */
export interface PoiNamesResponse { names: string[] }

/** A category of the tree in the user's language, or a raw OpenStreetMap tag (id and label alike). */
export interface CategorySuggestion { id: string; label: string }

export interface PoiCategoriesResponse { categories: CategorySuggestion[] }

/** A search saved on a map. */
export interface SearchView extends SearchFilter {
  id: number;
  /** The version of the map's list of searches after the write that answered it. */
  version: number;
  label: string | null;
  color: string;
}

/** A map's searches in list order, with the version a write must carry. */
export interface SearchList { version: number; searches: SearchView[] }

/** Counts in the polygons' order, and which ones are estimates (establishments placed by their IRIS). */
export interface SearchCounts { counts: number[]; estimated: boolean[] }

export interface PoiItemSummary {
  id: number;
  name: string | null;
  categories: string[];
  address: string | null;
  position: [number, number] | null;
  iris: string | null;
  /** For an establishment placed by its IRIS: the share of the IRIS inside the area. */
  share: number | null;
  naf: string | null;
}

export interface PoiItemPage { total: number; estimated: boolean; items: PoiItemSummary[] }

/** One item a search finds, its labels in the request's language. */
export interface PoiItemDetail {
  id: number;
  name: string | null;
  categories: string[];
  categoryLabels: string[];
  tags: string[];
  naf: string | null;
  nafLabel: string | null;
  headcount: string | null;
  headcountLabel: string | null;
  brand: string | null;
  address: string | null;
  openingHours: string | null;
  website: string | null;
  details: Record<string, string>;
  country: string;
  position: [number, number] | null;
  iris: string | null;
}
