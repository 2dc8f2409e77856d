/**
 * An account's datasets (SPEC §3 Client dataset, §7 Datasets, Data files import): an import
 * checked (the file is the caller's, its columns exist, the plan's pins hold its rows: one
 * import at a time per account), started on the job queue and answered when it is done, or with
 * its progress when it takes longer than a request should wait; then listed, renamed, recoloured,
 * deleted, and its rows not placed downloaded.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DomainError, ERRORS, FEATURES, RequestValidationError, type ErrorName,
  type ClientDatasetView, type CreateDatasetBody, type DatasetItem, type ImportDataFileBody,
} from '@catchment/domain';
import type { PlanAccess } from '../plans/plan-access.js';
import type { DataFilesRepository } from './files/data-files.repository.js';
import type { DatasetRow, DatasetsRepository, MapDatasetsTouched } from './datasets.repository.js';
import type { DatasetImportJob } from './import/dataset-import.js';
import { rowPlacement } from './import/row-placement.js';
import { assertPins } from './dataset-pins.js';
import { numericColumns } from './column-counts.js';

/** Starts an import's work: on the job queue, or in this process when it has none. */
export type StartImport = (job: DatasetImportJob) => Promise<void>;

/** How long an import request waits for the import to finish before answering with its progress. */
export const IMPORT_WAIT_MS = 20_000;

export function toDatasetView(row: DatasetRow): ClientDatasetView {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    source: row.source,
    columns: row.columns,
    operationColumn: row.operation_column,
    status: row.status,
    progress: row.progress,
    error: row.error,
    rowCount: row.row_count,
    pointCount: row.point_count,
    notGeocodedCount: row.not_geocoded_count,
    precisions: row.precisions,
    numericColumns: numericColumns(row.columns, row.column_counts),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A 400 naming each field that is not one of the dataset's columns. */
function assertColumns(columns: readonly string[], items: readonly DatasetItem[], operationColumn?: string): void {
  const known = new Set(columns);
  const issues = items.flatMap((item, index) => Object.keys(item.fields).filter((name) => !known.has(name)).map((name) => ['items', index, 'fields', name]));
  if (operationColumn !== undefined && !known.has(operationColumn)) issues.push(['operationColumn']);
  if (issues.length > 0) {
    throw new RequestValidationError(issues.map((path) => ({ code: 'custom', input: undefined, message: 'validation.unknownColumn', path })), 'body');
  }
}

/** Items as rows: their fields in the columns' order, blanks where they have none. */
const itemRows = (columns: readonly string[], items: readonly DatasetItem[]) =>
  items.map((item) => ({ cells: columns.map((column) => item.fields[column] ?? ''), position: { lng: item.position[0], lat: item.position[1] } }));

/** The error a failed import's stored code names (an unknown one: an internal error). */
function errorNameOf(code: string | null): ErrorName {
  return (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name].code === code) ?? 'internal';
}

export class DatasetsService {
  constructor(
    private readonly datasets: DatasetsRepository,
    private readonly files: DataFilesRepository,
    private readonly plans: PlanAccess,
    private readonly startImport: StartImport,
    /** Tells the viewers of maps that show a changed dataset (real-time list-sync). */
    private readonly announce: (maps: readonly MapDatasetsTouched[]) => void = () => {},
    private readonly waitMs = IMPORT_WAIT_MS,
  ) {}

  /** The new dataset, and whether its import is over (else it goes on; its progress is pushed to the user). */
  async importFile(clientId: number, fileId: string, body: ImportDataFileBody): Promise<{ dataset: ClientDatasetView; done: boolean }> {
    const access = await this.plans.require(clientId, FEATURES.dataImport);
    const file = await this.files.find(clientId, fileId);
    if (!file) throw new DomainError('dataFileNotFound');
    rowPlacement(body, file.columns);
    const created = await this.datasets.withAccountLocked(clientId, async (datasets) => {
      assertPins(access.plan, await datasets.pinsUsed(clientId), file.row_count, 'insufficientStorage', access.pins);
      const color = body.color ?? await datasets.nextColor(clientId);
      return datasets.create({
        clientId, name: body.name, color, source: 'file', columns: file.columns, operationColumn: body.operationColumn ?? null, rowCount: file.row_count,
      });
    });
    try {
      await this.startImport({ datasetId: created.id, clientId, fileId, body });
    } catch (error) {
      // Not started (the queue unreachable): no dataset is left holding the pins it reserved.
      await this.datasets.remove(clientId, created.id);
      throw error;
    }
    const settled = await this.settled(created.id);
    if (settled?.status === 'failed') {
      // Failed while the user waits: they get the reason, and no failed dataset is left behind.
      await this.datasets.remove(clientId, created.id);
      throw new DomainError(errorNameOf(settled.error));
    }
    return { dataset: toDatasetView(settled ?? created), done: settled !== undefined };
  }

