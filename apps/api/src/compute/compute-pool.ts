/**
 * The API's compute threads (piscina): geometry checks and unions run there, so that one large
 * polygon or one union of thousands of units never holds the event loop, and /api/health and every
 * other user's request keep answering. The queue is bounded: past it the API answers 503 with a
 * Retry-After rather than piling up work, and a task that runs too long is stopped (its thread is
 * replaced). Census figures, short once a thread holds their units, go through the compute lane
 * (compute-lane.ts: threads of their own reached through shared memory, under the same rules).
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { DomainError, type AreaGeometry, type HeatmapClasses, type HeatmapClassification, type Locale, type PasswordStrength, type PasswordUserInputs } from '@catchment/domain';
import type { NamedDivisions } from '../territories/divisions-workbook.js';
import type { NamedMeasures } from '../territories/census-workbook.js';
import type { ComparedArea } from '../territories/comparison-workbook.js';
import type { IndicatorsWorkbookInput } from '../metrics/indicators-workbook.js';
import type { AreaIris } from '../territories/iris-workbook.js';
import type { BoundariesRequest } from '../territories/boundaries-document.js';
import type { PoiWorkbookSheet } from '../poi/searches/poi-workbook.js';
import { workerUrl } from '@catchment/files';
import type { PoolConfig } from 'pg';
import type { MeasureFigure, PoiTileCluster } from '@catchment/geodata';
import type { CensusRequest } from '../territories/unit-cache/area-census.js';
import type { PoiCountAnswer, PoiCountRequest } from '../poi/count/area-poi-count.js';
import type { ComputeTask, ComputeWorkerData, InvalidGeometry, PackedOverlaps, UnitTileRow } from './compute-tasks.js';
import { packGeometries, transferList, unpackGeometries, type PackedGeometries } from './packed-geometry.js';
import { TaskDeadlines } from './task-deadlines.js';
import { ComputeLane, TOO_LARGE } from './compute-lane.js';
import { UnreadableTable, type ReadTableResult, type TableSummary } from '../datasets/files/table-file.js';
import type { DatasetFiguresAnswer, DatasetFiguresRequest } from '../datasets/maps/area-dataset-figures.js';
import type { DatasetWorkbookSheet } from '../datasets/maps/dataset-workbook.js';

export interface ComputePoolOptions {
  /** Threads; 0 means one per core, at most 4. */
  threads?: number;
  /** Tasks waiting for a thread beyond which new ones are refused (503). */
  maxQueue?: number;
  /** A task still running after this is stopped (503). */
  timeoutMs?: number;
  /** How the threads reach the database (census figures read and cache the units they need). */
  database?: PoolConfig;
  /** Each thread's budget for the units it caches. */
  unitCacheBytes?: number;
  /** Each thread's budget for the business searches' points it caches. */
  poiCacheBytes?: number;
  /** Each thread's budget for the datasets' rows it caches. */
  datasetCacheBytes?: number;
}

export const serverBusy = () => new DomainError('serverBusy');

export class ComputePool {
  private readonly pool: Piscina;
  /** Threads reached through shared memory, for the tasks whose trip to a thread is most of their time. */
  private readonly lane: ComputeLane;
  private readonly deadlines: TaskDeadlines;

  constructor(options: ComputePoolOptions = {}) {
    const threads = options.threads || Math.min(4, Math.max(1, os.availableParallelism()));
    this.deadlines = new TaskDeadlines(options.timeoutMs ?? 30_000);
    const maxQueue = options.maxQueue ?? 16 * threads;
    const workerData: ComputeWorkerData = {
      database: options.database, unitCacheBytes: options.unitCacheBytes, poiCacheBytes: options.poiCacheBytes, datasetCacheBytes: options.datasetCacheBytes,
    };
    this.lane = new ComputeLane({ threads, maxQueue, workerData, deadlines: this.deadlines, busy: serverBusy });
    this.pool = new Piscina({
      filename: workerUrl(import.meta.url, 'compute-worker').href,
      // A named export: the compiled worker is compute-tasks.ts itself, which has no default one.
      name: 'runComputeTask',
      minThreads: 0,
      maxThreads: threads,
      maxQueue,
      // A thread keeps the units of the regions in use (unit-cache): it stays while users work.
      idleTimeout: 10 * 60_000,
      workerData,
      // Nobody reads piscina's run and wait time histograms.
      recordTiming: false,
    });
  }

