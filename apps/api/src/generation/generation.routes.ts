/**
 * Automatic map generation (SPEC §7 POST /v2/maps/generate): start one, and follow it. The work is
 * a job of the queue (map-generation.job.ts); without a queue it runs in this process.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateMapBody, generationIdParam, type MapGenerationView } from '@catchment/domain';
import { requireClientId } from '../auth/session.plugin.js';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import { runInProcess } from '../jobs/run-in-process.js';
import { MapStore } from '../maps/map-store.js';
import { MapsService } from '../maps/maps.service.js';
import { FoldersService } from '../maps/folders.service.js';
import { AreasService } from '../maps/areas.service.js';
import { GenerationsRepository } from './generations.repository.js';
import { MAP_GENERATION_QUEUE, MAP_GENERATION_QUEUE_OPTIONS, mapGenerationHandler, type MapGenerationJob } from './map-generation.job.js';
import { MapGenerationService, type GenerationJobs } from './map-generation.service.js';

const tags = ['maps'];

const generationPlugin: FastifyPluginAsyncZod<{ generation: MapGenerationService }> = async (app, { generation }) => {
  app.post('/v2/maps/generate', {
    schema: {
      tags, body: generateMapBody,
      summary: 'Generates a new map with one area per row of a list of places or of a dataset (same mode and value, coloured by a rule): 202 with the generation, whose map fills as the job goes (ESSENTIAL and above; 403 PLAN_REQUIRED otherwise)',
    },
  }, async (request, reply): Promise<MapGenerationView> => {
    const view = await generation.start(requireClientId(request), request.body, requestLocale(request));
    return reply.code(202).header('location', `/api/v2/maps/generate/${view.id}`).send(view);
  });

  app.get('/v2/maps/generate/:generationId', {
    schema: { tags, params: generationIdParam, summary: 'A generation of the caller: its status, progress, map, and the rows it made no area for, with why' },
  }, async (request): Promise<MapGenerationView> => generation.get(requireClientId(request), request.params.generationId, requestLocale(request)));
};

export const generationRoutes: RouteModule = async (api, ctx) => {
  const db = ctx.database.db;
  const store = new MapStore(db, ctx.events);
  const generations = new GenerationsRepository(db);
  const handler = mapGenerationHandler(
    { generations, areas: new AreasService(store, ctx.clients, ctx.areaResolvers, ctx.compute), geocoder: ctx.geocoder },
    (message, error) => api.log.error({ err: error }, message),
  );
  let jobs: GenerationJobs;
  if (ctx.jobs) {
    const queue = ctx.jobs;
    await queue.register(MAP_GENERATION_QUEUE, handler, MAP_GENERATION_QUEUE_OPTIONS);
    jobs = {
      start: async (generationId) => (await queue.send<MapGenerationJob>(MAP_GENERATION_QUEUE, { generationId })) ?? undefined,
      job: (jobId) => queue.job(MAP_GENERATION_QUEUE, jobId),
    };
  } else {
    // A context built without a queue (tests of other modules): the same work, in this process.
    jobs = { start: async (generationId) => { void runInProcess(MAP_GENERATION_QUEUE, handler, { generationId }); return undefined; } };
  }
  await api.register(generationPlugin, {
    generation: new MapGenerationService({
      generations, datasets: new DatasetsRepository(db), maps: new MapsService(store, ctx.clients), mapRows: store.maps,
      folders: new FoldersService(store), plans: ctx.plans, jobs,
    }),
  });
};
