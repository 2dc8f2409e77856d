/**
 * The real-time socket at the API root (SPEC §7): an upgrade of GET /api by a logged-in user, from
 * a page of this server. A plain GET /api stays a 404 like any unknown API path. Registered in the
 * /api scope, after the session plugin that reads the cookie.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { DomainError } from '@catchment/domain';
import { requestLocale } from '../http/errors.js';
import { SESSION_COOKIE } from '../auth/session.plugin.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import { readableMap } from '../maps/map-access.js';
import type { MapStore } from '../maps/map-store.js';
import type { EventBus } from './event-bus.js';
import { isAllowedOrigin } from './origin-check.js';
import { RealtimeHub } from './realtime-hub.js';

/** Client messages are a join or a leave of a few dozen bytes; ws refuses larger frames (close 1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
/** Browsers answer pings by themselves; a socket silent for two beats is gone (sleeping laptop, lost network). */
const DEFAULT_HEARTBEAT_MS = 30_000;

export interface RealtimeRoutesOptions {
  events: EventBus;
  sessions: SessionsRepository;
  /** The maps module's repositories, for its read rule (who may follow which map). */
  maps: MapStore;
  /** The app's public address (PUBLIC_URL): pages from there may open the socket. */
  publicUrl: string;
  heartbeatMs?: number;
}

export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  // Registered in this plugin's own scope: only this route is a WebSocket route.
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });

  const hub = new RealtimeHub({
    events: options.events,
    readableMap: async (ref, clientId) => {
      const { map } = await readableMap(options.maps, ref, clientId);
      return { id: map.id, version: map.version, searchesVersion: map.searches_version, datasetsVersion: map.datasets_version };
    },
    sessionIsActive: async (token) => (await options.sessions.findActive(token)) !== undefined,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => hub.close());

  app.route({
    method: 'GET',
    url: '/',
    schema: { hide: true },
    // Refused before the upgrade, with the API's usual error body: 403 from another site's page, 401 without a session.
    preValidation: async (request: FastifyRequest) => {
      if (!request.ws) return;
      if (!isAllowedOrigin(request.headers.origin, request.headers.host, options.publicUrl)) throw new DomainError('forbidden');
      if (!request.session) throw new DomainError('unauthorized');
    },
    handler: async () => {
      throw new DomainError('notFound');
    },
    wsHandler: (socket, request) => {
      // preValidation let only requests with a session and its cookie through.
      hub.connect(socket, {
        clientId: request.session!.clientId,
        token: request.cookies[SESSION_COOKIE]!,
        locale: requestLocale(request),
      });
    },
  });
};
