import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody } from '@catchment/domain';
import { HttpError, unauthorized } from '../http/errors.js';
import type { ClientsRepository } from '../clients/clients.repository.js';
import { toUser } from '../clients/clients.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { requireClientId } from './session.plugin.js';

export interface AuthRoutesOptions { clients: ClientsRepository }

// Checked against when the email is unknown, so that it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no account has this password'));

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { clients }) => {
  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in; sets the session cookie', body: loginBody },
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const client = await clients.findByEmail(request.body.email);
    const ok = await verifyPassword(client?.password_hash ?? (await getDummyHash()), request.body.password);
    if (!client || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
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
