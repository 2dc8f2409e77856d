/**
 * Dataset files the server loads into the database at start: the demo's (built from npm data
 * packages on first start) and any found in TERRITORY_DIR (written by earlier versions, which kept
 * imports as files). A file already loaded with the same units is skipped in milliseconds.
 */
import { listTerritoryDatasets } from '@catchment/geodata';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadDatasetFile } from './dataset-loader.js';

export async function loadTerritoryFiles(db: Kysely<Database>, directories: readonly string[], log: (message: string) => void): Promise<void> {
  for (const directory of directories) {
    for (const { file, header } of await listTerritoryDatasets(directory, log)) {
      const started = Date.now();
      try {
        const report = await loadDatasetFile(db, file);
        if (!report.unchanged) log(`Territorial dataset ${report.id} loaded into the database (${report.units.toLocaleString('en')} units, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        // One damaged file must not keep the server from starting with the others.
        log(`Skipping territorial dataset ${header.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
