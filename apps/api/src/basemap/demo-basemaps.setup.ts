/**
 * The demo's street-level basemaps: one PMTiles archive per sample extract of the demo road
 * networks (Monaco, Andorra, Mannheim–Heidelberg), in DATA_DIR/demo/basemap. Built when missing,
 * unreadable or older than their extract; not for a region the operator imported (theirs is
 * served instead). At the server's start they are built in a worker thread in the background:
 * the server answers meanwhile, and the tiles appear once written (the archives' folder is
 * watched). `npm run data:demo` builds them again, in its own process.
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerUrl, removeStaleTemporaryFiles } from '@catchment/files';
import { demoDirectory, formatRegionBasemapSummary, REGION_BASEMAP_EXTENSION } from '@catchment/geodata';
import { DEMO_ROAD_NETWORKS } from '@catchment/routing';
import type { Config } from '../config.js';
import type { BasemapJob, BasemapWorkerMessage } from './basemap-worker.js';
import { buildRegionBasemapFromExtract } from './region-basemap-build.js';

type DemoBasemapConfig = Pick<Config, 'dataDir' | 'demoExtractDir' | 'basemapDir'>;

export const demoBasemapDirectory = (config: Pick<Config, 'dataDir'>) => path.join(demoDirectory(config.dataDir), 'basemap');

/** The demo basemaps to build: all of them with `force`, else the missing and stale ones. */
export async function demoBasemapJobs(config: DemoBasemapConfig, options: { force?: boolean } = {}): Promise<BasemapJob[]> {
  const directory = demoBasemapDirectory(config);
  await removeStaleTemporaryFiles(directory);
  const jobs: BasemapJob[] = [];
  for (const network of DEMO_ROAD_NETWORKS) {
    const extractPath = path.join(config.demoExtractDir, network.extract);
    const file = `${network.region}${REGION_BASEMAP_EXTENSION}`;
    if (!existsSync(extractPath) || existsSync(path.join(config.basemapDir, file))) continue;
    const outputPath = path.join(directory, file);
    if (options.force || !isFreshArchive(outputPath, extractPath)) jobs.push({ region: network.region, extractPath, outputPath });
  }
  return jobs;
}

/** A PMTiles v3 file newer than its extract (the server checks the rest when it opens it). */
function isFreshArchive(archivePath: string, extractPath: string): boolean {
  if (!existsSync(archivePath) || statSync(archivePath).mtimeMs < statSync(extractPath).mtimeMs) return false;
  const magic = Buffer.alloc(8);
  const fd = openSync(archivePath, 'r');
  try {
    readSync(fd, magic, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  return magic.toString('latin1', 0, 7) === 'PMTiles' && magic[7] === 3;
}

/**
 * Starts building the missing demo basemaps in a worker thread and returns at once; the promise
 * settles when the worker is done (the server does not wait for it, tests and benches may).
 */
export async function startDemoBasemaps(config: DemoBasemapConfig, log: (message: string) => void): Promise<{ done: Promise<void> }> {
  const jobs = await demoBasemapJobs(config);
  if (jobs.length === 0) return { done: Promise.resolve() };
  mkdirSync(demoBasemapDirectory(config), { recursive: true });
  log(`Building the demo basemaps in the background: ${jobs.map((job) => job.region).join(', ')}…`);
  const worker = new Worker(workerUrl(import.meta.url, 'basemap-worker'), { workerData: { jobs } });
  // A server stopping meanwhile does not wait for it; a half-written archive is a temporary file, removed at the next start.
  worker.unref();
  worker.on('message', (message: BasemapWorkerMessage) => {
    if (message.type === 'built') log(`Demo basemap ${message.region}: ${message.tiles} tiles in ${(message.milliseconds / 1000).toFixed(1)} s`);
    else log(`Demo basemap ${message.region} could not be built: ${message.message}`);
  });
  const done = new Promise<void>((resolve) => {
    worker.once('error', (error) => {
      log(`Demo basemaps: ${error.message}`);
      resolve();
    });
    worker.once('exit', () => resolve());
  });
  return { done };
}

/** Builds the demo basemaps in this process (`npm run data:demo`). */
export async function buildDemoBasemaps(config: DemoBasemapConfig, log: (message: string) => void, options: { force?: boolean } = {}): Promise<void> {
  const jobs = await demoBasemapJobs(config, options);
  if (jobs.length > 0) mkdirSync(demoBasemapDirectory(config), { recursive: true });
  for (const job of jobs) log(formatRegionBasemapSummary(await buildRegionBasemapFromExtract(job.extractPath, job.outputPath)));
}
