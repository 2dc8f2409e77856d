/**
 * Start-up sequence of the server: open the database and bring its schema up to date, load the
 * demo data (built on first start) and its territorial datasets into the database, the imported
 * road graphs; build the context.
 */
import path from 'node:path';
import { demoTerritoryDirectory, ensureDemoData } from '@catchment/geodata';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createContext, type AppContext } from './context.js';
import { openIsochroneProvider } from './isochrones/isochrone-provider.setup.js';
import { startDemoBasemaps } from './basemap/demo-basemaps.setup.js';
import { loadTerritoryFiles } from './territories/data/territory-files.js';
import { openEventBus } from './events/open-event-bus.js';
import { PgChannelListener } from './db/pg-channel-listener.js';
import { DATA_VERSIONS_CHANNEL } from './poi/count/count-versions-cache.js';
import { JobQueue } from './jobs/job-queue.js';
import { openMailer } from './mail/open-mailer.js';

export async function openApp(config: Config, log: (message: string) => void): Promise<AppContext> {
  const pgliteDir = path.join(config.dataDir, 'db');
  log(config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${pgliteDir}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  await migrate(database, log);
  // The basemap and the place search read the demo data, built from npm data packages on first start.
  const demo = await ensureDemoData({ dataDir: config.dataDir, log });
  // The demo's territorial datasets (and files left in TERRITORY_DIR by earlier versions) go into
  // the database, the data of record; unchanged ones are skipped.
  await loadTerritoryFiles(database.db, [demoTerritoryDirectory(config.dataDir), config.territoryDir], log);
  const routing = await openIsochroneProvider(config, log);
  // The demo regions' street-level basemaps, built on first start in a worker thread, not awaited.
  await startDemoBasemaps(config, log);
  // Events reach the clients of every API process (LISTEN/NOTIFY on PostgreSQL).
  const events = await openEventBus(database.kind, database.connection, { log });
  // Business counts keep the data versions until a change is announced (PostgreSQL only: the
  // embedded database's notifications reach only the connection that sent them).
  const dataVersionsListener = database.kind === 'postgres'
    ? await PgChannelListener.start(database.connection, { channel: DATA_VERSIONS_CHANNEL, applicationName: 'catchment-data-versions', log })
    : undefined;
  const jobs = new JobQueue(database.connection, { onError: (error) => log(`Job queue: ${error.message}`) });
  await jobs.start();
  // Without SMTP_URL, account e-mails go to DATA_DIR/outbox and their links to the console.
  const mailer = openMailer(config, log);
  return createContext(config, database, { ...demo, routing, events, jobs, mailer, ...(dataVersionsListener ? { dataVersionsListener } : {}) });
}

/** Releases what openApp opened: the job queue, the mailer's connections, the events and the data versions' listener, the routing and compute workers, then the database. */
export async function closeApp(ctx: AppContext): Promise<void> {
  await ctx.jobs?.stop();
  await ctx.mailer.close();
  await ctx.events.close();
  await ctx.dataVersionsListener?.close();
  await ctx.routing?.close();
  await ctx.compute.close();
  await ctx.database.close();
}
