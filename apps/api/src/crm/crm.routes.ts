/**
 * CRM connections (SPEC §7 CRM, under /crm/connections): connect by OAuth (the authorize URL, the
 * code exchanged), list, reconnect, delete, and read the CRM's lists, their properties and samples
 * for the integrations page's add-list stepper. A connection is its account's only: another's is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crmAuthorizeBody, crmConnectionParam, crmCreateConnectionBody, crmRemoteListParams, crmRemoteListsQuery, crmSamplesQuery, crmTypeParam, crmUpdateConnectionBody,
  type CrmAuthorizeView, type CrmConnectionView, type CrmPropertyView, type CrmRemoteListPage, type CrmSampleView,
} from '@catchment/domain';
import { requireClientId } from '../auth/session.plugin.js';
import type { RouteModule } from '../routes.js';
import { CrmConnectionsRepository } from './crm-connections.repository.js';
import { CrmService } from './crm.service.js';

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
};

export const crmRoutes: RouteModule = async (api, ctx) => {
  const crm = new CrmService(new CrmConnectionsRepository(ctx.database.db), ctx.plans, ctx.config.hubspot);
  await api.register(crmPlugin, { crm });
};
