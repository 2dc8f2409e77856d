/**
 * GET /v2/maps/{id}/export (SPEC §7): the map's areas as a KML 2.2 or GeoJSON file to download.
 * Whoever may read the map may export it (map-access.ts: owner, members, anyone for a public map;
 * a 404 to everybody else). Built on the event loop: the cost is that of serialising the map, as
 * GET /v2/maps/{id} does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapExportQuery, mapIdParam } from '@catchment/domain';
import { attachment } from '../../http/attachment.js';
import { requestLocale } from '../../http/errors.js';
import { parseMapRef } from '../map-ref.js';
import type { MapsService } from '../maps.service.js';
import { mapExportFile } from './map-export.js';

export const mapExportPlugin: FastifyPluginAsyncZod<{ maps: MapsService }> = async (app, { maps }) => {
  app.get('/v2/maps/:id/export', {
    schema: {
      tags: ['maps'],
      summary: "The map's areas as a file: KML 2.2 (a Folder per folder, a Placemark per area) or GeoJSON (a FeatureCollection, a Feature per area)",
      params: mapIdParam,
      querystring: mapExportQuery,
    },
  }, async (request, reply) => {
    const map = await maps.document(parseMapRef(request.params.id), request.session?.clientId);
    const file = mapExportFile(map, { ...request.query, locale: requestLocale(request) });
    return reply.type(file.contentType).header('content-disposition', attachment(file.filename)).send(file.body);
  });
};
