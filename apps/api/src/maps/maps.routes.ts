/**
 * HTTP routes of maps (/v2/maps), and the registration of the whole maps module: maps, folders
 * and areas share one MapStore. Routes only translate HTTP; the rules live in the services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMapBody, listMapsQuery, mapIdParam, patchMapBody } from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import { requireClientId } from '../auth/session.plugin.js';
import type { RouteModule } from '../routes.js';
import { MapStore } from './map-store.js';
import { parseMapRef } from './map-ref.js';
import { requireSessionForWrites, writeVersion } from './map-requests.js';
import { MapsService } from './maps.service.js';
import { FoldersService } from './folders.service.js';
import { AreasService } from './areas.service.js';
import { foldersPlugin } from './folders.routes.js';
import { areasPlugin } from './areas.routes.js';
import { mapExportPlugin } from './export/map-export.routes.js';

const tags = ['maps'];

const mapsPlugin: FastifyPluginAsyncZod<{ maps: MapsService }> = async (app, { maps }) => {
  app.addHook('onRequest', requireSessionForWrites);

  app.post('/v2/maps', {
    schema: { tags, summary: 'Create a map (title defaults to "My map" in the request language)', body: createMapBody },
  }, async (request, reply) => {
    const map = await maps.create(requireClientId(request), request.body, requestLocale(request));
    return reply.code(201).send(map);
  });

  app.get('/v2/maps', {
    schema: { tags, summary: 'Maps the user owns or is a member of: sorted, searched by title, paged', querystring: listMapsQuery },
  }, async (request) => maps.list(requireClientId(request), request.query));

  app.get('/v2/maps/:id', {
    schema: { tags, summary: 'A map with its folders and areas, by id or accessId (public maps: anyone)', params: mapIdParam },
  }, async (request) => maps.get(parseMapRef(request.params.id), request.session?.clientId));

  app.patch('/v2/maps/:id', {
    schema: { tags, summary: 'Change title, public flag (owner only) or selection (an area of this map, or null); answers the new summary', params: mapIdParam, body: patchMapBody },
  }, async (request) => {
    const { version, ...changes } = request.body;
    return maps.update(parseMapRef(request.params.id), requireClientId(request), changes, writeVersion(request, version), requestLocale(request));
  });

  app.delete('/v2/maps/:id', {
    schema: { tags, summary: 'Delete a map (owner only)', params: mapIdParam },
  }, async (request, reply) => {
    await maps.delete(parseMapRef(request.params.id), requireClientId(request), writeVersion(request));
    return reply.code(204).send();
  });

  app.post('/v2/maps/:id/clone', {
    schema: { tags, summary: 'Copy a readable map into a new private map of the caller', params: mapIdParam },
  }, async (request, reply) => {
    const copy = await maps.clone(parseMapRef(request.params.id), requireClientId(request), requestLocale(request));
    return reply.code(201).send(copy);
  });

  app.get('/v2/maps/:id/accessid', {
    schema: { tags, summary: 'The id and accessId (shared-link identifier) of a map', params: mapIdParam },
  }, async (request) => maps.accessId(parseMapRef(request.params.id), request.session?.clientId));
};

export const mapsRoutes: RouteModule = async (api, ctx) => {
  const store = new MapStore(ctx.database.db, ctx.events);
  const maps = new MapsService(store, ctx.clients);
  await api.register(mapsPlugin, { maps });
  await api.register(mapExportPlugin, { maps });
  await api.register(foldersPlugin, { folders: new FoldersService(store) });
  await api.register(areasPlugin, { areas: new AreasService(store, ctx.clients, ctx.areaResolvers, ctx.compute) });
};
