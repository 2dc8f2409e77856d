/**
 * CRM connections (SPEC §7 CRM, under /crm/connections): connect by OAuth (the authorize URL, the
 * code exchanged), list, reconnect, delete, and read the CRM's lists, their properties and samples
 * for the integrations page's add-list stepper. A connection is its account's only: another's is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crmAuthorizeBody, crmConnectionParam, crmCreateConnectionBody, crmRemoteListParams, crmRemoteListsQuery, crmSamplesQuery, crmSynchronizedListParams, crmSynchronizeListBody, crmSynchronizeQuery,
  crmTypeParam, crmUpdateConnectionBody, type CrmAuthorizeView, type CrmConnectionView, type CrmPropertyView, type CrmRemoteListPage, type CrmSampleView, type CrmSynchronizedListView,
  type CrmTypeView,
} from '@catchment/domain';
import { requireClientId } from '../auth/session.plugin.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import { runInProcess } from '../jobs/run-in-process.js';
import { geocodeWith } from '../datasets/import/geocode-rows.js';
import { datasetsSyncEvent } from '../datasets/maps/map-dataset-events.js';
import { attachment } from '../http/attachment.js';
import type { RouteModule } from '../routes.js';
import { CrmConnectionsRepository } from './crm-connections.repository.js';
import { CrmSynchronizedListsRepository } from './crm-synchronized-lists.repository.js';
import { CrmService } from './crm.service.js';
import { CRM_SYNC_QUEUE, CRM_SYNC_QUEUE_OPTIONS, crmSyncHandler, type CrmSyncJob } from './sync/crm-sync.job.js';

const tags = ['crm'];

const crmPlugin: FastifyPluginAsyncZod<{ crm: CrmService }> = async (app, { crm }) => {
  app.post('/crm/connections/create', {
    schema: { tags, summary: 'Connects a CRM: the code it sent back to the redirect URI is exchanged for the connection (201)', body: crmCreateConnectionBody },
  }, async (request, reply): Promise<CrmConnectionView> => {
    const { type, code, redirectUri } = request.body;
    return reply.code(201).send(await crm.create(requireClientId(request), type, code, redirectUri));
  });

  app.post('/crm/connections/:type', {
    schema: { tags, summary: "Where to send the user to grant access to their CRM (it sends them back to redirectUri with a code and the state)", params: crmTypeParam, body: crmAuthorizeBody },
  }, async (request): Promise<CrmAuthorizeView> => {
    return { url: await crm.authorizeUrl(requireClientId(request), request.params.type, request.body.redirectUri, request.body.state) };
  });

  app.get('/crm/types', {
    schema: { tags, summary: 'The CRMs the app connects to, and whether this server is configured to connect each (its app credentials set)' },
  }, async (request): Promise<CrmTypeView[]> => {
    requireClientId(request);
    return crm.types();
  });

  app.get('/crm/connections', {
    schema: { tags, summary: "The account's CRM connections, each connected or expired (never their tokens)" },
  }, async (request): Promise<CrmConnectionView[]> => crm.list(requireClientId(request)));

  app.post('/crm/connections/:id/reconnect', {
    schema: { tags, summary: 'Where to send the user to reconnect a connection (then PATCH it with the code)', params: crmConnectionParam, body: crmAuthorizeBody },
  }, async (request): Promise<CrmAuthorizeView> => {
    return { url: await crm.reconnectUrl(requireClientId(request), request.params.id, request.body.redirectUri, request.body.state) };
  });

  app.patch('/crm/connections/:id', {
    schema: { tags, summary: "A reconnection's code: new tokens for the connection (the same CRM account), connected again", params: crmConnectionParam, body: crmUpdateConnectionBody },
  }, async (request): Promise<CrmConnectionView> => {
    return crm.reconnect(requireClientId(request), request.params.id, request.body.code, request.body.redirectUri);
  });

  app.delete('/crm/connections/:id', {
    schema: { tags, summary: 'Deletes a connection and its tokens (the datasets it fed stay, no longer synchronised)', params: crmConnectionParam },
  }, async (request, reply) => {
    await crm.remove(requireClientId(request), request.params.id);
    return reply.code(204).send();
  });

  app.get('/crm/connections/:id/remotelists', {
    schema: { tags, summary: "A page of the CRM's lists whose name contains `search`", params: crmConnectionParam, querystring: crmRemoteListsQuery },
  }, async (request): Promise<CrmRemoteListPage> => {
    const { search, page, limit } = request.query;
    return crm.remoteLists(requireClientId(request), request.params.id, search, page, limit);
  });

  app.get('/crm/connections/:id/remotelists/:listId/properties', {
    schema: { tags, summary: "The properties of a list's records (contacts or companies)", params: crmRemoteListParams },
  }, async (request): Promise<CrmPropertyView[]> => crm.properties(requireClientId(request), request.params.id, request.params.listId));

  app.get('/crm/connections/:id/remotelists/:listId/samples', {
    schema: { tags, summary: "The list's first records with the named properties", params: crmRemoteListParams, querystring: crmSamplesQuery },
  }, async (request): Promise<CrmSampleView[]> => {
    return crm.samples(requireClientId(request), request.params.id, request.params.listId, request.query.properties, request.query.limit);
  });

  app.post('/crm/connections/:id/synchronizedlists', {
    schema: { tags, summary: "Synchronises a CRM list as a dataset: its address properties and the properties kept; the first synchronisation starts (201, the list 'active')", params: crmConnectionParam, body: crmSynchronizeListBody },
  }, async (request, reply): Promise<CrmSynchronizedListView> => {
    return reply.code(201).send(await crm.synchronizeList(requireClientId(request), request.params.id, request.body));
  });

  app.get('/crm/connections/:id/synchronizedlists', {
    schema: { tags, summary: "The connection's synchronised lists, each with its status (SPEC §4), last success, last error and counts", params: crmConnectionParam },
  }, async (request): Promise<CrmSynchronizedListView[]> => crm.synchronizedLists(requireClientId(request), request.params.id));

  app.get('/crm/connections/:id/synchronize', {
    schema: { tags, summary: "Synchronises the connection's lists again now, or only the list `listId` (their progress comes over the real-time channel)", params: crmConnectionParam, querystring: crmSynchronizeQuery },
  }, async (request): Promise<CrmSynchronizedListView[]> => crm.synchronizeAll(requireClientId(request), request.params.id, request.query.listId));

  app.get('/crm/connections/:id/synchronizedlists/:listId/report', {
    schema: { tags, summary: 'The records the last synchronisation could not place, as CSV (UTF-8)', params: crmSynchronizedListParams },
  }, async (request, reply) => {
    const { name, csv } = await crm.report(requireClientId(request), request.params.id, request.params.listId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`${name} - not placed.csv`)).send(csv);
  });

  app.delete('/crm/connections/:id/synchronizedlists/:listId', {
    schema: { tags, summary: 'Stops synchronising a list and deletes its dataset', params: crmSynchronizedListParams },
  }, async (request, reply) => {
    await crm.removeList(requireClientId(request), request.params.id, request.params.listId);
    return reply.code(204).send();
  });
};

export const crmRoutes: RouteModule = async (api, ctx) => {
  const lists = new CrmSynchronizedListsRepository(ctx.database.db);
  const datasets = new DatasetsRepository(ctx.database.db);
  let startSync: (synchronizedListId: number) => Promise<void> = async () => {};
  const crm = new CrmService(new CrmConnectionsRepository(ctx.database.db), ctx.plans, ctx.config.hubspot, {
    lists, datasets, startSync: (id) => startSync(id),
    announce: (maps) => {
      for (const map of maps) ctx.events.publish(datasetsSyncEvent(map, map.datasets_version));
    },
  });
  const handler = crmSyncHandler({
    lists, datasets, geocode: geocodeWith(ctx.geocoder), events: ctx.events,
    connection: (clientId, connectionId) => crm.connection(clientId, connectionId),
    log: (message, error) => api.log.error({ err: error }, message),
  });
  if (ctx.jobs) {
    const jobs = ctx.jobs;
    await jobs.register(CRM_SYNC_QUEUE, handler, CRM_SYNC_QUEUE_OPTIONS);
    startSync = async (synchronizedListId) => {
      await jobs.send<CrmSyncJob>(CRM_SYNC_QUEUE, { synchronizedListId }, { singletonKey: String(synchronizedListId) });
    };
  } else {
    // A context built without a queue (tests of other modules): the same work, in this process.
    startSync = async (synchronizedListId) => {
      void runInProcess(CRM_SYNC_QUEUE, handler, { synchronizedListId });
    };
  }
  await api.register(crmPlugin, { crm });
};
