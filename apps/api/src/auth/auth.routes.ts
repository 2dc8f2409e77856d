import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, loginBody } from '@catchment/domain';
import { HttpError, unauthorized } from '../http/errors.js';
import type { ClientRow, ClientsRepository } from '../clients/clients.repository.js';
import { toUser } from '../clients/clients.repository.js';
import { LoginFailuresRepository } from './login-failures.repository.js';
import { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { requireClientId } from './session.plugin.js';

export interface AuthRoutesOptions {
  clients: ClientsRepository;
  /** Throttles password guessing per account; by default with the counts in the clients' database. */
  loginThrottle?: LoginThrottle;
}

// Checked against when the email is unknown, so that it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no account has this password'));

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { clients, loginThrottle }) => {
  const throttle = loginThrottle ?? new LoginThrottle(new LoginFailuresRepository(clients.db));

  // Two limits: requests per client address (the rate-limit plugin, keyed by request.ip), and
  // wrong passwords per account and address (the throttle), which hold across API processes.
  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in; sets the session cookie', body: loginBody },
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    let client: ClientRow | undefined;
    const verdict = await throttle.attempt(request.body.email, request.ip, async () => {
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
