/** POST /v2/maps/{id}/heatmap/reachability: the "where to open" layer of a map (reachability.service.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapIdParam, REACHABILITY_LIMITS, reachabilityHeatmapBody } from '@catchment/domain';
import { clientGone } from '../../http/client-gone.js';
import { DEFAULT_MODE_COUNTRIES, parseModeCountries } from '../../isochrones/mode-availability.js';
import { parseMapRef } from '../../maps/map-ref.js';
import { MapStore } from '../../maps/map-store.js';
import { searchesServiceOf } from '../../poi/poi.routes.js';
import type { RouteModule } from '../../routes.js';
import { ReachabilityRepository } from './reachability.repository.js';
import { ReachabilityService } from './reachability.service.js';

const plugin: FastifyPluginAsyncZod<{ service: ReachabilityService }> = async (app, { service }) => {
  app.post('/v2/maps/:id/heatmap/reachability', {
    schema: {
      tags: ['heatmaps'],
      summary: 'The "where to open" layer: for a grid (a centre with sideMeters, or a bbox; square cells of cellMeters, '
        + `at most ${REACHABILITY_LIMITS.maxCells}), the people reachable from each cell's centre within durationSeconds by transportMode `
        + '(our road networks), net of what the businesses of competitorSearchId already reach; the cells as GeoJSON with their value '
        + 'and class, the best cells, class breaks and colours. PRO (heatmap:reachability).',
      params: mapIdParam,
      body: reachabilityHeatmapBody,
    },
    // Seconds of every routing thread: a user exploring the map needs far fewer than this.
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (request, reply) => service.compute(parseMapRef(request.params.id), request.session?.clientId, request.body, clientGone(reply)));
};

export const reachabilityRoutes: RouteModule = async (api, ctx) => {
  const service = new ReachabilityService({
    store: new MapStore(ctx.database.db),
    plans: ctx.plans,
    searches: searchesServiceOf(ctx),
    territories: ctx.territories.data,
    repository: new ReachabilityRepository(ctx.database.db),
    routing: ctx.routing,
    modeCountries: parseModeCountries(ctx.config.routingModeCountries ?? DEFAULT_MODE_COUNTRIES),
    countries: ctx.countries,
  });
  await api.register(plugin, { service });
};
