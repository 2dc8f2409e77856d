/**
 * HTTP routes of maps (/v2/maps), and the registration of the whole maps module: maps, folders
 * and areas share one MapStore. Routes only translate HTTP; the rules live in the services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMapBody, listMapsQuery, mapIdParam, mapMemberBody, mapMemberParams, patchMapBody } from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import { requireClientId } from '../auth/session.plugin.js';
import type { RouteModule } from '../routes.js';
import { MapStore } from './map-store.js';
import { parseMapRef } from './map-ref.js';
import { anonymousWriteGuard, requireSessionFirst, writeVersion, type WriteGuard } from './map-requests.js';
import { MapMembersService } from './map-members.service.js';
import { MapsService } from './maps.service.js';
import { FoldersService } from './folders.service.js';
import { AreasService } from './areas.service.js';
import { foldersPlugin } from './folders.routes.js';
import { areasPlugin } from './areas.routes.js';
import { mapExportPlugin } from './export/map-export.routes.js';

const tags = ['maps'];

/**
 * A public map as anybody without a session reads it (the embedded view, shared links): the same
 * for everyone, so any cache may keep it a minute (edits and a switch to private show within that
 * minute). Members' and owners' reads stay no-store (the /api default): they edit from them.
 * Vary: Cookie keeps a shared cache from answering a member with the visitors' copy.
 */
const PUBLIC_MAP_CACHE_CONTROL = 'public, max-age=60';

interface MapsPluginOptions { maps: MapsService; members: MapMembersService; onRequest: WriteGuard }

const mapsPlugin: FastifyPluginAsyncZod<MapsPluginOptions> = async (app, { maps, members, onRequest }) => {
  app.post('/v2/maps', {
    schema: { tags, summary: 'Create a map (title defaults to "My map" in the request language)', body: createMapBody }, onRequest,
  }, async (request, reply) => {
    const map = await maps.create(requireClientId(request), request.body, requestLocale(request));
    return reply.code(201).send(map);
  });

  app.get('/v2/maps', {
    schema: { tags, summary: 'Maps the user owns or is a member of: sorted, searched by title, paged', querystring: listMapsQuery },
  }, async (request) => maps.list(requireClientId(request), request.query));

  app.get('/v2/maps/:id', {
    schema: {
      tags, params: mapIdParam,
      summary: 'A map with its folders and areas, by id or accessId (public maps: anyone); a public map read without a session may be cached for a minute',
    },
  }, async (request, reply) => {
    const map = await maps.get(parseMapRef(request.params.id), request.session?.clientId);
    if (!request.session && map.public) reply.header('cache-control', PUBLIC_MAP_CACHE_CONTROL).header('vary', 'Cookie');
    return map;
  });

  app.patch('/v2/maps/:id', {
    schema: { tags, summary: 'Change title, public flag (owner only) or selection (an area of this map, or null); answers the new summary', params: mapIdParam, body: patchMapBody }, onRequest,
  }, async (request) => {
    const { version, ...changes } = request.body;
    return maps.update(parseMapRef(request.params.id), requireClientId(request), changes, writeVersion(request, version), requestLocale(request));
  });

  app.delete('/v2/maps/:id', {
    schema: { tags, summary: 'Delete a map (owner only)', params: mapIdParam }, onRequest,
  }, async (request, reply) => {
    await maps.delete(parseMapRef(request.params.id), requireClientId(request), writeVersion(request));
    return reply.code(204).send();
  });

  app.post('/v2/maps/:id/clone', {
    schema: { tags, summary: 'Copy a readable map into a new private map of the caller (401 without a session, public map or not)', params: mapIdParam },
    onRequest: requireSessionFirst,
  }, async (request, reply) => {
    const copy = await maps.clone(parseMapRef(request.params.id), requireClientId(request), requestLocale(request));
    return reply.code(201).send(copy);
  });

  app.get('/v2/maps/:id/accessid', {
    schema: { tags, summary: 'The id and accessId (shared-link identifier) of a map', params: mapIdParam },
  }, async (request) => maps.accessId(parseMapRef(request.params.id), request.session?.clientId));

  app.get('/v2/maps/:id/clients', {
    schema: { tags, summary: "The map's members (SPEC §3 Map authorised users), in the order they were added: to the owner and the members", params: mapIdParam },
  }, async (request) => members.list(parseMapRef(request.params.id), request.session?.clientId));

  app.post('/v2/maps/:id/clients', {
    schema: {
      tags, params: mapIdParam, body: mapMemberBody,
      summary: 'The owner shares the map with a registered user by e-mail (any case): 201 with the new member, 200 with the member when they were one already; 404 MAP_MEMBER_UNKNOWN when no account has the address',
    }, onRequest,
  }, async (request, reply) => {
    const { member, created } = await members.add(parseMapRef(request.params.id), requireClientId(request), request.body.email);
    return reply.code(created ? 201 : 200).send(member);
  });

  app.delete('/v2/maps/:id/clients/:clientId', {
    schema: { tags, summary: 'The owner removes a member, or a member leaves the map (clientId: their own id)', params: mapMemberParams }, onRequest,
  }, async (request, reply) => {
    await members.remove(parseMapRef(request.params.id), requireClientId(request), request.params.clientId);
    return reply.code(204).send();
  });
};

export const mapsRoutes: RouteModule = async (api, ctx) => {
  const store = new MapStore(ctx.database.db, ctx.events);
  const maps = new MapsService(store, ctx.clients);
  const onRequest = anonymousWriteGuard(store.maps);
  await api.register(mapsPlugin, { maps, members: new MapMembersService(store, ctx.clients), onRequest });
  await api.register(mapExportPlugin, { maps });
  await api.register(foldersPlugin, { folders: new FoldersService(store), onRequest });
  await api.register(areasPlugin, { areas: new AreasService(store, ctx.clients, ctx.areaResolvers, ctx.compute), onRequest });
};
