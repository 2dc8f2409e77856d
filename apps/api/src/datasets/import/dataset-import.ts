/**
 * An import's work (SPEC §7 import): the uploaded file's rows read in order, placed by their
 * coordinates or by the geocoder a batch at a time, written with their cells, the dataset's
 * counts set (placements, and its columns' numbers: column-counts.ts), and the upload deleted. Runs as a job of the queue (any API process) and reports
 * its progress as it goes; a job run again after a crash starts over from the first row.
 */
import { DomainError, type ImportDataFileBody, type PlacementPrecision } from '@catchment/domain';
import type { DataFileStore } from '../files/data-file-store.js';
import type { DataFilesRepository } from '../files/data-files.repository.js';
import { ColumnCounter } from '../column-counts.js';
import type { DatasetsRepository, ImportOutcome, PlacedRow } from '../datasets.repository.js';
import { rowPlacement, type AddressParts, type RowPlacement } from './row-placement.js';

/** The job's data: plain JSON. */
export interface DatasetImportJob {
  datasetId: number;
  clientId: number;
  fileId: string;
  body: ImportDataFileBody;
}

export interface GeocodedPlace { lng: number; lat: number; precision: Exclude<PlacementPrecision, 'coordinates'> }

/** Positions for a batch of addresses, in their order (null: not found). */
export type GeocodeAddresses = (addresses: readonly AddressParts[], signal: AbortSignal) => Promise<(GeocodedPlace | null)[]>;

export interface DatasetImportDeps {
  datasets: DatasetsRepository;
  files: DataFilesRepository;
  store: DataFileStore;
  geocode: GeocodeAddresses;
  /** How far the import got (0–1): the job's progress, the dataset's, and the event to the user. */
  progress: (fraction: number) => Promise<void>;
}

/** Rows placed, or geocoded, together. */
export const IMPORT_BATCH_ROWS = 500;

export async function runDatasetImport(deps: DatasetImportDeps, job: DatasetImportJob, signal: AbortSignal): Promise<ImportOutcome> {
  const file = await deps.files.find(job.clientId, job.fileId);
  if (!file) throw new DomainError('dataFileNotFound');
  const placement = rowPlacement(job.body, file.columns);
  await deps.datasets.clearRows(job.datasetId);

  const tally = new PlacementTally();
  const columnCounts = new ColumnCounter(file.columns.length);
  let batch: { rowNumber: number; cells: string[] }[] = [];
  let rowNumber = 0;
  const flush = async () => {
    const placed = await placeBatch(placement, batch, deps.geocode, signal);
    await deps.datasets.insertRows(job.datasetId, placed);
    tally.add(placed);
    columnCounts.add(placed);
    batch = [];
    await deps.progress(Math.min(0.99, rowNumber / Math.max(1, file.row_count)));
  };
  for await (const cells of deps.store.allRows(job.fileId)) {
    signal.throwIfAborted();
    batch.push({ rowNumber: ++rowNumber, cells: file.columns.map((_, i) => cells[i] ?? '') });
    if (batch.length === IMPORT_BATCH_ROWS) await flush();
  }
  if (batch.length > 0) await flush();
  return { ...tally.outcome(), columnCounts: columnCounts.result() };
}

async function placeBatch(
  placement: RowPlacement, rows: readonly { rowNumber: number; cells: string[] }[], geocode: GeocodeAddresses, signal: AbortSignal,
): Promise<PlacedRow[]> {
  if (placement.kind === 'coordinates') {
    return rows.map((row) => {
      const position = placement.place(row.cells);
      return { ...row, position, precision: position ? 'coordinates' : null };
    });
  }
  const addresses = rows.map((row) => placement.addressOf(row.cells));
  // Rows without any address part are not sent: nothing could place them.
  const asked = addresses.flatMap((address, index) => (Object.keys(address).length > 0 ? [index] : []));
  const found = asked.length > 0 ? await geocode(asked.map((index) => addresses[index]!), signal) : [];
  const places = new Map(asked.map((index, i) => [index, found[i] ?? null]));
  return rows.map((row, index) => {
    const place = places.get(index) ?? null;
    return { ...row, position: place && { lng: place.lng, lat: place.lat }, precision: place?.precision ?? null };
  });
}

class PlacementTally {
  private pointCount = 0;
  private notGeocodedCount = 0;
  private readonly precisions: Partial<Record<PlacementPrecision, number>> = {};

  add(rows: readonly PlacedRow[]): void {
    for (const row of rows) {
      if (!row.position || !row.precision) {
        this.notGeocodedCount++;
        continue;
      }
      this.pointCount++;
      this.precisions[row.precision] = (this.precisions[row.precision] ?? 0) + 1;
    }
  }

  outcome(): ImportOutcome {
    return { pointCount: this.pointCount, notGeocodedCount: this.notGeocodedCount, precisions: { ...this.precisions } };
  }
}
