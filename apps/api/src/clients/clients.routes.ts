import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIdParam, emailParam, sessionBody, signupBody } from '@catchment/domain';
import { requireSession } from '../auth/session.plugin.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import { toUser, type ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { requestLocale } from '../http/errors.js';

export interface ClientsRoutesOptions {
  clients: ClientsRepository;
  sessions: SessionsRepository;
  /** The account lifecycle: the sign-up's password rule and verification e-mail. */
  accounts: AccountsService;
}

// Sign-up and the e-mail check are limited per socket address (request.ip, the plugin's default key),
// not per claimed client as the log-in is (auth/request-limits.ts): no owner is kept out of an
// account here, and the claimed sub-keys would only multiply the allowance of whoever forges them.
export const clientsRoutes: FastifyPluginAsyncZod<ClientsRoutesOptions> = async (app, { clients, sessions, accounts: lifecycle }) => {
  const accounts = new ClientsService(clients, sessions, lifecycle);

  app.post('/Clients', {
    schema: { tags: ['clients'], summary: 'Sign up; the new user is logged in and sent the verification link', body: signupBody },
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const created = await accounts.signUp(request.body, requestLocale(request));
    await app.openSession(reply, created.id);
    return reply.code(201).send(toUser(created));
  });

  // Tells whether a user exists (used before adding a subscriber). Rate-limited: it reveals accounts.
  app.head('/Clients/email/:email', {
    schema: { tags: ['clients'], summary: 'Whether a user exists with this email (200) or not (404)', params: emailParam },
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (request, reply) => reply.code(await accounts.emailHasAccount(request.params.email) ? 200 : 404).send());

  app.post('/Clients/:id/session', {
    schema: { tags: ['clients'], summary: 'Describe the current session (browser fingerprint, approximate location)', params: clientIdParam, body: sessionBody },
  }, async (request, reply) => {
    await accounts.describeSession(requireSession(request), request.params.id, request.body);
    return reply.code(204).send();
  });

  app.delete('/Clients/:id/session', {
    schema: { tags: ['clients'], summary: 'End the current session', params: clientIdParam },
  }, async (request, reply) => {
    accounts.requireSelf(requireSession(request), request.params.id);
    await app.endSession(request, reply);
    return reply.code(204).send();
  });
};
