/**
 * Business searches saved on a map and the POI catalogues they search (apps/api/src/poi, SPEC §7):
 * the list with its version, the writes that carry it (a stale one answers 409), counts in
 * polygons, the items inside an area, one item's detail, the XLSX report, tiles and autocomplete.
 */
import type {
  AreaGeometry, PoiCataloguesResponse, PoiCategoriesResponse, PoiItemDetail, PoiItemPage, PoiNamesResponse, SearchCounts, SearchFilter, SearchList, SearchView,
} from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

// The answers are declared once in the domain, where the API builds them.
export type { PoiCatalogue, PoiItemDetail, PoiItemPage, PoiItemSummary, SearchCounts, SearchFilter, SearchList } from '@catchment/domain';
/** A search saved on a map, as the app calls it. */
export type Search = SearchView;

/** What the editor saves: what the search looks for, its label and colour. */
export type SearchFields = SearchFilter & { label: string | null; color: string };

const base = (mapId: string) => `/v2/maps/${mapId}/searches`;

export const fetchCatalogues = (signal?: AbortSignal) =>
  apiRequest<PoiCataloguesResponse>('GET', '/v2/poi/catalogues', undefined, { signal }).then((answer) => answer.catalogues);

export const fetchSearches = (mapId: string, signal?: AbortSignal) => apiRequest<SearchList>('GET', base(mapId), undefined, { signal });

export const createSearch = (mapId: string, fields: SearchFields, version: number) =>
  apiRequest<SearchView>('POST', base(mapId), { ...fields, version });

export const updateSearch = (mapId: string, searchId: number, fields: SearchFields, version: number) =>
  apiRequest<SearchView>('PATCH', `${base(mapId)}/${searchId}`, { ...fields, version });

export const deleteSearch = (mapId: string, searchId: number, version: number) =>
  apiRequest<void>('DELETE', `${base(mapId)}/${searchId}?version=${version}`);

export const orderSearch = (mapId: string, searchId: number, move: { referenceSearchId: number; before: boolean }, version: number) =>
  apiRequest<SearchList>('PUT', `${base(mapId)}/${searchId}/order`, { version, ...move });

export const countSearch = (mapId: string, searchId: number, polygons: AreaGeometry[], signal?: AbortSignal) =>
  apiRequest<SearchCounts>('POST', `${base(mapId)}/${searchId}/count`, { polygons }, { signal });

/** The live count of a search being edited, not saved yet. */
export const countDraftSearch = (mapId: string, search: SearchFilter, polygons: AreaGeometry[], signal?: AbortSignal) =>
  apiRequest<SearchCounts>('POST', `${base(mapId)}/count`, { search, polygons }, { signal });

export const fetchSearchItems = (mapId: string, searchId: number, areaId: string, page: number, limit: number, signal?: AbortSignal) =>
  apiRequest<PoiItemPage>('GET', `${base(mapId)}/${searchId}/items?area=${encodeURIComponent(areaId)}&page=${page}&limit=${limit}`, undefined, { signal });

export const fetchSearchItem = (mapId: string, searchId: number, itemId: number, signal?: AbortSignal) =>
  apiRequest<PoiItemDetail>('GET', `${base(mapId)}/${searchId}/${itemId}`, undefined, { signal });

export const downloadSearchReport = (mapId: string, searchId: number, areaIds: string[]) =>
  apiDownload('POST', `${base(mapId)}/${searchId}/report`, { areaUuids: areaIds });

export const autocompleteNames = (datasetName: string, text: string, signal?: AbortSignal) =>
  apiRequest<PoiNamesResponse>('GET', `/v2/poi/autocomplete/names?datasetName=${encodeURIComponent(datasetName)}&text=${encodeURIComponent(text)}`, undefined, { signal })
    .then((answer) => answer.names);

export const autocompleteCategories = (datasetName: string, text: string, lang: string, signal?: AbortSignal) =>
  apiRequest<PoiCategoriesResponse>(
    'GET', `/v2/poi/autocomplete/categories?datasetName=${encodeURIComponent(datasetName)}&text=${encodeURIComponent(text)}&lang=${lang}`, undefined, { signal },
  ).then((answer) => answer.categories);

/**
 * Tile URL template of a search's points, absolute as MapLibre needs it. What the search looks
 * for is in it, so that an edited search loads its new points (a colour change keeps the tiles).
 */
export function searchTilesUrl(mapId: string, search: SearchFilter & { id: number }): string {
  return `${window.location.origin}/api${base(mapId)}/${search.id}/tiles/{z}/{x}/{y}.pbf?f=${filterKey(search)}`;
}

/** A short key that changes with what a search looks for. */
export function filterKey(search: SearchFilter): string {
  const text = JSON.stringify([search.datasetName, search.categories, search.names, search.nafCodes, search.headcounts]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(36);
}
