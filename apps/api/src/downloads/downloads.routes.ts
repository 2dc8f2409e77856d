/** The user's download jobs (SPEC §7): list, one, its file, mark downloaded, retry, delete. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIdParam, downloadParams, updateDownloadBody, type DownloadJobView } from '@catchment/domain';
import { requireOwnAccount } from '../auth/session.plugin.js';
import { attachment } from '../http/attachment.js';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { downloadsOf } from './downloads.module.js';
import type { Downloads } from './downloads.service.js';

const tags = ['downloads'];

const downloadsPlugin: FastifyPluginAsyncZod<{ downloads: Downloads }> = async (app, { downloads }) => {
  app.get('/Clients/:id/jobs/downloads', {
    schema: { tags, summary: "The account's download jobs, newest first, with their status (SPEC §4) and progress", params: clientIdParam },
  }, async (request): Promise<DownloadJobView[]> => {
    requireOwnAccount(request, request.params.id);
    return downloads.list(request.params.id, requestLocale(request));
  });

  app.get('/Clients/:id/jobs/downloads/:jobId', {
    schema: { tags, summary: 'One download job', params: downloadParams },
  }, async (request): Promise<DownloadJobView> => {
    requireOwnAccount(request, request.params.id);
    return downloads.get(request.params.id, request.params.jobId, requestLocale(request));
  });

  app.get('/Clients/:id/jobs/downloads/:jobId/file', {
    schema: { tags, summary: "A completed download's file, as an attachment (409 while it is not completed)", params: downloadParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    const { content, file } = await downloads.file(request.params.id, request.params.jobId);
    return reply.type(file.contentType).header('content-length', file.size).header('content-disposition', attachment(file.fileName)).send(content);
  });

  app.patch('/Clients/:id/jobs/downloads/:jobId', {
    schema: { tags, summary: 'Marks a download downloaded (or not)', params: downloadParams, body: updateDownloadBody },
  }, async (request): Promise<DownloadJobView> => {
    requireOwnAccount(request, request.params.id);
    return downloads.setDownloaded(request.params.id, request.params.jobId, request.body.isDownloaded, requestLocale(request));
  });

  app.post('/Clients/:id/jobs/downloads/:jobId/retry', {
    schema: { tags, summary: 'Orders a failed download again (409 when it has not failed)', params: downloadParams },
  }, async (request, reply): Promise<DownloadJobView> => {
    requireOwnAccount(request, request.params.id);
    return reply.code(202).send(await downloads.retry(request.params.id, request.params.jobId, requestLocale(request)));
  });

  app.delete('/Clients/:id/jobs/downloads/:jobId', {
    schema: { tags, summary: 'Deletes a download and its file (one under way is cancelled)', params: downloadParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    await downloads.remove(request.params.id, request.params.jobId);
    return reply.code(204).send();
  });
};

export const downloadsRoutes: RouteModule = async (api, ctx) => {
  await api.register(downloadsPlugin, { downloads: downloadsOf(ctx, (message, error) => api.log.error({ err: error }, message)) });
};
