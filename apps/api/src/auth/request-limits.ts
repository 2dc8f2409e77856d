/**
 * Requests per minute on /auth/login, in two limits (the rate-limit plugin, counted in the database
 * for every API process together: http/database-rate-limit-store.ts):
 * - per claimed client (client-identity.ts): the strict one, which a client meets first;
 * - per socket address alone: a loose cap, since a client can mint claimed clients by forging
 *   X-Forwarded-For and would otherwise get the strict allowance as many times as it likes.
 * A forged header thus never spends anyone else's allowance: the owner of an account logs in from
 * a claimed client of their own, even from an address an attacker also uses, until the loose cap.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { DomainError } from '@catchment/domain';
import { claimedClient, socketKey } from './client-identity.js';

export interface RequestLimit { max: number; timeWindow: string }

export interface LoginRequestLimits {
  perClaimedClient: RequestLimit;
  perSocket: RequestLimit;
}

export const DEFAULT_LOGIN_REQUEST_LIMITS: LoginRequestLimits = {
  perClaimedClient: { max: 20, timeWindow: '1 minute' },
  // 5 a second: enough for the many people one address can stand for (an office's NAT, a proxy
  // TRUST_PROXY does not list) to log in at once, and a bound on credential stuffing from one
  // address; each account's own guesses are bounded by the throttle of wrong passwords.
  perSocket: { max: 300, timeWindow: '1 minute' },
};

/** The route options that apply both limits: a config for the plugin, and a hook for the per-socket cap. */
export function loginRequestLimits(app: FastifyInstance, limits: LoginRequestLimits) {
  // A limiter of its own (own counters, the plugin's allow-list): the plugin takes one limit per route.
  // Its keys name it: limiters without a route share one name in the database store.
  const perSocket = app.createRateLimit({ ...limits.perSocket, keyGenerator: (request) => `login-per-socket:${socketKey(request)}` });
  const capPerSocket: onRequestAsyncHookHandler = async (request, reply) => {
    const verdict = await perSocket(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    reply.header('retry-after', String(verdict.ttlInSeconds));
    throw new DomainError('rateLimited');
  };
  return {
    config: { rateLimit: { ...limits.perClaimedClient, keyGenerator: claimedClient } },
    // Runs before the plugin's hook, which the plugin appends: a capped socket spends no claimed client's allowance.
    onRequest: [capPerSocket],
  };
}
