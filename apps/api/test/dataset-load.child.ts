/**
 * A data command line to be killed mid-import, for the territorial data tests: it loads a dataset
 * file into the database reached by `connection`, prints `staging` after the first batch of units
 * is written, then waits to be killed before the next one.
 *
 * Usage: node --import tsx dataset-load.child.ts '<JSON of { connection, file }>'
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg, { type PoolConfig } from 'pg';
import type { Database } from '../src/db/schema.js';
import { loadDatasetFile } from '../src/territories/data/dataset-loader.js';

const { connection, file } = JSON.parse(process.argv[2]!) as { connection: PoolConfig; file: string };
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 1 }) }) });
let announced = false;
await loadDatasetFile(db, file, {
  onProgress: () => {
    if (announced) return;
    announced = true;
    console.log('staging');
    // Holds the event loop here: the next batch is never sent.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
