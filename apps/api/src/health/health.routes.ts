import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', { schema: { tags: ['system'], summary: 'Liveness and the database in use' } }, async () => {
    await sql`SELECT 1`.execute(ctx.database.db);
    return { status: 'ok', database: ctx.database.kind };
  });

  // What the web app needs to know about this server before drawing the map.
  app.get('/config', { schema: { tags: ['system'], summary: 'Public settings for the web app' } }, async () => ({
    mapStyleUrl: ctx.config.mapStyleUrl ?? null,
    publicUrl: ctx.config.publicUrl,
    database: ctx.database.kind,
  }));
};
