/**
 * The generation's work, a job of the queue (`map-generation`): addresses geocoded, then the rows
 * a chunk at a time: each row's area computed on its own (a row the engine cannot make an area for,
 * out of the road network, at sea…, is reported and the others go on), the chunk's areas appended
 * to the map in the rows' order, and how far it got recorded. Areas get uuids derived from the
 * generation and the row, so an attempt taken up again after a crash skips what was made.
 * A reason of ours (the map deleted meanwhile, the geocoder down, a bug) ends the generation failed;
 * an attempt cut short (time limit, process stopping) is left to the queue to run again.
 */
import { createHash } from 'node:crypto';
import { DomainError, generatedAreaRecipe, translate, type AreaGeometry, type CreateArea, type GenerationFailure } from '@catchment/domain';
import type { AreasService } from '../maps/areas.service.js';
import type { GeocodeResult, Geocoder } from '../geocoding/geocoder.js';
import { domainErrorMessage } from '../http/errors.js';
import { JobNoLongerActiveError, type JobHandler, type WorkerOptions } from '../jobs/job-queue.js';
import type { GenerationRecord, GenerationRowSpec, GenerationsRepository, GenerationTally } from './generations.repository.js';

export const MAP_GENERATION_QUEUE = 'map-generation';

/** A thousand car isochrones take a few minutes; one retry after a crash, which resumes where it stopped. */
export const MAP_GENERATION_QUEUE_OPTIONS: WorkerOptions = { expireInSeconds: 900, retryLimit: 1, concurrency: 1 };

export interface MapGenerationJob { generationId: string }

export interface MapGenerationDeps {
  generations: GenerationsRepository;
  areas: AreasService;
  geocoder: Geocoder;
  /** Rows whose areas are appended to the map together. */
  chunkSize?: number;
  /** Areas computed at the same time (the routing engine's threads). */
  concurrency?: number;
  /** The waits before asking a busy engine again (tests shorten them). */
  busyWaitsMs?: readonly number[];
}

export type MapGenerationOutput = { created: number; failed: number } | { failed: string };

export function mapGenerationHandler(deps: MapGenerationDeps, log: (message: string, error: unknown) => void): JobHandler<MapGenerationJob, MapGenerationOutput> {
  return async (job) => {
    const { generationId } = job.data;
    const generation = await deps.generations.start(generationId);
    if (!generation) return { failed: 'ENDED' };
    try {
      const tally = await runGeneration(deps, generation, job.signal, (fraction) => job.reportProgress(fraction));
      await deps.generations.finish(generationId, tally);
      return { created: tally.created, failed: tally.failures.length };
    } catch (error) {
      if (error instanceof JobNoLongerActiveError || job.signal.aborted) throw error;
      const code = error instanceof DomainError ? error.code : 'GENERATION_FAILED';
      if (!(error instanceof DomainError)) log(`map generation ${generationId} failed`, error);
      await deps.generations.fail(generationId, code);
      return { failed: code };
    }
  };
}

