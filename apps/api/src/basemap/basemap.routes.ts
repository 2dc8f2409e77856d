/**
 * The basemap: a MapLibre style (labels in English or French) over two sources served here, the
 * coarse world layer cut from the demo data on request, and the street-level OpenStreetMap tiles
 * read from PMTiles archives (the operator's Protomaps archive, the regions imported with
 * `npm run data -- import osm`, the demo's). The web app uses MAP_STYLE_URL instead when one is
 * configured.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { basemapStyle, type BasemapTiles } from '@catchment/geodata';
import type { Config } from '../config.js';
import type { RouteModule } from '../routes.js';
import { sendTile } from '../http/tiles.js';
import { BasemapArchives, unionBounds } from './basemap-archives.js';
import { demoBasemapDirectory } from './demo-basemaps.setup.js';
import { osmTileParams, OSM_TILE_MAX_ZOOM, styleQuery, tileParams } from './basemap.schemas.js';
import { sendStoredTile } from './send-stored-tile.js';

/** World tiles change only when the demo data is rebuilt (a new version of the app or of its data packages). */
const TILE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** Street-level tiles change when an extract is imported again. */
const OSM_TILE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';
const STYLE_CACHE_CONTROL = 'public, max-age=300';

/** Behind a proxy named in TRUST_PROXY, the address the browser used (Fastify then reads X-Forwarded-*). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const basemapPlugin: FastifyPluginAsyncZod<{ basemap: BasemapTiles; archives: BasemapArchives }> = async (app, { basemap, archives }) => {
  app.addHook('onClose', () => archives.close());

  app.get('/basemap/style.json', {
    schema: {
      tags: ['basemap'],
      summary: 'MapLibre style of the basemap, labels in the language asked for (absolute tile URLs for this host)',
      querystring: styleQuery,
    },
  }, async (request, reply) => {
    const origin = requestOrigin(request);
    const available = await archives.list();
    const bounds = unionBounds(available);
    const attributions = [...new Set(available.flatMap((archive) => (archive.attribution ? [archive.attribution] : [])))];
    reply.header('cache-control', STYLE_CACHE_CONTROL).header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
    return basemapStyle({
      worldTilesUrl: `${origin}/api/basemap/tiles/{z}/{x}/{y}.pbf`,
      osm: bounds && {
        tilesUrl: `${origin}/api/basemap/osm/{z}/{x}/{y}.pbf`,
        bounds,
        minZoom: Math.min(...available.map((archive) => archive.minZoom)),
        maxZoom: Math.min(OSM_TILE_MAX_ZOOM, Math.max(...available.map((archive) => archive.maxZoom))),
        attribution: attributions.length > 0 ? attributions.join(' · ') : undefined,
      },
      language: request.query.lang,
    });
  });

  app.get('/basemap/tiles/:z/:x/:y.pbf', {
    schema: { tags: ['basemap'], summary: 'A vector tile of the coarse world layer (204 when empty)', params: tileParams },
  }, async (request, reply) => sendTile(request, reply, basemap.tile(request.params), TILE_CACHE_CONTROL));

  app.get('/basemap/osm/:z/:x/:y.pbf', {
    schema: {
      tags: ['basemap'],
      summary: 'A street-level vector tile in the Protomaps basemap schema, from the imported regions or the operator’s archive (204 where none has it)',
      params: osmTileParams,
    },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    return sendStoredTile(request, reply, await archives.tile(z, x, y), OSM_TILE_CACHE_CONTROL);
  });
};

export function basemapArchives(config: Pick<Config, 'basemapPmtiles' | 'basemapDir' | 'dataDir'>, log: (message: string) => void): BasemapArchives {
  return new BasemapArchives({
    operatorArchive: config.basemapPmtiles,
    importedDir: config.basemapDir,
    demoDir: demoBasemapDirectory(config),
    log,
  });
}

/** Registered only when the demo data is loaded (the server always loads it; some tests do not). */
export const basemapRoutes: RouteModule = async (api, ctx) => {
  if (!ctx.basemap) return;
  const archives = basemapArchives(ctx.config, (message) => api.log.warn(message));
  await api.register(basemapPlugin, { basemap: ctx.basemap, archives });
};

