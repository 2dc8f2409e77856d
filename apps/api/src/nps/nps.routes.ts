/** The NPS survey's calls (SPEC §9): GET /Clients/{id}/nps says whether it is due, POST stores the answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIdParam, npsAnswerBody, type NpsStatus } from '@catchment/domain';
import { requireOwnAccount } from '../auth/session.plugin.js';
import type { RouteModule } from '../routes.js';
import { NpsRepository } from './nps.repository.js';
import { NpsService } from './nps.service.js';

const tags = ['nps'];

const npsPlugin: FastifyPluginAsyncZod<{ nps: NpsService }> = async (app, { nps }) => {
  app.get('/Clients/:id/nps', {
    schema: { tags, summary: 'Whether the NPS survey is to be shown to the account now (older than 21 days, nothing answered or dismissed within 90 days)', params: clientIdParam },
  }, async (request): Promise<NpsStatus> => {
    requireOwnAccount(request, request.params.id);
    return nps.status(request.params.id);
  });

  app.post('/Clients/:id/nps', {
    schema: {
      tags, params: clientIdParam, body: npsAnswerBody,
      summary: 'Stores the answer to the NPS survey (score null: dismissed, "Not now"); 409 NPS_NOT_DUE when the survey is not due',
    },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    await nps.answer(request.params.id, request.body);
    return reply.code(201).send();
  });
};

export const npsRoutes: RouteModule = async (api, ctx) => {
  await api.register(npsPlugin, { nps: new NpsService(new NpsRepository(ctx.database.db)) });
};
