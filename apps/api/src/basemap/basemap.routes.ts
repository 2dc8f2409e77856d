/**
 * The offline basemap: a MapLibre style pointing at our own vector tiles, and the tiles, cut from
 * the demo data on request. The web app uses MAP_STYLE_URL instead when one is configured.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { basemapStyle, type BasemapTiles } from '@catchment/geodata';
import type { RouteModule } from '../routes.js';
import { sendTile } from '../http/tiles.js';
import { tileParams } from './basemap.schemas.js';

/** Tiles change only when the demo data is rebuilt (a new version of the app or of its data packages). */
const TILE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
const STYLE_CACHE_CONTROL = 'public, max-age=300';

/** Behind a proxy named in TRUST_PROXY, the address the browser used (Fastify then reads X-Forwarded-*). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const basemapPlugin: FastifyPluginAsyncZod<{ basemap: BasemapTiles }> = async (app, { basemap }) => {
  app.get('/basemap/style.json', {
    schema: { tags: ['basemap'], summary: 'MapLibre style of the offline basemap (absolute tile URLs for this host)' },
  }, async (request, reply) => {
    reply.header('cache-control', STYLE_CACHE_CONTROL).header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
    return basemapStyle(`${requestOrigin(request)}/api/basemap/tiles/{z}/{x}/{y}.pbf`);
  });

  app.get('/basemap/tiles/:z/:x/:y.pbf', {
    schema: { tags: ['basemap'], summary: 'A vector tile of the offline basemap (204 when empty)', params: tileParams },
  }, async (request, reply) => sendTile(request, reply, basemap.tile(request.params), TILE_CACHE_CONTROL));
};

/** Registered only when the demo data is loaded (the server always loads it; some tests do not). */
export const basemapRoutes: RouteModule = async (api, ctx) => {
  if (ctx.basemap) await api.register(basemapPlugin, { basemap: ctx.basemap });
};
