/**
 * The embedded database's own thread: PGlite (+ PostGIS, and pg_trgm for the geocoder's fuzzy
 * street names) runs here and is served over a Unix socket (pglite-connections.ts), so that
 * - its queries (PostGIS validity checks, imports, index builds) never run on the API's event loop;
 * - the API, the job queue, a LISTEN connection and the data command line all reach it as they
 *   reach PostgreSQL, with node-postgres: one driver, one SQL path for both databases;
 * - `npm run data -- import …` run while the server is up writes through the server's socket
 *   instead of opening the same data folder a second time (which PGlite cannot share).
 * The connections take turns, a query at a time (its whole message sequence), and a connection's
 * open transaction is its own: other connections' queries wait until it commits or rolls back.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteConnections } from './pglite-connections.js';

export interface PgliteThreadData {
  /** The data folder; undefined: in memory (tests). */
  dir: string | undefined;
  socketPath: string;
}

export type PgliteThreadMessage = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string };

const { dir, socketPath } = workerData as PgliteThreadData;
const post = (message: PgliteThreadMessage) => parentPort!.postMessage(message);

try {
  const db = await PGlite.create(dir ?? 'memory://', { extensions: { postgis, pg_trgm }, parsers: { [types.INT8]: (value: string) => Number(value) } });
  const server = new PGliteConnections(db);
  await server.listen(socketPath);
  // Only this user may connect: the socket is the database's only door and it has no password.
  fs.chmodSync(socketPath, 0o600);
  parentPort!.on('message', (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    void (async () => {
      await server.close();
      await db.close();
      post({ type: 'closed' });
    })();
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
