/**
 * Automatic map generation (SPEC §7 POST /v2/maps/generate): the request makes a new map with one
 * layer and a generation record holding the rows, and hands the work to a job; the generation's
 * page reads the record while the job fills the map. A generation whose job was lost (its process
 * crashed past its retries, or it ran past its time limit) is ended as timed out when next read.
 */
import { randomUUID } from 'node:crypto';
import {
  DomainError, ERRORS, FEATURES, GENERATION_MAX_ROWS, generationProgress, translate,
  type GenerateMapBody, type Locale, type MapGenerationView,
} from '@catchment/domain';
import type { PlanAccess } from '../plans/plan-access.js';
import type { DatasetsRepository } from '../datasets/datasets.repository.js';
import type { MapsService } from '../maps/maps.service.js';
import type { FoldersService } from '../maps/folders.service.js';
import type { MapsRepository } from '../maps/maps.repository.js';
import type { JobView } from '../jobs/job-view.js';
import { datasetRows, placesRows, tooManyRows, withColors } from './generation-rows.js';
import type { GenerationRecord, GenerationsRepository } from './generations.repository.js';

export interface GenerationJobs {
  /** Queues the generation's work; the job's id, to tell later whether it was lost (undefined: run in this process). */
  start(generationId: string): Promise<string | undefined>;
  /** The job as the queue has it, null when it has none of that id. */
  job?(jobId: string): Promise<JobView | null>;
}

export interface MapGenerationDeps {
  generations: GenerationsRepository;
  datasets: DatasetsRepository;
  maps: MapsService;
  mapRows: MapsRepository;
  folders: FoldersService;
  plans: PlanAccess;
  jobs: GenerationJobs;
}

/** A generation run in the process (no queue) that has not moved for this long was lost with its process. */
const LOST_AFTER_MS = 20 * 60_000;

export class MapGenerationService {
  constructor(private readonly deps: MapGenerationDeps) {}

  async start(clientId: number, body: GenerateMapBody, locale: Locale): Promise<MapGenerationView> {
    await this.deps.plans.require(clientId, FEATURES.mapGeneration);
    const rows = withColors(await this.sourceRows(clientId, body.source), body.colors, locale);
    const map = await this.deps.maps.create(clientId, { title: body.title ?? translate(locale, 'maps.generatedTitle') }, locale);
    const folderUuid = randomUUID();
    await this.deps.folders.put({ ref: { id: map.id }, folderUuid, clientId, expectedVersion: undefined },
      { label: translate(locale, 'maps.defaultFolderLabel'), active: true });
    const generation = await this.deps.generations.insert({
      id: randomUUID(), clientId, mapId: map.id, folderUuid, rows,
      recipe: { isoMode: body.isoMode, transportMode: body.transportMode, value: body.value, departureDate: body.departureDate, locale },
    });
    const jobId = await this.deps.jobs.start(generation.id);
    if (jobId) await this.deps.generations.setJob(generation.id, jobId);
    return this.view(generation, locale);
  }

  async get(clientId: number, id: string, locale: Locale): Promise<MapGenerationView> {
    let generation = await this.deps.generations.find(id);
    if (!generation || generation.clientId !== clientId) throw new DomainError('generationNotFound');
    if (await this.lost(generation) && await this.deps.generations.fail(id, ERRORS.generationTimeout.code)) {
      generation = (await this.deps.generations.find(id))!;
    }
    return this.view(generation, locale);
  }

  private async sourceRows(clientId: number, source: GenerateMapBody['source']) {
    if (source.type === 'places') return placesRows(source.places);
    const dataset = await this.deps.datasets.find(clientId, source.datasetId);
    if (!dataset) throw new DomainError('datasetNotFound');
    if (dataset.status !== 'ready') throw new DomainError('generationDatasetNotReady');
    const { rows, count } = await this.deps.generations.datasetRows(dataset.id, GENERATION_MAX_ROWS + 1);
    if (count > GENERATION_MAX_ROWS) throw tooManyRows(count);
    if (!rows.some((row) => row.position)) throw new DomainError('generationNoRows');
    return datasetRows(dataset, rows, source);
  }

  /**
   * Whether an unfinished generation's job is gone: the queue has it failed or cancelled (a crash
   * or the time limit, past its retries: the handler ends the generation itself for any other
   * reason), or, run without a queue, nothing moved for longer than a job may run.
   */
  private async lost(generation: GenerationRecord): Promise<boolean> {
    if (generation.status === 'done' || generation.status === 'failed') return false;
    if (generation.jobId && this.deps.jobs.job) {
      const job = await this.deps.jobs.job(generation.jobId);
      return job === null || job.state === 'failed' || job.state === 'cancelled';
    }
    return Date.now() - generation.updatedAt.getTime() > LOST_AFTER_MS;
  }

  private async view(generation: GenerationRecord, locale: Locale): Promise<MapGenerationView> {
    const map = generation.mapId === null ? undefined : await this.deps.mapRows.findByRef({ id: generation.mapId });
    const view: MapGenerationView = {
      id: generation.id,
      status: generation.status,
      progress: generationProgress(generation.status, generation.processed, generation.total),
      total: generation.total,
      created: generation.created,
      failures: generation.failures,
      map: map ? { id: map.id, accessId: map.access_id, title: map.title } : null,
      createdAt: generation.createdAt.toISOString(),
    };
    if (generation.error) view.error = { code: generation.error, message: errorMessage(generation.error, locale) };
    return view;
  }
}

/** The message of a stored error code, in the reader's language (an unknown code reads as the unknown error). */
function errorMessage(code: string, locale: Locale): string {
  const entry = Object.values(ERRORS).find((candidate) => candidate.code === code) ?? ERRORS.generationFailed;
  return translate(locale, entry.message);
}
