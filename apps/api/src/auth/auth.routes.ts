import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody } from '@catchment/domain';
import type { ClientsRepository } from '../clients/clients.repository.js';
import { toUser } from '../clients/clients.repository.js';
import { AuthService } from './auth.service.js';
import { claimedClient, socketKey } from './client-identity.js';
import type { LoginThrottle } from './login-throttle.js';
import { DEFAULT_LOGIN_REQUEST_LIMITS, loginRequestLimits, type LoginRequestLimits } from './request-limits.js';
import { requireClientId } from './session.plugin.js';

export interface AuthRoutesOptions {
  clients: ClientsRepository;
  /** Throttles password guessing per account, with counts every API process shares. */
  loginThrottle: LoginThrottle;
  /** Requests per claimed client and per socket on /auth/login; the defaults unless a test needs small ones. */
  loginLimits?: LoginRequestLimits | undefined;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { clients, loginThrottle, loginLimits }) => {
  const auth = new AuthService(clients, loginThrottle);

  // Two kinds of limit: requests per client (request-limits.ts), and wrong passwords per account
  // (the throttle, in the service).
  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in; sets the session cookie', body: loginBody },
    ...loginRequestLimits(app, loginLimits ?? DEFAULT_LOGIN_REQUEST_LIMITS),
  }, async (request, reply) => {
    const client = await auth.logIn(request.body, { client: claimedClient(request), socket: socketKey(request) });
    await app.openSession(reply, client.id);
    return toUser(client);
  });

  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Log out: ends the session' } }, async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/auth/me', { schema: { tags: ['auth'], summary: 'The logged-in user' } }, async (request) =>
    toUser(await auth.sessionClient(requireClientId(request))));
};
