/**
 * Heatmap calls (SPEC §7): the legend and the vector tiles of a measure per administrative unit,
 * on a map (census measures and the map's indicators), and the same for the census without a map
 * (public: anonymous callers have the free plan's heatmaps).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, heatmapQuery, mapIdParam, type HeatmapLegend, type HeatmapQuery } from '@catchment/domain';
import type { RouteModule } from '../routes.js';
import { sendTile } from '../http/tiles.js';
import { parseMapRef } from '../maps/map-ref.js';
import { readableMap } from '../maps/map-access.js';
import { MapStore } from '../maps/map-store.js';
import { requireFeatures, type PlanAccess } from '../plans/plan-access.js';
import { tileParams } from '../territories/territories.schemas.js';
import { CensusHeatmapSource } from './census-heatmap-source.js';
import { MetricHeatmapSource } from './metric-heatmap-source.js';
import { HeatmapsRepository } from './heatmaps.repository.js';
import { HeatmapsService } from './heatmaps.service.js';
import { HeatmapTimeLimit } from './heatmap-time-limit.js';
import { HeatmapValueSources, type HeatmapRequest } from './heatmap-value-source.js';

const tags = ['heatmaps'];
/** What changes when data is imported: a short cache. */
const SHORT_CACHE_SECONDS = 300;
const mapTileParams = tileParams({ id: mapIdParam.shape.id });
const censusTileParams = tileParams({});

const LEGEND_SUMMARY = 'breaks: the n + 1 class edges ascending [min, …, max] (class i holds breaks[i] <= value < breaks[i + 1], the last its maximum too); '
  + 'colors: the n class colours, light to dark; noDataColor for units without a value; version: pass it as `v` on tile URLs';
const TILE_SUMMARY = 'Vector tile: layer `heatmap`, one feature per unit (code, name, numeric `value`; no `value`: no data); 204 when empty or below the level\'s zoom; '
  + 'with ?v=<legend version> it is cached as immutable';

interface HeatmapsOptions { heatmaps: HeatmapsService; plans: PlanAccess; store: MapStore }

export const heatmapsPlugin: FastifyPluginAsyncZod<HeatmapsOptions> = async (app, { heatmaps, plans, store }) => {
  /**
   * The heatmap a call asks for, once the caller may read the map (404 otherwise) and their plan
   * has it (403), and what reading its values needs (an indicator's business counts).
   */
  async function allowed(request: FastifyRequest, mapSegment: string | null, query: HeatmapQuery): Promise<HeatmapRequest> {
    const clientId = request.session?.clientId;
    let mapId: number | null = null;
    if (mapSegment !== null) mapId = (await readableMap(store, parseMapRef(mapSegment), clientId)).map.id;
    // The public calls are the census's only (SPEC §7).
    else if (query.metricId !== undefined) throw new DomainError('heatmapMetricUnsupported');
    const heatmap = { query, mapId };
    const access = await plans.require(clientId, heatmaps.sourceOf(heatmap).feature);
    requireFeatures(access, ...(await heatmaps.readFeatures(heatmap)));
    return heatmap;
  }

  async function legend(request: FastifyRequest, reply: FastifyReply, heatmap: HeatmapRequest): Promise<HeatmapLegend> {
    reply.header('cache-control', cacheControl(request, false));
    return heatmaps.legend(heatmap);
  }

  async function tile(request: FastifyRequest, reply: FastifyReply, heatmap: HeatmapRequest, address: { z: number; x: number; y: number }) {
    const built = await heatmaps.tile(heatmap, address.z, address.x, address.y);
    return sendTile(request, reply, built.tile, cacheControl(request, heatmap.query.v === built.version));
  }

  app.get('/v2/maps/:id/heatmap/legend', {
    schema: { tags, summary: `The legend of a heatmap on the map: ${LEGEND_SUMMARY}`, params: mapIdParam, querystring: heatmapQuery },
  }, async (request, reply) => legend(request, reply, await allowed(request, request.params.id, request.query)));

  app.get('/v2/maps/:id/heatmap/tiles/:z/:x/:y.pbf', {
    schema: { tags, summary: `A heatmap tile on the map. ${TILE_SUMMARY}`, params: mapTileParams, querystring: heatmapQuery },
  }, async (request, reply) => tile(request, reply, await allowed(request, request.params.id, request.query), request.params));

  app.get('/v2/measures/census/heatmap/legend', {
    schema: { tags, summary: `The legend of a census heatmap (public): ${LEGEND_SUMMARY}`, querystring: heatmapQuery },
  }, async (request, reply) => legend(request, reply, await allowed(request, null, request.query)));

  app.get('/v2/measures/census/heatmap/tiles/:z/:x/:y.pbf', {
    schema: { tags, summary: `A census heatmap tile (public). ${TILE_SUMMARY}`, params: censusTileParams, querystring: heatmapQuery },
  }, async (request, reply) => tile(request, reply, await allowed(request, null, request.query), request.params));
};

/**
 * A logged-in caller's answer depends on their plan: only their browser keeps it. An anonymous
 * one's is the free plan's, the same for everybody. The version in the URL makes a tile immutable.
 */
function cacheControl(request: FastifyRequest, versioned: boolean): string {
  const scope = request.session?.clientId === undefined ? 'public' : 'private';
  return versioned ? `${scope}, max-age=31536000, immutable` : `${scope}, max-age=${SHORT_CACHE_SECONDS}`;
}

export const heatmapsRoutes: RouteModule = async (api, ctx) => {
  const repository = new HeatmapsRepository(ctx.database.db);
  const sources = new HeatmapValueSources(
    new CensusHeatmapSource(repository, ctx.territories.data),
    new MetricHeatmapSource(ctx.database.db, repository, ctx.territories.data),
  );
  const heatmaps = new HeatmapsService(ctx.database.db, repository, sources, ctx.compute, new HeatmapTimeLimit(ctx.config.heatmapTimeoutSeconds * 1000));
  await api.register(heatmapsPlugin, { heatmaps, plans: ctx.plans, store: new MapStore(ctx.database.db) });
};
