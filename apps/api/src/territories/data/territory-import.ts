/**
 * `npm run data -- import <territorial source> <files…>`, and the same for tests: the importer
 * reads the open-data files into a dataset file (crash-safe, in a scratch folder), which is then
 * loaded into the database (dataset-loader.ts) and removed. The database is the data of record:
 * every API process sees the import as soon as it goes live, without a restart.
 */
import fs from 'node:fs/promises';
import type { ImportReport, TerritoryImporter } from '@catchment/geodata';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadDatasetFile, type LoadedDatasetReport } from './dataset-loader.js';

export interface TerritoryImportOptions {
  /** Where the dataset file is written before it goes into the database. */
  scratchDir: string;
  onProgress?: (progress: { phase: string; fraction: number }) => void;
}

export async function importTerritories(
  db: Kysely<Database>, importer: TerritoryImporter, files: string[], options: TerritoryImportOptions,
): Promise<{ report: ImportReport; loaded: LoadedDatasetReport }> {
  const report = await importer.run(files, { outputDir: options.scratchDir, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  try {
    const loaded = await loadDatasetFile(db, report.file, options.onProgress ? { onProgress: options.onProgress } : {});
    return { report, loaded };
  } finally {
    await fs.rm(report.file, { force: true });
  }
}
