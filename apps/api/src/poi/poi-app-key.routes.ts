/**
 * The business calls made with an app key (SPEC §7 Appkeys: business, searches/autocompleteNames,
 * searches/autocompleteCategories): the same counts and suggestions as the map's searches, for a
 * partner's page or script, under the plan of the key's account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appKeyAutocompleteBody, appKeyBusinessBody, appKeyParam, type PoiCategoriesResponse, type PoiNamesResponse, type SearchCounts } from '@catchment/domain';
import { appKeyRouteConfig, authenticateByAppKey, requireAppKey } from '../appkeys/app-key-auth.js';
import type { AppKeysService } from '../appkeys/app-keys.service.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { requestLocale } from '../http/errors.js';
import type { PoiAutocomplete } from './autocomplete.js';
import { assertCountablePolygons, countAnswer } from './searches/searches.routes.js';
import type { SearchesService } from './searches/searches.service.js';

const tags = ['appkeys'];

export interface PoiAppKeyRoutesOptions {
  appKeys: AppKeysService;
  searches: SearchesService;
  autocomplete: PoiAutocomplete;
  compute: ComputePool;
}

export const poiAppKeyPlugin: FastifyPluginAsyncZod<PoiAppKeyRoutesOptions> = async (app, { appKeys, searches, autocomplete, compute }) => {
  authenticateByAppKey(app, appKeys);

  app.post('/Appkeys/:key/business', {
    schema: { tags, summary: 'How many businesses a search finds in each polygon (`estimated` where establishments placed by IRIS count by share)', params: appKeyParam, body: appKeyBusinessBody },
    config: appKeyRouteConfig,
  }, async (request): Promise<SearchCounts> => {
    const key = requireAppKey(request);
    await assertCountablePolygons(compute, request.body.polygons);
    return countAnswer(await searches.countFor(key.access, request.body.search, request.body.polygons));
  });

  app.post('/Appkeys/:key/searches/autocompleteNames', {
    schema: { tags, summary: "Names of a catalogue's businesses matching the text, most frequent first", params: appKeyParam, body: appKeyAutocompleteBody },
    config: appKeyRouteConfig,
  }, async (request): Promise<PoiNamesResponse> => ({ names: await autocomplete.names(request.body.datasetName, request.body.text) }));

  app.post('/Appkeys/:key/searches/autocompleteCategories', {
    schema: { tags, summary: 'Categories matching the text (and raw tags of OpenStreetMap catalogues)', params: appKeyParam, body: appKeyAutocompleteBody },
    config: appKeyRouteConfig,
  }, async (request): Promise<PoiCategoriesResponse> => ({
    categories: await autocomplete.categories(request.body.datasetName, request.body.text, request.body.lang ?? requestLocale(request)),
  }));
};
