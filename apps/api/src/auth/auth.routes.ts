import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, loginBody } from '@catchment/domain';
import { HttpError, unauthorized } from '../http/errors.js';
import type { ClientRow, ClientsRepository } from '../clients/clients.repository.js';
import { toUser } from '../clients/clients.repository.js';
import { claimedClient, socketKey } from './client-identity.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { DEFAULT_LOGIN_REQUEST_LIMITS, loginRequestLimits, type LoginRequestLimits } from './request-limits.js';
import { requireClientId } from './session.plugin.js';

export interface AuthRoutesOptions {
  clients: ClientsRepository;
  /** Throttles password guessing per account, with counts every API process shares. */
  loginThrottle: LoginThrottle;
  /** Requests per claimed client and per socket on /auth/login; the defaults unless a test needs small ones. */
  loginLimits?: LoginRequestLimits | undefined;
}

// Checked against when the email is unknown, so that it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no account has this password'));

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { clients, loginThrottle, loginLimits }) => {
  // Two kinds of limit: requests per client (request-limits.ts, in each process's memory), and wrong
  // passwords per account (the throttle, counted in the database so that they hold across processes).
  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in; sets the session cookie', body: loginBody },
    ...loginRequestLimits(app, loginLimits ?? DEFAULT_LOGIN_REQUEST_LIMITS),
  }, async (request, reply) => {
    let client: ClientRow | undefined;
    const attempt = { email: request.body.email, client: claimedClient(request), socket: socketKey(request) };
    const verdict = await loginThrottle.attempt(attempt, async () => {
      client = await clients.findByEmail(request.body.email);
      const ok = await verifyPassword(client?.password_hash ?? (await getDummyHash()), request.body.password);
      return ok && client !== undefined;
    });
    if (verdict.outcome === 'throttled') {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, ERROR_CODES.tooManyLoginAttempts, 'errors.tooManyLoginAttempts', { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
    }
    if (verdict.outcome === 'rejected' || !client) throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
    await app.openSession(reply, client.id);
    return toUser(client);
  });

  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Log out: ends the session' } }, async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/auth/me', { schema: { tags: ['auth'], summary: 'The logged-in user' } }, async (request) => {
    const client = await clients.findById(requireClientId(request));
    if (!client) throw unauthorized();
    return toUser(client);
  });
};
