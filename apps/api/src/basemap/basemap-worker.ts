/**
 * A worker thread that builds region basemaps (seconds of CPU each), so that the server's start
 * builds the demo's without holding its event loop. Reports each region as it is done.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildRegionBasemapFromExtract } from './region-basemap-build.js';

export interface BasemapJob { region: string; extractPath: string; outputPath: string }
export type BasemapWorkerMessage =
  | { type: 'built'; region: string; milliseconds: number; tiles: number }
  | { type: 'failed'; region: string; message: string };

const { jobs } = workerData as { jobs: BasemapJob[] };
for (const job of jobs) {
  try {
    const summary = await buildRegionBasemapFromExtract(job.extractPath, job.outputPath);
    parentPort!.postMessage({ type: 'built', region: job.region, milliseconds: summary.milliseconds, tiles: summary.tiles } satisfies BasemapWorkerMessage);
  } catch (error) {
    parentPort!.postMessage({ type: 'failed', region: job.region, message: error instanceof Error ? error.message : String(error) } satisfies BasemapWorkerMessage);
  }
}
