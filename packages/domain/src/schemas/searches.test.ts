import { describe, expect, it } from 'vitest';
import { createSearchBody, searchFilter, updateSearchBody } from './searches.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('business search schemas', () => {
  it('takes category ids and raw tags in an OSM catalogue, with empty fields by default', () => {
    const parsed = searchFilter.parse({ datasetName: 'ad_osm_poi', categories: ['food.restaurant', 'amenity=restaurant'] });
    expect(parsed).toEqual({ datasetName: 'ad_osm_poi', categories: ['food.restaurant', 'amenity=restaurant'], names: [], nafCodes: [], headcounts: [] });
  });

  it('stores NAF codes without their dot, at any level, and headcount bands as codes', () => {
    const parsed = searchFilter.parse({ datasetName: 'fr_institutions', nafCodes: ['56.10A', '5610A', 'I', '56.1'], headcounts: ['1', '11'] });
    expect(parsed.nafCodes).toEqual(['5610A', '5610A', 'I', '561']);
    expect(parsed.headcounts).toEqual(['01', '11']);
  });

  it('names each bad field', () => {
    expect(messages(searchFilter.safeParse({ datasetName: 'nope' }))).toEqual(['datasetName: validation.poiCatalogue']);
    expect(messages(searchFilter.safeParse({ datasetName: 'ad_osm_poi', categories: ['no such thing'] }))).toEqual(['categories.0: validation.poiCategory']);
    expect(messages(searchFilter.safeParse({ datasetName: 'fr_institutions', nafCodes: ['99.99Z'], headcounts: ['77'] })))
      .toEqual(['nafCodes.0: validation.nafCode', 'headcounts.0: validation.headcountBand']);
  });

  it('refuses raw OSM tags outside OSM catalogues, and NAF codes outside SIRENE', () => {
    expect(messages(searchFilter.safeParse({ datasetName: 'fr_institutions', categories: ['amenity=restaurant', 'food.restaurant'] })))
      .toEqual(['categories.0: validation.poiCategory']);
    expect(messages(searchFilter.safeParse({ datasetName: 'ad_osm_poi', nafCodes: ['5610A'] }))).toEqual(['nafCodes: validation.nafOnlyInstitutions']);
  });

  it('needs the searches version to change a search, not to create one', () => {
    expect(createSearchBody.safeParse({ datasetName: 'ad_osm_poi' }).success).toBe(true);
    expect(messages(updateSearchBody.safeParse({ datasetName: 'ad_osm_poi' }))).toEqual(['version: validation.searchesVersion']);
  });
});
