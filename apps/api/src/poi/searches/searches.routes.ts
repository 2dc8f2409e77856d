/** HTTP routes of the business searches of a map (SPEC §7) and of the POI catalogues. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countDraftSearchBody, countSearchBody, createSearchBody, deleteSearchQuery, mapIdParam, orderSearchBody, searchItemParams, searchItemsQuery, searchParams, searchReportBody, searchTileParams,
  updateSearchBody, type AreaGeometry, type SearchCounts,
} from '@catchment/domain';
import { requireClientId } from '../../auth/session.plugin.js';
import { attachment, XLSX_TYPE } from '../../http/attachment.js';
import { requestLocale } from '../../http/errors.js';
import { parseMapRef } from '../../maps/map-ref.js';
import type { WriteGuard } from '../../maps/map-requests.js';
import type { ComputePool } from '../../compute/compute-pool.js';
import { assertDrawableIn } from '../../maps/areas.service.js';
import type { PoiCount } from '../count/poi-counts.js';
import type { SearchesService } from './searches.service.js';

const tags = ['searches'];

/** The count answer of SPEC §7: numbers in the polygons' order, and which ones are estimates. */
export const countAnswer = (counts: PoiCount[]): SearchCounts => ({ counts: counts.map((item) => item.count), estimated: counts.map((item) => item.estimated) });

/** The body's polygons checked as areas in a compute thread (400 naming `polygons.{i}` otherwise). */
export const assertCountablePolygons = (compute: ComputePool, polygons: readonly AreaGeometry[]) =>
  assertDrawableIn(compute, polygons.map((geometry, index) => ({ geometry, path: `body.polygons.${index}` })));

/** `onRequest` answers an anonymous write before its body is validated (maps/map-requests.ts); counts are reads sent as POST, without it. */
export const searchesPlugin: FastifyPluginAsyncZod<{ searches: SearchesService; compute: ComputePool; onRequest: WriteGuard }> = async (app, { searches, compute, onRequest }) => {
  const clientOf = (request: { session?: { clientId: number } | null }) => request.session?.clientId;
  const write = (request: Parameters<typeof requireClientId>[0], id: string, version: number | undefined) =>
    ({ ref: parseMapRef(id), clientId: requireClientId(request), expectedVersion: version });

  app.get('/v2/maps/:id/searches', {
    schema: { tags, summary: "The map's business searches in list order, with the version of the list", params: mapIdParam },
  }, async (request) => searches.list(parseMapRef(request.params.id), clientOf(request)));

  app.post('/v2/maps/:id/searches', {
    schema: { tags, summary: 'Creates a business search at the end of the list (free plan: the first search only)', params: mapIdParam, body: createSearchBody }, onRequest,
  }, async (request, reply) => {
    const { version, ...input } = request.body;
    return reply.code(201).send(await searches.create(write(request, request.params.id, version), input));
  });

  app.patch('/v2/maps/:id/searches/:searchId', {
    schema: { tags, summary: 'Changes what a search looks for, its name or colour (409 if the searches changed since `version`)', params: searchParams, body: updateSearchBody }, onRequest,
  }, async (request) => {
    const { version, ...input } = request.body;
    return searches.update(write(request, request.params.id, version), request.params.searchId, input);
  });

  app.delete('/v2/maps/:id/searches/:searchId', {
    schema: { tags, summary: 'Deletes a search (409 if the searches changed since `version`)', params: searchParams, querystring: deleteSearchQuery }, onRequest,
  }, async (request, reply) => {
    await searches.delete(write(request, request.params.id, request.query.version), request.params.searchId);
    return reply.code(204).send();
  });

  app.put('/v2/maps/:id/searches/:searchId/order', {
    schema: { tags, summary: 'Moves a search just before or after another (409 if the searches changed since `version`)', params: searchParams, body: orderSearchBody }, onRequest,
  }, async (request) => {
    const { version, ...move } = request.body;
    return searches.move(write(request, request.params.id, version), request.params.searchId, move);
  });

  app.get('/v2/maps/:id/searches/:searchId/items', {
    schema: { tags, summary: "The search's businesses inside one of the map's areas, a page at a time (positioned ones first, by name)", params: searchParams, querystring: searchItemsQuery },
  }, async (request) => searches.items(parseMapRef(request.params.id), clientOf(request), request.params.searchId, request.query));

  app.get('/v2/maps/:id/searches/:searchId/:itemId', {
    schema: { tags, summary: 'One business the search finds, with its labels in the request language', params: searchItemParams },
  }, async (request) => searches.item(parseMapRef(request.params.id), clientOf(request), request.params.searchId, request.params.itemId, requestLocale(request)));

  app.post('/v2/maps/:id/searches/:searchId/report', {
    schema: { tags, summary: "XLSX of the search's businesses inside areas of the map, one sheet per area (Pro; refused above POI_EXPORT_MAX_ITEMS)", params: searchParams, body: searchReportBody },
  }, async (request, reply) => {
    const { workbook, name } = await searches.report(parseMapRef(request.params.id), clientOf(request), request.params.searchId, request.body.areaUuids, requestLocale(request));
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(`${name}.xlsx`)).send(workbook);
  });

  app.get('/v2/maps/:id/searches/:searchId/tiles/:z/:x/:y.pbf', {
    schema: { tags, summary: "Vector tile of the search's businesses (layer items; below zoom 12 groups in layer clusters with their count)", params: searchTileParams },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    const tile = await searches.tile(parseMapRef(request.params.id), clientOf(request), request.params.searchId, z, x, y);
    // The URL names what the search looks for (?f=); a new import shows within a minute.
    reply.header('cache-control', 'private, max-age=60');
    if (!tile) return reply.code(204).send();
    return reply.type('application/x-protobuf').send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
  });

  app.post('/v2/maps/:id/searches/count', {
    schema: { tags, summary: 'How many businesses a search being edited finds in each polygon', params: mapIdParam, body: countDraftSearchBody },
  }, async (request) => {
    await assertCountablePolygons(compute, request.body.polygons);
    return countAnswer(await searches.countDraft(parseMapRef(request.params.id), clientOf(request), request.body.search, request.body.polygons));
  });

  app.post('/v2/maps/:id/searches/:searchId/count', {
    schema: { tags, summary: 'How many businesses of the search each polygon holds (`estimated` where establishments placed by IRIS count by share)', params: searchParams, body: countSearchBody },
  }, async (request) => {
    await assertCountablePolygons(compute, request.body.polygons);
    return countAnswer(await searches.count(parseMapRef(request.params.id), clientOf(request), request.params.searchId, request.body.polygons));
  });
};
