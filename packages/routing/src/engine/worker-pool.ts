import { Worker } from 'node:worker_threads';
import { workerUrl } from '@catchment/files';
import { RoutingError } from '../errors.js';
import type { IsochroneCollection, IsochroneRequest, IsochroneTimings } from '../query/compute-isochrones.js';
import type { WorkerData, WorkerReply, WorkerTask } from './protocol.js';

interface Pending {
  task: WorkerTask;
  resolve: (value: { collection: IsochroneCollection; timings: IsochroneTimings }) => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of worker threads, each attached to the same SharedArrayBuffers: the graphs are in
 * memory once whatever the number of workers. Tasks queue when every worker is busy.
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(data: WorkerData, size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn(data));
  }

  run(graph: number, request: IsochroneRequest): Promise<{ collection: IsochroneCollection; timings: IsochroneTimings }> {
    if (this.closed) return Promise.reject(new RoutingError('CANNOT_CALCULATE', 'The routing engine is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { id: this.nextId++, graph, request }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.idle, ...this.running.keys()];
    for (const pending of this.running.values()) pending.reject(new RoutingError('CANNOT_CALCULATE', 'The routing engine is closed'));
    this.idle.length = 0;
    this.running.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private spawn(data: WorkerData): Worker {
    const worker = new Worker(workerUrl(import.meta.url, 'isochrone-worker'), { workerData: data });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      this.idle.push(worker);
      if (pending) {
        if (reply.ok) pending.resolve({ collection: reply.collection, timings: reply.timings });
        else pending.reject(new RoutingError(reply.code, reply.message, reply.details));
      }
      this.dispatch();
    });
    worker.on('error', (error) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      pending?.reject(new RoutingError('CANNOT_CALCULATE', error.message));
      if (!this.closed) this.idle.push(this.spawn(data));
      this.dispatch();
    });
    return worker;
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }
}
