import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importOsm } from '../import/import-osm.js';
import { loadGraph } from '../graph/graph-file.js';
import { OSM_EXTRACTS } from '../test-support/fixtures.js';
import { sharedBufferOf } from './routing-engine.js';
import { validateRequest } from './validate-request.js';
import { WorkerPool, type WorkerPoolLimits } from './worker-pool.js';

const directory = mkdtempSync(join(tmpdir(), 'worker-pool-'));
const request = validateRequest({ startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'walk', values: [600] });
let data: ConstructorParameters<typeof WorkerPool>[0];
let pool: WorkerPool | undefined;

beforeAll(async () => {
  await importOsm(OSM_EXTRACTS.monaco, join(directory, 'monaco.graph'));
  data = { graphs: [{ name: 'monaco.graph', buffer: sharedBufferOf(loadGraph(join(directory, 'monaco.graph'))) }] };
}, 60_000);

afterEach(async () => {
  await pool?.close();
});

const open = (limits: WorkerPoolLimits = {}) => (pool = new WorkerPool(data, 1, limits));

describe('WorkerPool', () => {
  it('stops a search whose caller gave up, running or queued, and keeps answering the others on the same thread', async () => {
    const workers = open();
    // A first search loads the thread, so the one given up below is stopped by its flag and not by the grace period.
    await workers.run(0, request);
    const running = new AbortController();
    const queued = new AbortController();
    const first = workers.run(0, request, running.signal);
    const second = workers.run(0, request, queued.signal);
    const third = workers.run(0, request);
    expect(workers.load).toEqual({ queued: 2, running: 1, threads: 1 });

    queued.abort(new Error('client gone'));
    await expect(second).rejects.toThrow('client gone');
    expect(workers.load.queued).toBe(1);
    running.abort(new Error('client gone too'));
    await expect(first).rejects.toThrow('client gone too');

    // The stopped search's thread read its cancellation flag and ran the queued search: no thread was replaced.
    const answer = await third;
    expect(answer.collection.features[0]!.properties.value).toBe(600);
    expect(workers.load).toEqual({ queued: 0, running: 0, threads: 1 });
    expect(workers.threadsStarted).toBe(1);
  });

  it('refuses a search at once when its signal has already fired', async () => {
    const workers = open();
    await expect(workers.run(0, request, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(workers.load.running).toBe(0);
  });

  it('refuses searches beyond its queue (BUSY) and stops one past its time limit', async () => {
    const queueOfOne = open({ maxQueue: 1 });
    const running = queueOfOne.run(0, request);
    const waiting = queueOfOne.run(0, request);
    await expect(queueOfOne.run(0, request)).rejects.toMatchObject({ code: 'BUSY' });
    await Promise.all([running, waiting]);
    await queueOfOne.close();

    // A new thread takes far longer than a millisecond to load its graph and answer.
    const hurried = open({ timeoutMs: 1 });
    await expect(hurried.run(0, request)).rejects.toMatchObject({ code: 'BUSY' });
    expect(hurried.load.threads).toBe(1);
  });
});
