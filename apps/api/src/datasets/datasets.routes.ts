/**
 * Own data (SPEC §7 Data files, Datasets): uploads, the import of an upload as a dataset (a job of
 * the queue), an account's datasets and the report of the rows an import could not place.
 */
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDatasetItemsBody, clientIdParam, createDatasetBody, dataFileParams, datasetParams, importDataFileBody, updateDatasetBody, type ClientDatasetView,
} from '@catchment/domain';
import { requireOwnAccount } from '../auth/session.plugin.js';
import { attachment } from '../http/attachment.js';
import type { RouteModule } from '../routes.js';
import { DatasetsRepository } from './datasets.repository.js';
import { DatasetsService, type StartImport } from './datasets.service.js';
import { DataFileStore } from './files/data-file-store.js';
import { dataFilesPlugin } from './files/data-files.routes.js';
import { DataFilesRepository } from './files/data-files.repository.js';
import { DataFilesService } from './files/data-files.service.js';
import { DATASET_IMPORT_QUEUE, DATASET_IMPORT_QUEUE_OPTIONS, datasetImportHandler } from './import/dataset-import.job.js';
import { runInProcess } from '../jobs/run-in-process.js';
import { geocodeWith } from './import/geocode-rows.js';
import { LOST_IMPORTS_SWEEP_CRON, LOST_IMPORTS_SWEEP_QUEUE, sweepLostImports } from './import/lost-imports.js';
import { notPlacedCsv } from './import/not-placed-report.js';
import { datasetsSyncEvent } from './maps/map-dataset-events.js';
import { mapDatasetsRoutes } from './maps/map-datasets.routes.js';

const tags = ['datasets'];

const datasetsPlugin: FastifyPluginAsyncZod<{ datasets: DatasetsService }> = async (app, { datasets }) => {
  app.post('/Clients/:id/dataFiles/:fileId/import', {
    schema: {
      tags, params: dataFileParams, body: importDataFileBody,
      summary: 'Imports an uploaded file as a dataset, placing its rows by coordinates or address: 201 when done, 202 while it goes on (its progress comes over the real-time channel)',
    },
  }, async (request, reply): Promise<ClientDatasetView> => {
    requireOwnAccount(request, request.params.id);
    const { dataset, done } = await datasets.importFile(request.params.id, request.params.fileId, request.body);
    return reply.code(done ? 201 : 202).send(dataset);
  });

  app.post('/Clients/:id/datasets', {
    schema: { tags, summary: 'Creates a dataset without a file: its columns, and rows with their positions', params: clientIdParam, body: createDatasetBody },
  }, async (request, reply): Promise<ClientDatasetView> => {
    requireOwnAccount(request, request.params.id);
    return reply.code(201).send(await datasets.create(request.params.id, request.body));
  });

  app.post('/Clients/:id/datasets/:datasetId', {
    schema: { tags, summary: "Adds rows to a dataset (`items`: fields by column name, position), within the plan's pins", params: datasetParams, body: addDatasetItemsBody },
  }, async (request): Promise<ClientDatasetView> => {
    requireOwnAccount(request, request.params.id);
    return datasets.addItems(request.params.id, request.params.datasetId, request.body.items);
  });

  app.get('/Clients/:id/datasets', {
    schema: { tags, summary: "The account's datasets, newest first, with their import status and counts", params: clientIdParam },
  }, async (request): Promise<ClientDatasetView[]> => {
    requireOwnAccount(request, request.params.id);
    return datasets.list(request.params.id);
  });

  app.get('/Clients/:id/datasets/:datasetId', {
    schema: { tags, summary: 'One dataset', params: datasetParams },
  }, async (request): Promise<ClientDatasetView> => {
    requireOwnAccount(request, request.params.id);
    return datasets.get(request.params.id, request.params.datasetId);
  });

  app.patch('/Clients/:id/datasets/:datasetId', {
    schema: { tags, summary: 'Renames a dataset, changes its colour or its default column', params: datasetParams, body: updateDatasetBody },
  }, async (request): Promise<ClientDatasetView> => {
    requireOwnAccount(request, request.params.id);
    return datasets.update(request.params.id, request.params.datasetId, request.body);
  });

  app.delete('/Clients/:id/datasets/:datasetId', {
    schema: { tags, summary: 'Deletes a dataset and its rows', params: datasetParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    await datasets.remove(request.params.id, request.params.datasetId);
    return reply.code(204).send();
  });

  app.get('/Clients/:id/datasets/:datasetId/report', {
    schema: { tags, summary: 'The rows the import could not place, as CSV (UTF-8), with their row numbers', params: datasetParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    const { dataset, rows } = await datasets.notPlaced(request.params.id, request.params.datasetId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`${dataset.name} - not placed.csv`)).send(notPlacedCsv(dataset.columns, rows));
  });
};

export const datasetsRoutes: RouteModule = async (api, ctx) => {
  const store = new DataFileStore(path.join(ctx.config.dataDir, 'uploads'));
  const files = new DataFilesRepository(ctx.database.db);
  const datasets = new DatasetsRepository(ctx.database.db);
  const handler = datasetImportHandler({ datasets, files, store, geocode: geocodeWith(ctx.geocoder) }, ctx.events, (message, error) => api.log.error({ err: error }, message));
  let startImport: StartImport;
  if (ctx.jobs) {
    const jobs = ctx.jobs;
    await jobs.register(DATASET_IMPORT_QUEUE, handler, DATASET_IMPORT_QUEUE_OPTIONS);
    startImport = async (job) => { await jobs.send(DATASET_IMPORT_QUEUE, job); };
    // Every minute, in one process: imports whose job was lost are failed and their pins freed.
    await jobs.register(LOST_IMPORTS_SWEEP_QUEUE, async () => {
      const swept = await sweepLostImports({ datasets, jobs, events: ctx.events });
      if (swept.length > 0) api.log.warn({ datasets: swept }, 'imports whose job was lost, marked failed');
      return { swept };
    }, { retryLimit: 0, expireInSeconds: 300 });
    await jobs.every(LOST_IMPORTS_SWEEP_QUEUE, LOST_IMPORTS_SWEEP_CRON);
  } else {
    // A context built without a queue (tests of other modules): the same work, in this process.
    startImport = async (job) => { void runInProcess(DATASET_IMPORT_QUEUE, handler, job); };
  }
  await api.register(dataFilesPlugin, {
    dataFiles: (isSizeLimitError) => new DataFilesService(files, store, ctx.plans, (source, target, locale) => ctx.compute.readTable(source, target, locale), isSizeLimitError),
  });
  await api.register(datasetsPlugin, { datasets: new DatasetsService(datasets, files, ctx.plans, startImport, (maps) => {
    for (const map of maps) ctx.events.publish(datasetsSyncEvent(map, map.datasets_version));
  }) });
  await mapDatasetsRoutes(api, ctx);
};
