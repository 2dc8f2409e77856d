/** The businesses and points of interest module: catalogues and the business searches of maps. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autocompleteQuery, type PoiCataloguesResponse, type PoiCategoriesResponse, type PoiNamesResponse } from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import type { AppContext } from '../context.js';
import type { RouteModule } from '../routes.js';
import { anonymousWriteGuardOver } from '../maps/map-requests.js';
import { PoiAutocomplete } from './autocomplete.js';
import { PoiCatalogues } from './catalogues.js';
import { PoiCounts } from './count/poi-counts.js';
import { poiAppKeyPlugin } from './poi-app-key.routes.js';
import { searchesPlugin } from './searches/searches.routes.js';
import { SearchesService } from './searches/searches.service.js';

const cataloguesPlugin: FastifyPluginAsyncZod<{ catalogues: PoiCatalogues; autocomplete: PoiAutocomplete }> = async (app, { catalogues, autocomplete }) => {
  app.get('/v2/poi/catalogues', {
    schema: { tags: ['searches'], summary: 'The business catalogues imported: name, country, source, items (positioned ones) and extent' },
  }, async (): Promise<PoiCataloguesResponse> => ({ catalogues: await catalogues.list() }));

  app.get('/v2/poi/autocomplete/names', {
    schema: { tags: ['searches'], summary: "Names of a catalogue's businesses matching the text, most frequent first", querystring: autocompleteQuery },
  }, async (request): Promise<PoiNamesResponse> => ({ names: await autocomplete.names(request.query.datasetName, request.query.text) }));

  app.get('/v2/poi/autocomplete/categories', {
    schema: { tags: ['searches'], summary: 'Categories matching the text (and raw tags of OpenStreetMap catalogues)', querystring: autocompleteQuery },
  }, async (request): Promise<PoiCategoriesResponse> => ({
    categories: await autocomplete.categories(request.query.datasetName, request.query.text, request.query.lang ?? requestLocale(request)),
  }));
};

/** The business searches service of a server (these routes, and the reports that count a map's searches). */
export function searchesServiceOf(ctx: AppContext): SearchesService {
  return new SearchesService(ctx.database.db, ctx.plans, new PoiCounts(ctx.database.db, ctx.compute, ctx.countVersions), ctx.compute, ctx.events);
}

export const poiRoutes: RouteModule = async (api, ctx) => {
  const searches = searchesServiceOf(ctx);
  const autocomplete = new PoiAutocomplete(ctx.database.db);
  await api.register(cataloguesPlugin, { catalogues: new PoiCatalogues(ctx.database.db), autocomplete });
  await api.register(searchesPlugin, { searches, compute: ctx.compute, onRequest: anonymousWriteGuardOver(ctx.database.db) });
  await api.register(poiAppKeyPlugin, { appKeys: ctx.appKeys, searches, autocomplete, compute: ctx.compute });
};