  /** Which of the geometries are not valid areas, and why (indices into the list). */
  async invalidAreas(geometries: readonly AreaGeometry[]): Promise<InvalidGeometry[]> {
    if (geometries.length === 0) return [];
    const packed = packGeometries(geometries);
    return await this.run({ name: 'validateAreas', geometries: packed }, packed) as InvalidGeometry[];
  }

  /** The union of boundaries given as GeoJSON text (as the database returns them), or null. */
  async unionOfGeoJson(geometries: string[], cancel?: AbortSignal): Promise<AreaGeometry | null> {
    const result = await this.run({ name: 'unionOfGeoJson', geometries }, undefined, cancel) as PackedGeometries | null;
    return result ? unpackGeometries(result)[0]! : null;
  }

  /** How much of each unit (GeoJSON text) lies in the area; null where the area does not meet it. */
  async overlaps(area: AreaGeometry, units: string[]): Promise<({ share: number; overlapArea: number } | null)[]> {
    if (units.length === 0) return [];
    const packed = packGeometries([area]);
    const result = await this.run({ name: 'overlaps', area: packed, units }, packed) as PackedOverlaps;
    return units.map((_, i) => (Number.isNaN(result[2 * i]!) ? null : { share: result[2 * i]!, overlapArea: result[2 * i + 1]! }));
  }

  /**
   * The census figures of an area, from the units of its region (cached by the threads, per data
   * version): through the lane, where most of a figure's time would otherwise be the trip to the
   * thread; an area too large for it goes through the pool.
   */
  async censusFigures(area: AreaGeometry, request: CensusRequest): Promise<MeasureFigure[]> {
    const packed = packGeometries([area]);
    const task = { name: 'censusFigures', area: packed, request } as const;
    const answer = await this.lane.run(task);
    return (answer === TOO_LARGE ? await this.run(task, packed) : answer) as MeasureFigure[];
  }

  /** How many of a search's businesses each area holds, and the small cells asked for (poi/count/area-poi-count.ts). */
  async poiCounts(areas: readonly AreaGeometry[], request: PoiCountRequest): Promise<PoiCountAnswer> {
    const packed = packGeometries(areas);
    return await this.run({ name: 'poiCounts', areas: packed, request }, packed) as PoiCountAnswer;
  }

  /** A dataset's rows in each area, and the sum and mean of a column's numbers there (datasets/maps/area-dataset-figures.ts). */
  async datasetFigures(areas: readonly AreaGeometry[], request: DatasetFiguresRequest): Promise<DatasetFiguresAnswer> {
    const packed = packGeometries(areas);
    return await this.run({ name: 'datasetFigures', areas: packed, request }, packed) as DatasetFiguresAnswer;
  }

  /**
   * A vector tile of territorial units (null: nothing to draw): outlines in `layer` (default
   * `units`), labels too with `labels`; `cancel`: see run.
   */
  async unitTile(z: number, x: number, y: number, units: UnitTileRow[], { labels, layer }: { labels: boolean; layer?: string }, cancel?: AbortSignal): Promise<Uint8Array | null> {
    return await this.run({ name: 'unitTile', z, x, y, units, labels, ...(layer ? { layer } : {}) }, undefined, cancel) as Uint8Array | null;
  }

  /** A heatmap's class breaks and colours from the values of its units (packages/domain heatmaps); `cancel`: see run. */
  async heatmapClasses(values: Float64Array, classes: number, classification: HeatmapClassification, cancel?: AbortSignal): Promise<HeatmapClasses> {
    return await this.run({ name: 'heatmapClasses', values, classes, classification }, undefined, cancel, [values.buffer as ArrayBuffer]) as HeatmapClasses;
  }

