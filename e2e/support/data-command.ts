/**
 * The data command line (`npm run data -- …`) run the way an operator runs it (compiled, built with
 * the server by the global setup), against the test server's DATA_DIR and database
 * (global-setup.ts): on the embedded PGlite it reaches the database through the running server's
 * socket, on PostgreSQL it connects as the server does.
 */
import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';

/** The data command line as `npm run data` runs it, built with the server by the global setup. */
const DATA_COMMAND = 'apps/api/dist/data.js';

/** Runs `npm run data -- ...args` against the test server's data; its output goes to the test's, or nowhere when `quiet`. */
export function runDataCommand(dataDir: string, args: string[], { quiet = false } = {}): void {
  execFileSync(process.execPath, ['--enable-source-maps', DATA_COMMAND, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: inject('databaseUrl') },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}
