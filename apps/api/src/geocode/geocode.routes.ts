/**
 * Place search over the built-in gazetteer (world cities, French communes and postcodes, US zip
 * codes). Nothing found is an empty list: the web app then says 'Address not found...'. The
 * reverse lookup names a point by its nearest town (areas started from a click on the map).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPlaceResult, type Gazetteer } from '@catchment/geodata';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import {
  geocodeReverseQuery, geocodeReverseResponse, geocodeSearchQuery, geocodeSearchResponse, REVERSE_MAX_DISTANCE_METERS,
} from './geocode.schemas.js';

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

  app.get('/v2/geocode/reverse', {
    schema: {
      tags: ['geocode'],
      summary: `The town (city or commune) nearest a point, within ${REVERSE_MAX_DISTANCE_METERS / 1000} km; place is null when none is that near`,
      querystring: geocodeReverseQuery,
      response: { 200: geocodeReverseResponse },
    },
  }, async (request) => {
    const found = gazetteer.nearest([request.query.lng, request.query.lat], REVERSE_MAX_DISTANCE_METERS);
    if (!found) return { place: null, distanceMeters: null };
    return { place: toPlaceResult(found.place, requestLocale(request)), distanceMeters: Math.round(found.distanceMeters) };
  });
};

/** Registered only when the demo data is loaded (the server always loads it; some tests do not). */
export const geocodeRoutes: RouteModule = async (api, ctx) => {
  if (ctx.gazetteer) await api.register(geocodePlugin, { gazetteer: ctx.gazetteer });
};
