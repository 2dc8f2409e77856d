/**
 * Reads the session cookie on every request. A valid session is put on request.session and its
 * remaining life (until its absolute expiry, or until it goes idle if that comes first) is sent in
 * the token-life-time header, so the web app can send the user to the login page when it ends (SPEC §7).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, SESSION_TTL_SECONDS } from '@catchment/domain';
import { sessionEndsAt, type ActiveSession, type SessionsRepository } from './sessions.repository.js';

export const SESSION_COOKIE = 'session';
export const TOKEN_LIFE_TIME_HEADER = 'token-life-time';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

export interface SessionPluginOptions { sessions: SessionsRepository; secureCookies: boolean }

export const sessionPlugin = fp<SessionPluginOptions>(async (app, { sessions, secureCookies }) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await sessions.findActive(token);
    if (!session) return;
    request.session = session;
    reply.header(TOKEN_LIFE_TIME_HEADER, String(Math.max(0, Math.floor((sessionEndsAt(session).getTime() - Date.now()) / 1000))));
  });
  app.decorate('openSession', async (reply: FastifyReply, clientId: number) => {
    const { token, session } = await sessions.create(clientId, SESSION_TTL_SECONDS);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: SESSION_TTL_SECONDS,
    });
    reply.header(TOKEN_LIFE_TIME_HEADER, String(Math.floor((sessionEndsAt(session).getTime() - Date.now()) / 1000)));
    return session;
  });
  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await sessions.close(request.session.id);
    request.session = null;
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    openSession(reply: FastifyReply, clientId: number): Promise<ActiveSession>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The request's open session, or a 401. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new DomainError('unauthorized');
  return request.session;
}

/** The logged-in client's id, or a 401. */
export function requireClientId(request: FastifyRequest): number {
  return requireSession(request).clientId;
}

/** Only an account itself acts on its /Clients/{id}/…: FORBIDDEN ("not your account") for anyone else. */
export function assertOwnAccount(callerId: number, clientId: number): void {
  if (callerId !== clientId) throw new DomainError('forbidden', { message: 'errors.notYourAccount' });
}

/** The logged-in client when it is the account `clientId` of a /Clients/{id}/… call: 401 without a session, 403 for another account. */
export function requireOwnAccount(request: FastifyRequest, clientId: number): void {
  assertOwnAccount(requireClientId(request), clientId);
}
