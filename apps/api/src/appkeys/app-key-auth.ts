/**
 * Calls authenticated by an app key alone (/Appkeys/{key}/…, SPEC §7): no session, no cookie. A
 * module's keyed routes live in a plugin of their own that calls `authenticateByAppKey` first:
 * - the key is checked before the body is validated (a wrong key says so, whatever the body);
 * - each route's rate limit is per key (`appKeyRouteConfig`), its allowance by the key's kind,
 *   counted in the database for every API process together;
 * - each call answered is counted for the key's month;
 * - any origin may call them from a browser (CORS without credentials): the key is meant for a
 *   partner's page. The preflight is answered once, by app-keys.routes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_KEY_POLICIES, appKeyKindOf, DomainError } from '@catchment/domain';
import type { AppKeysService, AuthenticatedKey } from './app-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key of an /Appkeys/{key}/… call, once checked. */
    appKey?: AuthenticatedKey;
  }
}

const keyOf = (request: FastifyRequest): string => String((request.params as { key?: unknown }).key ?? '');

/** Lets pages of any origin call the keyed routes and read their answers (no cookies are sent or needed). */
export function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** The route config of every keyed route: its rate limit, per key. */
export const appKeyRouteConfig = {
  rateLimit: {
    // By the kind the key's text names: an unknown key gets the demo allowance of 401 answers.
    max: (request: FastifyRequest) => APP_KEY_POLICIES[appKeyKindOf(keyOf(request)) ?? 'demo'].requestsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `appkey:${keyOf(request)}`,
  },
};

/** The key a keyed route was called with (checked by the scope's hook). */
export function requireAppKey(request: FastifyRequest): AuthenticatedKey {
  if (!request.appKey) throw new DomainError('appKeyInvalid');
  return request.appKey;
}

/**
 * The name a call is counted under: the route after the key, with its other parameters filled in
 * (`/api/Appkeys/:key/extractor/:kind` called for fr_cities → `extractor/fr_cities`).
 */
export function appKeyCallName(routeUrl: string, params: Readonly<Record<string, unknown>>): string {
  const marker = '/:key/';
  const at = routeUrl.indexOf(marker);
  const route = at < 0 ? routeUrl : routeUrl.slice(at + marker.length);
  return route.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** Installs the key's check, the CORS headers and the count of calls on an encapsulated plugin's routes. */
export function authenticateByAppKey(app: FastifyInstance, keys: AppKeysService): void {
  app.decorateRequest('appKey', undefined);
  app.addHook('onRequest', async (_request, reply) => allowAnyOrigin(reply));
  app.addHook('preValidation', async (request) => {
    request.appKey = await keys.authenticate(keyOf(request));
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.appKey || reply.statusCode >= 400) return;
    try {
      await keys.countCall(request.appKey, appKeyCallName(request.routeOptions.url ?? '', request.params as Record<string, unknown>));
    } catch (error) {
      // The answer has left: a count that could not be written is logged, not lost silently.
      request.log.warn({ err: error }, 'could not count an app key call');
    }
  });
}
