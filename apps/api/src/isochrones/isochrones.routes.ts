/**
 * POST /v2/isochrones: the polygons of a travel time or road distance, for the panel's preview.
 * GET /v2/isochrones/regions: the road networks loaded, which the panel offers where none covers the place asked.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isochroneRouteBody, isochroneRouteResponse, isochronesBody, roadNetworksResponse } from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { clientGone } from '../http/client-gone.js';
import type { IsochroneService } from './isochrone.service.js';

const plugin: FastifyPluginAsyncZod<{ isochrones: IsochroneService }> = async (app, { isochrones }) => {
  app.post('/v2/isochrones', {
    schema: {
      tags: ['isochrones'],
      summary: 'Isochrones (values in seconds) or road isodistances (metres) from a start point: one MultiPolygon per value, '
        + 'nested, smallest first. startPoints (2 to 10) instead of startPoint: one area from all of them at once (the union). '
        + 'direction "arrival": from where the start is reached within the value (one-way streets driven towards it). '
        + 'transportMode "transit": walking and public transport from the GTFS timetables imported for the region, leaving at '
        + 'departureDate (ISO 8601 with its offset; now when absent, meta.departureDate says which was used); with direction '
        + '"arrival", departureDate is the arrival time: from where one reaches the start by then, leaving no earlier than the value '
        + 'before it. Travel times from or to one start only. For road modes departureDate is accepted but changes nothing (no traffic data yet).',
      body: isochronesBody,
    },
    // Costly: a panel's previews need far fewer than this per client.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request, reply) => isochrones.compute(request.body, clientGone(reply)));

  app.post('/v2/isochrones/route', {
    schema: {
      tags: ['isochrones'],
      summary: 'The fastest way between an isochrone\'s start and any point, to check the area there: duration (seconds) and '
        + 'distance (metres) as the isochrone\'s own search counts them, and the road followed as a LineString from the start '
        + '(snapped to the road) to the point (snapped). direction "arrival": from the point to the start.',
      body: isochroneRouteBody,
      response: { 200: isochroneRouteResponse },
    },
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  }, async (request, reply) => isochrones.route(request.body, clientGone(reply)));

  app.get('/v2/isochrones/regions', {
    schema: {
      tags: ['isochrones'],
      summary: 'The road networks loaded: the operator\'s imported extracts, then the demo\'s sample regions, each with its name '
        + 'in the request language and its bounding box. Empty with an external routing server.',
      response: { 200: roadNetworksResponse },
    },
  }, async (request) => ({ regions: isochrones.roadNetworks(requestLocale(request)) }));
};

export const isochronesRoutes: RouteModule = async (api, ctx) => {
  await api.register(plugin, { isochrones: ctx.isochrones });
};
