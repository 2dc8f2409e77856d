/**
 * Place search over the built-in gazetteer (world cities, French communes and postcodes, US zip
 * codes). Nothing found is an empty list: the web app then says 'Address not found...'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPlaceResult, type Gazetteer } from '@catchment/geodata';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { geocodeSearchQuery, geocodeSearchResponse } from './geocode.schemas.js';

const geocodePlugin: FastifyPluginAsyncZod<{ gazetteer: Gazetteer }> = async (app, { gazetteer }) => {
  app.get('/geocode/search', {
    schema: {
      tags: ['geocode'],
      summary: 'Places whose name, postcode or zip code starts with q: exact matches first, then by population',
      querystring: geocodeSearchQuery,
      response: { 200: geocodeSearchResponse },
    },
  }, async (request) => {
    const locale = requestLocale(request);
    const places = gazetteer.search(request.query.q, request.query.limit);
    return { results: places.map((place) => toPlaceResult(place, locale)) };
  });
};

/** Registered only when the demo data is loaded (the server always loads it; some tests do not). */
export const geocodeRoutes: RouteModule = async (api, ctx) => {
  if (ctx.gazetteer) await api.register(geocodePlugin, { gazetteer: ctx.gazetteer });
};
