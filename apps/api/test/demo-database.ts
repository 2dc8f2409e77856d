/**
 * The embedded database the tests start from: migrated and holding the demo's territorial data
 * (the demo built from the npm data packages into var/test/demo). Loading the demo's data into a
 * new database takes a minute or more of CPU; the tests copy this one instead. It is made once and
 * kept in var/test/pglite-demo-<hash>/ (not in git), made again when the migrations, the demo's
 * datasets, the code that loads them or PGlite change. One process makes it while the others that
 * need it wait (the API suite on PGlite and both lanes of browser tests, which `npm test` starts at
 * once), instead of each making its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { demoDataStamp, demoTerritoryDirectory, ensureDemoData, type DemoData } from '@catchment/geodata';
import { withFolderLock } from '../../../scripts/build/folder-lock.mjs';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { loadTerritoryFiles } from '../src/territories/data/territory-files.js';

const API = path.resolve(import.meta.dirname, '..');
/** The tests' data directory: the demo's files, and the database made from them. */
export const TEST_DATA_DIR = path.resolve(API, '../../var/test');

/** A hash of the files under `directories`, by their path inside it and their content. */
function hashOfFiles(directories: string[]): string {
  const hash = createHash('sha256');
  for (const directory of directories) {
    const files = readdirSync(directory, { recursive: true, withFileTypes: true }).filter((file) => file.isFile()).map((file) => path.join(file.parentPath, file.name)).sort();
    for (const file of files) hash.update(path.relative(directory, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const packageVersion = (name: string) => (JSON.parse(readFileSync(path.join(API, '../../node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** Runs `work` holding the lock of the tests' demo files and database. */
function withDemoLock<T>(dataDir: string, say: (message: string) => void, work: () => Promise<T>): Promise<T> {
  return withFolderLock(path.join(dataDir, 'pglite-demo.lock'), () => say('Waiting for the demo data another process is making…'), work);
}

/**
 * The demo's files in `dataDir`, built there if needed, and what they hold: one process builds
 * them while the others wait (the API suites, the browser lanes), instead of each building them.
 */
export function testDemoData(dataDir = TEST_DATA_DIR, say: (message: string) => void = () => {}): Promise<DemoData> {
  return withDemoLock(dataDir, say, () => ensureDemoData({ dataDir }));
}

/**
 * The folder of an embedded database holding the demo's territorial data, made if needed: copy it
 * (it is shared). `dataDir` holds the demo's files it was loaded from (built there if needed).
 */
export async function demoDatabaseTemplate(dataDir = TEST_DATA_DIR, say: (message: string) => void = () => {}): Promise<string> {
  return withDemoLock(dataDir, say, async () => {
    await ensureDemoData({ dataDir });
    // The demo files' stamp, not their bytes: each build writes its own date into them.
    const key = createHash('sha256')
      .update(hashOfFiles([path.join(API, 'src/db/migrations'), path.join(API, 'src/territories/data')]))
      .update(`${demoDataStamp()} ${packageVersion('@electric-sql/pglite')} ${packageVersion('@electric-sql/pglite-postgis')}`)
      .digest('hex').slice(0, 16);
    const made = path.join(dataDir, `pglite-demo-${key}`);
    if (!existsSync(made)) {
      say('Making the demo database the tests start from (once for this code and data)…');
      const making = mkdtempSync(path.join(dataDir, 'pglite-demo-making-'));
      const database = await openDatabase({ pgliteDir: path.join(making, 'db') });
      try {
        await migrate(database);
        await loadTerritoryFiles(database.db, [demoTerritoryDirectory(dataDir)], () => {});
      } finally {
        await database.close();
      }
      renameSync(making, made);
      removeOtherTemplates(dataDir, made);
    }
    return path.join(made, 'db');
  });
}

/** Those made for other code or data are not used again, nor those whose making was interrupted. */
function removeOtherTemplates(dataDir: string, kept: string): void {
  for (const name of readdirSync(dataDir).filter((entry) => entry.startsWith('pglite-demo-') && entry !== 'pglite-demo.lock')) {
    const other = path.join(dataDir, name);
    if (other === kept) continue;
    try {
      rmSync(other, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}
