/**
 * Business searches (SPEC §3 Search, §7 searches calls): what a search looks for, checked the
 * same way by the API and the editor. Category ids are the tree's (poi/), raw OpenStreetMap tags
 * `key=value` are taken by OSM catalogues only; NAF codes are taken with or without their dot, at
 * any level (section `I`, division `56`, … sub-class `56.10A`), and stored without it.
 */
import { z } from 'zod';
import { findNafEntry } from '../poi/naf.js';
import { isCategoryId } from '../poi/categories.js';
import { normalizeHeadcountBand } from '../poi/headcount-bands.js';
import { areaGeometry, hexColor, mapIdParam, uuid } from './common.js';

/** At most this many values per field of a search (a search is a few trades, not a directory). */
export const SEARCH_FIELD_MAX_VALUES = 50;

/** `{country}_osm_poi`, `{country}_{product}_poi`, or `fr_institutions` (SPEC §3). */
export const POI_CATALOGUE_PATTERN = /^(?:[a-z]{2}_[a-z0-9]+_poi|fr_institutions)$/;
export const isOsmCatalogue = (name: string) => /^[a-z]{2}_osm_poi$/.test(name);
/** The country of a catalogue's items: its name's prefix (`ad_osm_poi` → `ad`). */
export const catalogueCountry = (name: string) => name.slice(0, 2);

const OSM_TAG_PATTERN = /^[a-z][a-z0-9_:]*=[^=\s][^=]*$/;
export const isOsmTag = (value: string) => OSM_TAG_PATTERN.test(value);

const datasetName = z.string().regex(POI_CATALOGUE_PATTERN, { error: 'validation.poiCatalogue' });
const values = <T extends z.ZodType<string>>(item: T) =>
  z.array(item).max(SEARCH_FIELD_MAX_VALUES, { error: 'validation.tooManySearchValues' }).default([]);

const category = z.string().trim().refine((value) => isCategoryId(value) || isOsmTag(value), { error: 'validation.poiCategory' });
const name = z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' });
const nafCode = z.string().transform((value, ctx) => {
  const entry = findNafEntry(value);
  if (!entry) {
    ctx.addIssue({ code: 'custom', message: 'validation.nafCode' });
    return z.NEVER;
  }
  return entry.code;
});
const headcount = z.string().transform((value, ctx) => {
  const band = normalizeHeadcountBand(value);
  if (!band) {
    ctx.addIssue({ code: 'custom', message: 'validation.headcountBand' });
    return z.NEVER;
  }
  return band;
});

const filterFields = {
  datasetName,
  categories: values(category),
  names: values(name),
  nafCodes: values(nafCode),
  headcounts: values(headcount),
};

/** Raw OSM tags only in OSM catalogues; NAF codes and headcount bands only in SIRENE's. */
function checkFieldsOfCatalogue(search: { datasetName: string; categories: string[]; nafCodes: string[]; headcounts: string[] }, ctx: z.RefinementCtx) {
  if (!isOsmCatalogue(search.datasetName)) {
    search.categories.forEach((value, index) => {
      if (!isCategoryId(value)) ctx.addIssue({ code: 'custom', path: ['categories', index], message: 'validation.poiCategory' });
    });
  }
  if (search.datasetName !== 'fr_institutions') {
    if (search.nafCodes.length > 0) ctx.addIssue({ code: 'custom', path: ['nafCodes'], message: 'validation.nafOnlyInstitutions' });
    if (search.headcounts.length > 0) ctx.addIssue({ code: 'custom', path: ['headcounts'], message: 'validation.nafOnlyInstitutions' });
  }
}

/** What a search looks for; also the body of an unsaved search's count. */
export const searchFilter = z.object(filterFields).superRefine(checkFieldsOfCatalogue);
export type SearchFilterInput = z.input<typeof searchFilter>;
export type SearchFilter = z.output<typeof searchFilter>;

const presentation = {
  label: z.string().trim().max(200, { error: 'validation.tooLong' }).nullable().optional(),
  color: hexColor.optional(),
};
const searchesVersion = z.number({ error: 'validation.searchesVersion' }).int().positive({ error: 'validation.searchesVersion' });

export const createSearchBody = z.object({ ...filterFields, ...presentation, version: searchesVersion.optional() }).superRefine(checkFieldsOfCatalogue);
export const updateSearchBody = z.object({ ...filterFields, ...presentation, version: searchesVersion }).superRefine(checkFieldsOfCatalogue);
export const deleteSearchQuery = z.object({ version: z.coerce.number({ error: 'validation.searchesVersion' }).int().positive({ error: 'validation.searchesVersion' }) });
export const orderSearchBody = z.object({ version: searchesVersion, referenceSearchId: z.number().int().positive(), before: z.boolean() });

export const searchParams = mapIdParam.extend({ searchId: z.coerce.number({ error: 'validation.searchId' }).int().positive({ error: 'validation.searchId' }) });
export const searchItemParams = searchParams.extend({ itemId: z.coerce.number({ error: 'validation.itemId' }).int().positive({ error: 'validation.itemId' }) });
export const searchTileParams = searchParams.extend({
  z: z.coerce.number().int().min(0).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

/** At most this many polygons counted in one call (the analysis compares at most this many areas). */
export const SEARCH_COUNT_MAX_POLYGONS = 20;
const polygons = z.array(areaGeometry).min(1, { error: 'validation.noAreas' }).max(SEARCH_COUNT_MAX_POLYGONS, { error: 'validation.tooManyAreas' });
export const countSearchBody = z.object({ polygons });
export const countDraftSearchBody = z.object({ search: searchFilter, polygons });

export const SEARCH_ITEMS_PAGE_MAX = 200;
export const searchItemsQuery = z.object({
  area: uuid,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(SEARCH_ITEMS_PAGE_MAX).default(50),
});
export const searchReportBody = z.object({ areaUuids: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(SEARCH_COUNT_MAX_POLYGONS, { error: 'validation.tooManyAreas' }) });

export const autocompleteQuery = z.object({
  datasetName,
  text: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  lang: z.enum(['en', 'fr']).optional(),
});
