/** POST /v2/isochrones: the polygons of a travel time or road distance, for the panel's preview. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isochronesBody } from '@catchment/domain';
import type { RouteModule } from '../routes.js';

const plugin: FastifyPluginAsyncZod<{ compute: RouteModuleContext['isochrones'] }> = async (app, { compute }) => {
  app.post('/v2/isochrones', {
    schema: {
      tags: ['isochrones'],
      summary: 'Isochrones (values in seconds) or road isodistances (metres) from a start point: one MultiPolygon per value, '
        + 'nested, smallest first. departureDate is accepted; traffic data does not exist yet, so it does not change the result.',
      body: isochronesBody,
    },
    // Costly: a few per second per client is plenty for a panel's preview.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request) => compute.compute(request.body));
};

type RouteModuleContext = Parameters<RouteModule>[1];

export const isochronesRoutes: RouteModule = async (api, ctx) => {
  await api.register(plugin, { compute: ctx.isochrones });
};
