/**
 * `npm run data -- <command> [arguments]`: the data command line. Each command is one entry of
 * COMMANDS; importers of real open data (`import <source> <files…>`) are added the same way.
 */
import { buildDemoData, demoDirectory } from '@catchment/geodata';
import { loadConfig, type Config } from '../config.js';
import { ensureDemoRoadNetworks } from '../isochrones/demo-road-networks.setup.js';
import { buildDemoBasemaps } from '../basemap/demo-basemaps.setup.js';
import { listPoiDatasets, removePoiDataset } from '../poi/data/poi-loader.js';
import { listAddressDatasets, removeAddressDataset } from '../geocoding/data/address-loader.js';
import { listLoadedDatasets, removeDataset } from '../territories/data/dataset-loader.js';
import { withDataDatabase } from './cli-database.js';
import { IMPORT_SOURCES, importUsage } from './import-sources.js';
import { runUsersCommand, USERS_USAGE } from './users-command.js';
import { BILLING_USAGE, runBillingCommand } from './billing-command.js';

interface DataCommand {
  usage: string;
  summary: string;
  run(args: string[], context: { config: Config; log: (message: string) => void }): Promise<void>;
}

const COMMANDS: Record<string, DataCommand> = {
  demo: {
    usage: 'demo',
    summary: 'Build (or rebuild) the demo dataset from the installed npm data packages, and the demo road networks and basemaps, into DATA_DIR/demo',
    async run(_args, { config, log }) {
      log(`Building demo data into ${demoDirectory(config.dataDir)}`);
      await buildDemoData({ dataDir: config.dataDir, log });
      await ensureDemoRoadNetworks(config, log, { force: true });
      await buildDemoBasemaps(config, log, { force: true });
    },
  },
  sources: {
    usage: 'sources',
    summary: 'List the open-data importers, with the files each one takes',
    async run(_args, { log }) {
      log(`Importers (npm run data -- import <source> <files…>):\n  ${importUsage().join('\n  ')}`);
      log('Where to download each file, and under which licence: docs/data-sources.md');
    },
  },
  datasets: {
    usage: 'datasets',
    summary: 'List the territorial, business/POI and address datasets in the database (id, source, units, items or addresses, version)',
    async run(_args, { config, log }) {
      await withDataDatabase(config, log, async (database) => {
        const datasets = await listLoadedDatasets(database.db);
        if (datasets.length === 0) log('No territorial dataset in the database yet.');
        for (const dataset of datasets) {
          log(`${dataset.id.padEnd(48)} ${dataset.source.padEnd(14)} ${String(dataset.units).padStart(8)} units  v${dataset.version}  ${dataset.kinds.join(', ')}`);
        }
        const poiDatasets = await listPoiDatasets(database.db);
        if (poiDatasets.length === 0) log('No business or POI dataset in the database yet.');
        for (const dataset of poiDatasets) {
          log(`${dataset.id.padEnd(48)} ${dataset.source.padEnd(14)} ${String(dataset.items).padStart(8)} items  v${dataset.version}  ${dataset.catalogues.join(', ')}`);
        }
        const addressDatasets = await listAddressDatasets(database.db);
        if (addressDatasets.length === 0) log('No address dataset in the database yet (the built-in geocoder falls back on postcodes and towns).');
        for (const dataset of addressDatasets) {
          log(`${dataset.id.padEnd(48)} ${dataset.source.padEnd(14)} ${String(dataset.addresses).padStart(8)} addresses  v${dataset.version}  ${dataset.countries.join(', ')}`);
        }
      });
    },
  },
  remove: {
    usage: 'remove <dataset id>',
    summary: 'Take a territorial, business/POI or address dataset out of the database (ids: npm run data -- datasets)',
    async run([id], { config, log }) {
      if (!id) throw new Error('remove needs a dataset id (see npm run data -- datasets)');
      await withDataDatabase(config, log, async (database) => {
        const removed = (await removeDataset(database.db, id)) || (await removePoiDataset(database.db, id)) || (await removeAddressDataset(database.db, id));
        if (!removed) throw new Error(`No dataset "${id}" (see npm run data -- datasets)`);
        log(`Dataset ${id} removed.`);
      });
    },
  },
  users: {
    usage: 'users list | set-plan …',
    summary: `The accounts and their plans:\n      ${USERS_USAGE.join('\n      ')}`,
    run: (args, context) => runUsersCommand(args, context),
  },
  billing: {
    usage: 'billing show | renew | fail | end | remove-card | manual …',
    summary: `Subscriptions: renewals and failed payments of the local provider, manual subscriptions:\n      ${BILLING_USAGE.join('\n      ')}`,
    run: (args, context) => runBillingCommand(args, context),
  },
  import: {
    usage: 'import <source> <files…>',
    summary: `Import open data files; sources: ${Object.keys(IMPORT_SOURCES).join(', ')}`,
    async run([sourceId, ...files], { config, log }) {
      const source = sourceId ? IMPORT_SOURCES[sourceId] : undefined;
      if (!source) {
        throw new Error(`Unknown import source "${sourceId ?? ''}". Usage:\n  ${importUsage().join('\n  ')}`);
      }
      await source.run(files, { config, log, progress: process.stderr });
    },
  },
};

function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage.padEnd(28)} ${command.summary}`);
  return ['Usage: npm run data -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

export async function runDataCommand(argv: string[], log: (message: string) => void = console.log): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    log(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    log(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  const started = Date.now();
  await command.run(args, { config: loadConfig(), log: (message) => log(`[data] ${message}`) });
  log(`[data] ${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

runDataCommand(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    console.error('[data] Failed:', error);
    process.exitCode = 1;
  },
);