  /** The divisions export as an XLSX file. */
  async divisionsWorkbook(areas: NamedDivisions[], locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'divisionsWorkbook', areas, locale });
  }

  /** The census export as an XLSX file (territories/census-workbook.ts). */
  async censusWorkbook(areas: NamedMeasures[], locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'censusWorkbook', areas, locale });
  }

  /** The multi-area comparison export as an XLSX file (territories/comparison-workbook.ts). */
  async comparisonWorkbook(areas: ComparedArea[], locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'comparisonWorkbook', areas, locale });
  }

  /** The indicators export as an XLSX file (metrics/indicators-workbook.ts). */
  async indicatorsWorkbook(input: IndicatorsWorkbookInput, locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'indicatorsWorkbook', input, locale });
  }

  /** The IRIS detail export as an XLSX file (territories/iris-workbook.ts). */
  async irisWorkbook(areas: AreaIris[], locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'irisWorkbook', areas, locale });
  }

  /** The boundaries of the units an area covers as GeoJSON or KML text (territories/boundaries-document.ts). */
  async boundariesDocument(request: BoundariesRequest): Promise<Buffer> {
    return this.runFile({ name: 'boundariesDocument', request });
  }

  /** A vector tile of a business search (poi-tiles in packages/geodata). */
  async poiTile(z: number, x: number, y: number, clusters: PoiTileCluster[]): Promise<Uint8Array | null> {
    return clusters.length === 0 ? null : await this.run({ name: 'poiTile', z, x, y, clusters }) as Uint8Array | null;
  }

  /** The export of a search's businesses as an XLSX file (poi/searches/poi-workbook.ts). */
  async poiWorkbook(sheets: PoiWorkbookSheet[], institutions: boolean, locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'poiWorkbook', sheets, institutions, locale });
  }

  /** The export of a dataset's rows in areas as an XLSX file (datasets/maps/dataset-workbook.ts). */
  async datasetWorkbook(columns: string[], sheets: DatasetWorkbookSheet[], locale: Locale): Promise<Buffer> {
    return this.runFile({ name: 'datasetWorkbook', columns, sheets, locale });
  }

  /** Reads an uploaded file as a table into its rows file; UnreadableTable when it is no table. */
  async readTable(source: string, target: string, locale: Locale): Promise<TableSummary> {
    // A thread's errors reach here as plain errors: the reason comes back as a value.
    const result = await this.run({ name: 'readTable', source, target, locale }) as ReadTableResult;
    if ('unreadable' in result) throw new UnreadableTable(result.unreadable);
    return result.table;
  }

  /** How hard a password is to guess for this user (packages/domain accounts/password-strength.ts). */
  async passwordStrength(password: string, inputs: PasswordUserInputs): Promise<PasswordStrength> {
    return await this.run({ name: 'passwordStrength', password, inputs }) as PasswordStrength;
  }

  /** Tasks run to completion so far (what tells a cached result from a computed one). */
  get completedTasks(): number {
    return this.pool.completed + this.lane.completed;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close({ force: true }), this.lane.close()]);
  }

  /**
   * `cancel`: nobody wants the result any more (every client asking for it went away): the task
   * leaves the queue, or its thread is stopped and replaced, and the call rejects with cancel's reason.
   */
  /** A task that makes a file: its bytes as a Buffer over the thread's transferred memory (no copy). */
  private async runFile(task: ComputeTask): Promise<Buffer> {
    const bytes = await this.run(task) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private async run(task: ComputeTask, packed?: PackedGeometries, cancel?: AbortSignal, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const signal = this.deadlines.start(cancel);
    const moved = [...(packed ? transferList(packed) : []), ...transfer];
    try {
      return await this.pool.run(task, { ...(moved.length > 0 ? { transferList: moved } : {}), signal });
    } catch (error) {
      if (cancel?.aborted) throw cancel.reason;
      if (signal.timedOut || (error instanceof Error && /queue is at limit/i.test(error.message))) throw serverBusy();
      throw error;
    } finally {
      this.deadlines.finish(signal);
    }
  }
}
