/** HTTP routes of a map's own datasets (SPEC §7 Map datasets), under /v2/maps/{id}/datasets. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addMapDatasetsBody, datasetAggregationBody, datasetReportBody, deleteMapDatasetQuery, mapDatasetItemParams, mapDatasetParams, mapDatasetTileParams,
  mapDatasetTileQuery, mapIdParam, orderMapDatasetBody, updateMapDatasetBody, type MapDatasetRemoved,
} from '@catchment/domain';
import { requireClientId } from '../../auth/session.plugin.js';
import type { ComputePool } from '../../compute/compute-pool.js';
import { attachment, XLSX_TYPE } from '../../http/attachment.js';
import { requestLocale } from '../../http/errors.js';
import { parseMapRef } from '../../maps/map-ref.js';
import { anonymousWriteGuardOver, type WriteGuard } from '../../maps/map-requests.js';
import { assertCountablePolygons } from '../../poi/searches/searches.routes.js';
import type { AppContext } from '../../context.js';
import type { RouteModule } from '../../routes.js';
import { DatasetFigures } from './dataset-figures.js';
import { MapDatasetsService } from './map-datasets.service.js';

const tags = ['datasets'];

/** `onRequest` answers an anonymous write before its body is validated (maps/map-requests.ts). */
export const mapDatasetsPlugin: FastifyPluginAsyncZod<{ mapDatasets: MapDatasetsService; compute: ComputePool; onRequest: WriteGuard }> = async (app, { mapDatasets, compute, onRequest }) => {
  const clientOf = (request: { session?: { clientId: number } | null }) => request.session?.clientId;
  const write = (request: Parameters<typeof requireClientId>[0], id: string, version: number | undefined) =>
    ({ ref: parseMapRef(id), clientId: requireClientId(request), expectedVersion: version });

  app.get('/v2/maps/:id/datasets', {
    schema: { tags, summary: "The map's datasets in list order, each with the dataset, and the version of the list", params: mapIdParam },
  }, async (request) => mapDatasets.list(parseMapRef(request.params.id), clientOf(request)));

  app.post('/v2/maps/:id/datasets/bulk', {
    schema: { tags, summary: "Puts datasets of the caller's own on the map, after the others (those on it already stay: 200 when none is new)", params: mapIdParam, body: addMapDatasetsBody }, onRequest,
  }, async (request, reply) => {
    const { added, ...list } = await mapDatasets.add(write(request, request.params.id, request.body.version), request.body.datasets.map((dataset) => dataset.datasetId));
    return reply.code(added ? 201 : 200).send(list);
  });

  app.patch('/v2/maps/:id/datasets/:datasetId', {
    schema: { tags, summary: "Shows or hides a dataset on the map, or sets this map's column for sums and averages (409 if the datasets changed since `version`); with the datasets' new version (datasetsVersion)", params: mapDatasetParams, body: updateMapDatasetBody }, onRequest,
  }, async (request) => {
    const { version, ...changes } = request.body;
    return mapDatasets.update(write(request, request.params.id, version), request.params.datasetId, changes);
  });

  app.delete('/v2/maps/:id/datasets/:datasetId', {
    schema: { tags, summary: "Takes a dataset off the map (409 if the datasets changed since `version`); 200 with the datasets' new version (datasetsVersion)", params: mapDatasetParams, querystring: deleteMapDatasetQuery }, onRequest,
  }, async (request): Promise<MapDatasetRemoved> => {
    return mapDatasets.remove(write(request, request.params.id, request.query.version), request.params.datasetId);
  });

  app.put('/v2/maps/:id/datasets/:datasetId/order', {
    schema: { tags, summary: 'Moves a dataset just before or after another, named by its link id (409 if the datasets changed since `version`)', params: mapDatasetParams, body: orderMapDatasetBody }, onRequest,
  }, async (request) => {
    const { version, ...move } = request.body;
    return mapDatasets.move(write(request, request.params.id, version), request.params.datasetId, move);
  });

  app.get('/v2/maps/:id/datasets/:datasetId/:itemId', {
    schema: { tags, summary: "One row of the dataset: its cells by column name, its position and how it was placed", params: mapDatasetItemParams },
  }, async (request) => mapDatasets.item(parseMapRef(request.params.id), clientOf(request), request.params.datasetId, request.params.itemId));

  app.get('/v2/maps/:id/datasets/:datasetId/tiles/:z/:x/:y.pbf', {
    schema: {
      tags, summary: "Vector tile of the dataset's placed rows (layer items: id and name, the label column; below zoom 12 groups in layer clusters with their count)",
      params: mapDatasetTileParams, querystring: mapDatasetTileQuery,
    },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    const tile = await mapDatasets.tile(parseMapRef(request.params.id), clientOf(request), request.params.datasetId, z, x, y);
    // `lastSyncKey` changes the URL when the dataset changes; without it a change shows within a minute.
    reply.header('cache-control', 'private, max-age=60');
    if (!tile) return reply.code(204).send();
    return reply.type('application/x-protobuf').send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
  });

  app.post('/v2/maps/:id/datasets/:datasetId/aggregation', {
    schema: {
      tags, summary: "One figure per polygon: the dataset's rows inside (count), or the sum or average of a column's numbers over them (`values`, in the polygons' order)",
      params: mapDatasetParams, body: datasetAggregationBody,
    },
  }, async (request) => {
    await assertCountablePolygons(compute, request.body.polygons);
    return mapDatasets.aggregate(parseMapRef(request.params.id), clientOf(request), request.params.datasetId, request.body);
  });

  app.post('/v2/maps/:id/datasets/:datasetId/report', {
    schema: { tags, summary: "XLSX of the dataset's rows inside each polygon, one sheet per polygon (refused above DATASET_EXPORT_MAX_ROWS)", params: mapDatasetParams, body: datasetReportBody },
  }, async (request, reply) => {
    await assertCountablePolygons(compute, request.body.polygons);
    const { workbook, name } = await mapDatasets.report(parseMapRef(request.params.id), clientOf(request), request.params.datasetId, request.body.polygons, request.body.labels, requestLocale(request));
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(`${name}.xlsx`)).send(workbook);
  });
};

/** The map datasets service of a server (these routes, and the reports that total a map's own data). */
export function mapDatasetsServiceOf(ctx: AppContext): MapDatasetsService {
  return new MapDatasetsService(ctx.database.db, ctx.compute, new DatasetFigures(ctx.compute), ctx.events);
}

/** The module's routes and services, registered by the datasets module. */
export const mapDatasetsRoutes: RouteModule = async (api, ctx) => {
  await api.register(mapDatasetsPlugin, { mapDatasets: mapDatasetsServiceOf(ctx), compute: ctx.compute, onRequest: anonymousWriteGuardOver(ctx.database.db) });
};
