/**
 * The account lifecycle's routes (SPEC §7, auth and clients): e-mail verification, forgotten and
 * changed passwords, the e-mail change, the profile, and logging out everywhere. The rules are in
 * accounts.service.ts; here only HTTP.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody, clientIdParam, emailChangeRequestBody, emailConfirmBody, forgotPasswordBody, resetPasswordBody,
  updateClientInfoBody, verifyEmailBody, verifyPasswordBody,
} from '@catchment/domain';
import { toUser } from '../clients/clients.repository.js';
import { claimedClient, socketKey } from '../auth/client-identity.js';
import { requireClientId, requireSession } from '../auth/session.plugin.js';
import { requestLocale } from '../http/errors.js';
import type { AccountsService } from './accounts.service.js';

export interface AccountsRoutesOptions { accounts: AccountsService }

/** Limits of a logged-in user's requests count per user; the request is refused (401) anyway without a session. */
const perUser = (request: FastifyRequest) => (request.session ? `client:${request.session.clientId}` : request.ip);
const origin = (request: FastifyRequest) => ({ client: claimedClient(request), socket: socketKey(request) });

// The links' tokens are 256 random bits: the limits on the routes that take one only keep a
// client from hammering the database. The routes that send e-mail are limited so that nobody's
// mailbox can be filled from here.
const TOKEN_LIMIT = { max: 30, timeWindow: '1 minute' };

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { accounts }) => {
  app.post('/auth/verify-email', {
    schema: { tags: ['auth'], summary: 'Verify the e-mail address with the token of the sign-up link; answers the user', body: verifyEmailBody },
    config: { rateLimit: TOKEN_LIMIT },
  }, async (request) => toUser(await accounts.verifyEmail(request.body.token)));

  app.post('/auth/verify-email/resend', {
    schema: { tags: ['auth'], summary: 'Send the verification link again (logged in)' },
    config: { rateLimit: { max: 3, timeWindow: '15 minutes', keyGenerator: perUser } },
  }, async (request, reply) => {
    await accounts.resendVerification(requireClientId(request), requestLocale(request));
    return reply.code(204).send();
  });

  app.post('/auth/forgotPassword', {
    schema: { tags: ['auth'], summary: 'Send a password reset link; 204 whether or not the address has an account', body: forgotPasswordBody },
    config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
  }, async (request, reply) => {
    accounts.requestPasswordReset(request.body.email, requestLocale(request));
    return reply.code(204).send();
  });

  app.post('/auth/password/reset', {
    schema: { tags: ['auth'], summary: 'Set a new password with the token of the reset link; ends every session of the user', body: resetPasswordBody },
    config: { rateLimit: TOKEN_LIMIT },
  }, async (request, reply) => {
    await accounts.resetPassword(request.body.token, request.body.password);
    return reply.code(204).send();
  });

  app.put('/auth/password', {
    schema: { tags: ['auth'], summary: 'Change the password (logged in); the user\'s other sessions end', body: changePasswordBody },
    config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perUser } },
  }, async (request, reply) => {
    await accounts.changePassword(requireSession(request), request.body.currentPassword, request.body.password, origin(request));
    return reply.code(204).send();
  });

  app.post('/auth/logout-everywhere', {
    schema: { tags: ['auth'], summary: 'End every session of the user, this one included' },
  }, async (request, reply) => {
    await accounts.logOutEverywhere(requireClientId(request));
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.post('/Clients/verify/password', {
    schema: { tags: ['clients'], summary: 'Type the password again: this session may change the e-mail for 10 minutes', body: verifyPasswordBody },
    config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perUser } },
  }, async (request, reply) => {
    await accounts.confirmPassword(requireSession(request), request.body.password, origin(request));
    return reply.code(204).send();
  });

  app.post('/Clients/email/change-request', {
    schema: { tags: ['clients'], summary: 'Ask to change the e-mail: a confirmation link goes to the new address (password confirmed first)', body: emailChangeRequestBody },
    config: { rateLimit: { max: 5, timeWindow: '15 minutes', keyGenerator: perUser } },
  }, async (request, reply) => {
    await accounts.requestEmailChange(requireSession(request), request.body.email, requestLocale(request));
    return reply.code(204).send();
  });

  app.post('/Clients/email/confirm', {
    schema: { tags: ['clients'], summary: 'Confirm the new e-mail with the token of its link; answers the user', body: emailConfirmBody },
    config: { rateLimit: TOKEN_LIMIT },
  }, async (request) => toUser(await accounts.confirmEmailChange(request.body.token, requestLocale(request))));

  app.post('/Clients/:id/updateClientInfo', {
    schema: { tags: ['clients'], summary: 'Change the profile and billing identity (the fields given)', params: clientIdParam, body: updateClientInfoBody },
  }, async (request) => toUser(await accounts.updateProfile(requireSession(request), request.params.id, request.body)));
};
