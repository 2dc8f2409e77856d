/** An account's app keys (GET /Clients/{id}/appKeys, SPEC §7), their revocation, and the keyed calls' CORS preflight. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAppKeyParams, clientIdParam, type AppKeyView } from '@catchment/domain';
import { requireOwnAccount } from '../auth/session.plugin.js';
import type { RouteModule } from '../routes.js';
import { allowAnyOrigin } from './app-key-auth.js';
import type { AppKeysService } from './app-keys.service.js';

const tags = ['appkeys'];

const appKeysPlugin: FastifyPluginAsyncZod<{ appKeys: AppKeysService }> = async (app, { appKeys }) => {
  app.get('/Clients/:id/appKeys', {
    schema: { tags, summary: "The account's app keys (a demo key always, a paid key with a paid plan), with this month's calls", params: clientIdParam },
  }, async (request): Promise<AppKeyView[]> => {
    requireOwnAccount(request, request.params.id);
    return appKeys.list(request.params.id);
  });

  app.delete('/Clients/:id/appKeys/:key', {
    schema: { tags, summary: 'Revoke a key at once; the list then holds a new key of its kind', params: clientAppKeyParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    await appKeys.revoke(request.params.id, request.params.key);
    return reply.code(204).send();
  });

  // A page of another origin sends its JSON calls after this preflight.
  app.options('/Appkeys/*', { schema: { hide: true } }, async (_request, reply) => {
    allowAnyOrigin(reply);
    return reply.code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send();
  });
};

export const appKeysRoutes: RouteModule = async (api, ctx) => {
  await api.register(appKeysPlugin, { appKeys: ctx.appKeys });
};
