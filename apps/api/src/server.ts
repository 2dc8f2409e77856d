/**
 * Builds the HTTP server: the JSON API under /api and the built web app under /app.
 * Tests call buildServer() and drive it with inject(); main.ts listens on a port.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '@catchment/domain';
import type { AppContext } from './context.js';
import { compressionOptions } from './http/compression.js';
import { allowFraming, EMBEDDED_MAP_PATH_PREFIX, EXTRACTOR_PAGE_PATH } from './http/framing.js';
import { databaseRateLimits } from './http/database-rate-limit-store.js';
import { registerErrorHandling } from './http/errors.js';
import { validatorCompiler } from './http/zod.js';
import { sessionPlugin } from './auth/session.plugin.js';
import { authRoutes } from './auth/auth.routes.js';
import { LoginFailuresRepository } from './auth/login-failures.repository.js';
import { LoginThrottle } from './auth/login-throttle.js';
import type { LoginThrottlePolicy } from './auth/login-throttle-policy.js';
import type { LoginRequestLimits } from './auth/request-limits.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { AccountMails } from './accounts/account-mails.js';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { AccountsService } from './accounts/accounts.service.js';
import { healthRoutes } from './health/health.routes.js';
import { realtimeRoutes } from './events/realtime.routes.js';
import { MapStore } from './maps/map-store.js';
import { apiRouteModules } from './routes.js';

export interface ServerOptions {
  logger?: boolean | object;
  requestLogging?: boolean;
  rateLimits?: boolean;
  /** Keeps this server's rate-limit counts apart from other servers' on the database (tests that need fresh counts). */
  rateLimitScope?: string;
  /** The log-in's throttle and request limits, when not the defaults (tests that need short or small ones). */
  login?: { throttle?: LoginThrottlePolicy; limits?: LoginRequestLimits };
  /** Time between the real-time socket's pings, when not the default (tests of a session that ends). */
  realtimeHeartbeatMs?: number;
}

export async function buildServer(ctx: AppContext, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: !options.requestLogging }),
    bodyLimit: 10 * 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: X-Forwarded-For would otherwise pick the rate limits' key.
    trustProxy: ctx.config.trustProxy,
    // Registering the API's routes compiles their schemas: once, on two cores at a load of about 15,
    // that passed Fastify's default 10 s and the server refused to start. The limit is there to
    // catch a plugin that never resolves, not a slow one.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Before any route: the plugin adds its hook to each route as the route is declared.
  await app.register(compress, compressionOptions);
  // Counted in the database, so that every API process on it enforces the same limits together.
  const rateLimitCounts = databaseRateLimits(ctx.database.db, {
    scope: options.rateLimitScope, onSweepError: (error) => app.log.warn({ err: error }, 'could not sweep expired rate-limit counters'),
  });
  app.addHook('onClose', async () => rateLimitCounts.close());
  await app.register(rateLimit, {
    global: false, enableDraftSpec: false, store: rateLimitCounts.Store,
    ...(options.rateLimits === false ? { allowList: () => true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Catchment API', version: '0.1.0', description: 'Catchment areas and geomarketing' },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (_request, reply) => { reply.header('cache-control', 'no-store'); });
    await api.register(sessionPlugin, { sessions: ctx.sessions, secureCookies: ctx.config.secureCookies });
    await api.register(healthRoutes, { ctx });
    const loginThrottle = new LoginThrottle(new LoginFailuresRepository(ctx.database.db), options.login?.throttle);
    await api.register(authRoutes, { clients: ctx.clients, loginThrottle, loginLimits: options.login?.limits });
    // Account e-mails leave after the answers; the server waits for those under way before it closes.
    const mails = new AccountMails(ctx.mailer, ctx.config.publicUrl, app.log);
    app.addHook('onClose', async () => mails.settled());
    const accounts = new AccountsService({
      clients: ctx.clients, accounts: new AccountsRepository(ctx.database.db), sessions: ctx.sessions, mails, loginThrottle,
      passwordStrength: (password, inputs) => ctx.compute.passwordStrength(password, inputs),
    });
    await api.register(clientsRoutes, { clients: ctx.clients, sessions: ctx.sessions, accounts });
    await api.register(accountsRoutes, { accounts });
    await api.register(realtimeRoutes, {
      events: ctx.events, sessions: ctx.sessions, maps: new MapStore(ctx.database.db),
      publicUrl: ctx.config.publicUrl, heartbeatMs: options.realtimeHeartbeatMs,
    });
    for (const register of apiRouteModules) await register(api, ctx);
    api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
    api.setNotFoundHandler(async () => { throw new DomainError('notFound'); });
  }, { prefix: '/api' });

  registerWebApp(app, ctx.config.webDistDir, ctx.config.frameAncestors);
  return app;
}

/** The build's scripts, styles and worker: their names carry a hash of their content, so they never change. */
const HASHED_ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app under /app; every unknown /app path gets index.html (client
 * routing). Only the embeddable map view may be framed, by the sites in `frameAncestors`.
 */
function registerWebApp(app: FastifyInstance, distDir: string, frameAncestors: readonly string[]): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  app.get('/', async (_request, reply) => reply.redirect('/app/'));
  if (hasBuild) {
    // preCompressed: the brotli and gzip copies the build made (scripts/build/precompress.mjs).
    app.register(fastifyStatic, {
      root: distDir, prefix: '/app/', wildcard: false, index: false, cacheControl: false, preCompressed: true,
      setHeaders: (reply, filePath) => {
        const file = path.relative(distDir, filePath);
        if (file.startsWith(`assets${path.sep}`)) reply.header('cache-control', HASHED_ASSETS_CACHE_CONTROL);
        // The build a running app compares its own with: always asked again.
        else if (file === 'version.json') reply.header('cache-control', 'no-cache');
      },
    });
  }
  const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    if (!hasBuild) return reply.code(503).type('text/plain').send('The web app is not built: run `npm start` (or `npm run build`).');
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
  };
  app.get('/app', sendIndex);
  app.get('/app/', sendIndex);
  const sendFrameableIndex = async (request: unknown, reply: import('fastify').FastifyReply) => {
    allowFraming(reply, frameAncestors);
    return sendIndex(request, reply);
  };
  app.get(`${EMBEDDED_MAP_PATH_PREFIX}*`, sendFrameableIndex);
  app.get(EXTRACTOR_PAGE_PATH, sendFrameableIndex);
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/app/') && !path.extname(request.url.split('?')[0]!)) {
      return sendIndex(request, reply);
    }
    throw new DomainError('notFound');
  });
}
