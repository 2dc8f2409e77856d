/** HTTP routes of the areas of a folder: bulk create, change and delete; single change, delete and move. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  areaParams, createAreasBulkBody, deleteAreasBulkBody, folderParams, orderAreaBody, patchAreaBody, patchAreasBulkBody,
} from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import { folderWrite, type WriteGuard } from './map-requests.js';
import { refuseOversizedGeometries } from './geometry-size.js';
import type { AreasService } from './areas.service.js';

const tags = ['areas'];

export const areasPlugin: FastifyPluginAsyncZod<{ areas: AreasService; onRequest: WriteGuard }> = async (app, { areas, onRequest }) => {
  // Every route here writes: an anonymous caller is answered before the body is read (map-requests.ts).
  app.addHook('onRequest', onRequest);
  app.addHook('preValidation', refuseOversizedGeometries);

  app.post('/v2/maps/:id/folders/:folderId/areas/bulk', {
    schema: {
      tags,
      summary: 'Append areas to a folder; circles are computed by the server, other kinds by registered resolvers (else 422)',
      params: folderParams, body: createAreasBulkBody,
    },
  }, async (request, reply) => {
    const created = await areas.create(folderWrite(request, request.params, request.body.version), request.body.areas, requestLocale(request));
    return reply.code(201).send(created);
  });

  app.patch('/v2/maps/:id/folders/:folderId/areas/bulk', {
    schema: {
      tags,
      summary: 'Change several areas of a folder; a new centre, radius, travel mode, value or transit departureDate recomputes a circle or travel-time area',
      params: folderParams, body: patchAreasBulkBody,
    },
  }, async (request) => areas.update(folderWrite(request, request.params, request.body.version), request.body.areas, requestLocale(request)));

  app.delete('/v2/maps/:id/folders/:folderId/areas/bulk', {
    schema: { tags, summary: 'Delete several areas of a folder', params: folderParams, body: deleteAreasBulkBody },
  }, async (request) => areas.delete(folderWrite(request, request.params, request.body.version), request.body.uuids));

  app.patch('/v2/maps/:id/folders/:folderId/areas/:areaId', {
    schema: { tags, summary: 'Change an area', params: areaParams, body: patchAreaBody },
  }, async (request) => {
    const { version, ...changes } = request.body;
    const result = await areas.update(folderWrite(request, request.params, version), [{ ...changes, uuid: request.params.areaId }], requestLocale(request), () => 'body');
    return { area: result.areas[0], version: result.version };
  });

  app.delete('/v2/maps/:id/folders/:folderId/areas/:areaId', {
    schema: { tags, summary: 'Delete an area', params: areaParams },
  }, async (request) => areas.delete(folderWrite(request, request.params), [request.params.areaId]));

  app.put('/v2/maps/:id/folders/:folderId/areas/:areaId/order', {
    schema: { tags, summary: 'Move an area just before or after another area, possibly in another folder of the map', params: areaParams, body: orderAreaBody },
  }, async (request) => {
    const { version, ...input } = request.body;
    return areas.move({ ...folderWrite(request, request.params, version), areaUuid: request.params.areaId }, input);
  });
};