/** The uuid of the area made from the row at `index`: the same at every attempt (a v4-shaped digest). */
export function generatedAreaUuid(generationId: string, index: number): string {
  const hex = createHash('sha256').update(`${generationId}:${index}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function runGeneration(
  deps: MapGenerationDeps, generation: GenerationRecord, signal: AbortSignal, progress: (fraction: number) => Promise<void>,
): Promise<GenerationTally> {
  const { recipe, rows, folderUuid, clientId, mapId } = generation;
  const locale = recipe.locale;
  if (mapId === null) throw new DomainError('mapNotFound');
  const chunkSize = deps.chunkSize ?? 20;
  // Taken up again after a crash: the rows before `processed` were dealt with and recorded.
  const tally: GenerationTally = { processed: generation.processed, created: generation.created, failures: [...generation.failures] };
  const positions = await placeRows(deps.geocoder, rows.slice(tally.processed), signal);
  const fail = (spec: GenerationRowSpec, message: string): GenerationFailure => ({ row: spec.row, label: spec.label, message });

  for (let start = tally.processed; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const uuids = chunk.map((_, offset) => generatedAreaUuid(generation.id, start + offset));
    const made = await deps.generations.existingAreas(uuids);
    const computed = await mapLimited(chunk, deps.concurrency ?? 2, async (spec, offset): Promise<{ area: CreateArea; geometry: AreaGeometry } | GenerationFailure | null> => {
      if (made.has(uuids[offset]!)) return null;
      const position = spec.position ?? positions.get(spec.row);
      if (!position) return fail(spec, translate(locale, spec.address ? 'errors.generationAddressNotFound' : 'errors.generationNotPlaced'));
      const area: CreateArea = { uuid: uuids[offset]!, label: spec.label, color: spec.color, ...generatedAreaRecipe(recipe, position), ...(spec.address ? { startAddress: spec.address } : {}) };
      try {
        return { area, geometry: await whenNotBusy(() => deps.areas.geometryOf(area, locale), signal, deps.busyWaitsMs) };
      } catch (error) {
        // The row's own problem (no road there, at sea…): said for this row, the others go on.
        if (error instanceof DomainError && error.kind !== 'serverBusy') return fail(spec, domainErrorMessage(error, locale));
        throw error;
      }
    });
    if (signal.aborted) throw signal.reason;
    const ready = computed.filter((entry): entry is { area: CreateArea; geometry: AreaGeometry } => entry !== null && 'area' in entry);
    if (ready.length > 0) {
      await deps.areas.createWithGeometries({ ref: { id: mapId }, folderUuid, clientId, expectedVersion: undefined },
        ready.map((entry) => entry.area), ready.map((entry) => entry.geometry), locale);
    }
    tally.created += ready.length + made.size;
    tally.failures.push(...computed.filter((entry): entry is GenerationFailure => entry !== null && 'message' in entry));
    tally.processed = start + chunk.length;
    await deps.generations.saveProgress(generation.id, tally);
    await progress(tally.processed / rows.length);
  }
  return tally;
}

/** How long to wait before asking again an engine that said it is busy (other users' areas first): then the generation fails. */
const BUSY_WAITS_MS = [2_000, 5_000, 10_000, 20_000];

/** `work`, asked again after a wait while the engine says it is busy: a background job can wait its turn. */
export async function whenNotBusy<T>(work: () => Promise<T>, signal: AbortSignal, waits: readonly number[] = BUSY_WAITS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const busy = error instanceof DomainError && error.kind === 'serverBusy';
      if (!busy || attempt >= waits.length || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, waits[attempt]));
    }
  }
}

/** Positions of the rows given by address, by row number; a row the geocoder could not place has none. */
async function placeRows(geocoder: Geocoder, rows: readonly GenerationRowSpec[], signal: AbortSignal): Promise<Map<number, [number, number]>> {
  const byAddress = rows.filter((row) => !row.position && row.address);
  const positions = new Map<number, [number, number]>();
  if (byAddress.length === 0) return positions;
  const results = await geocoder.geocode(byAddress.map((row) => ({ line: row.address! })), { signal });
  if (results.every((result) => result.precision === null && result.failure)) throw new DomainError('geocoderUnavailable');
  const found = (rows: readonly GenerationRowSpec[], answers: readonly GeocodeResult[]) => answers.forEach((result, index) => {
    if (result.precision !== null) positions.set(rows[index]!.row, [result.lng, result.lat]);
  });
  found(byAddress, results);
  // A list of places often names towns alone ("Lyon"), which an address line does not read as a town.
  const missed = byAddress.filter((row) => !positions.has(row.row));
  if (missed.length > 0) found(missed, await geocoder.geocode(missed.map((row) => ({ city: row.address! })), { signal }));
  return positions;
}

/** `work` over the items, at most `limit` at a time; results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