  /** A dataset made without a file: its columns and the rows given, placed by their positions. */
  async create(clientId: number, body: CreateDatasetBody): Promise<ClientDatasetView> {
    const access = await this.plans.require(clientId, FEATURES.dataImport);
    assertColumns(body.columns, body.items, body.operationColumn);
    const created = await this.datasets.withAccountLocked(clientId, async (datasets) => {
      assertPins(access.plan, await datasets.pinsUsed(clientId), body.items.length, 'insufficientStorage', access.pins);
      const color = body.color ?? await datasets.nextColor(clientId);
      const dataset = await datasets.create({ clientId, name: body.name, color, source: 'file', columns: body.columns, operationColumn: body.operationColumn ?? null, rowCount: 0 });
      await datasets.finish(dataset.id, { pointCount: 0, notGeocodedCount: 0, precisions: {} });
      return body.items.length > 0 ? datasets.appendPlaced(dataset.id, itemRows(body.columns, body.items)) : (await datasets.findById(dataset.id))!;
    });
    return toDatasetView(created);
  }

  /** Rows added to a dataset (POST {items}): within the plan's pins, once its import is over. */
  async addItems(clientId: number, id: number, items: DatasetItem[]): Promise<ClientDatasetView> {
    const access = await this.plans.require(clientId, FEATURES.dataImport);
    const dataset = await this.owned(clientId, id);
    if (dataset.status !== 'ready') throw new DomainError('conflict');
    assertColumns(dataset.columns, items);
    const { updated, maps } = await this.datasets.withAccountLocked(clientId, async (datasets) => {
      assertPins(access.plan, await datasets.pinsUsed(clientId), items.length, 'insufficientStorage', access.pins);
      return { updated: await datasets.appendPlaced(id, itemRows(dataset.columns, items)), maps: await datasets.touchMapsShowing(id) };
    });
    this.announce(maps);
    return toDatasetView(updated);
  }

  async list(clientId: number): Promise<ClientDatasetView[]> {
    return (await this.datasets.list(clientId)).map(toDatasetView);
  }

  async get(clientId: number, id: number): Promise<ClientDatasetView> {
    return toDatasetView(await this.owned(clientId, id));
  }

  async update(clientId: number, id: number, changes: { name?: string; color?: string; operationColumn?: string | null }): Promise<ClientDatasetView> {
    const dataset = await this.owned(clientId, id);
    if (changes.operationColumn && !dataset.columns.includes(changes.operationColumn)) {
      throw new RequestValidationError([{ code: 'custom', input: changes.operationColumn, message: 'validation.unknownColumn', path: ['operationColumn'] }], 'body');
    }
    const updated = (await this.datasets.update(clientId, id, changes))!;
    this.announce(await this.datasets.touchMapsShowing(id));
    return toDatasetView(updated);
  }

  async remove(clientId: number, id: number): Promise<void> {
    const maps = await this.datasets.remove(clientId, id);
    if (!maps) throw new DomainError('datasetNotFound');
    this.announce(maps);
  }

  /** The dataset and the rows its import could not place (the "not geocoded" report). */
  async notPlaced(clientId: number, id: number): Promise<{ dataset: DatasetRow; rows: { row_number: number; cells: string[] }[] }> {
    const dataset = await this.owned(clientId, id);
    return { dataset, rows: await this.datasets.notPlaced(id) };
  }

  private async owned(clientId: number, id: number): Promise<DatasetRow> {
    const dataset = await this.datasets.find(clientId, id);
    if (!dataset) throw new DomainError('datasetNotFound');
    return dataset;
  }

  /** The dataset once its import is over, or undefined when it still runs after the wait. */
  private async settled(id: number): Promise<DatasetRow | undefined> {
    const deadline = Date.now() + this.waitMs;
    for (let pause = 50; ; pause = Math.min(500, pause * 2)) {
      const dataset = await this.datasets.findById(id);
      if (!dataset || dataset.status !== 'importing') return dataset;
      if (Date.now() >= deadline) return undefined;
      await sleep(pause);
    }
  }
}
