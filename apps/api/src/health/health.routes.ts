import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { HealthRepository } from './health.repository.js';
import { HealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const health = new HealthService(new HealthRepository(ctx.database.db), ctx.database.kind);

  app.get('/health', { schema: { tags: ['system'], summary: 'Liveness and the database in use' } }, async () => health.check());

  // What the web app needs to know about this server before drawing the map.
  app.get('/config', { schema: { tags: ['system'], summary: 'Public settings for the web app' } }, async () => ({
    mapStyleUrl: ctx.config.mapStyleUrl ?? null,
    publicUrl: ctx.config.publicUrl,
    database: ctx.database.kind,
    ipLocationUrl: ctx.config.ipLocationUrl ?? null,
    poiTabCountries: ctx.config.poiTabCountries,
  }));
};
