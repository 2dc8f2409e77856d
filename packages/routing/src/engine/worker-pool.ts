import { Worker } from 'node:worker_threads';
import { workerUrl } from '@catchment/files';
import { RoutingError } from '../errors.js';
import type { IsochroneRequest } from '../query/compute-isochrones.js';
import type { WorkerData, WorkerJob, WorkerJobKind, WorkerJobs, WorkerReply, WorkerTask } from './protocol.js';

interface Pending {
  task: WorkerTask;
  resolve: (value: WorkerJobs[WorkerJobKind]['result']) => void;
  reject: (error: Error) => void;
  /** Stops listening to the caller's signal and the time limit once settled. */
  settle: () => void;
}

export interface WorkerPoolLimits {
  /** Searches waiting for a thread beyond which new ones are refused (BUSY). */
  maxQueue?: number;
  /** A search still running after this is stopped, its thread replaced (BUSY). */
  timeoutMs?: number;
}

/**
 * A fixed set of worker threads, each attached to the same SharedArrayBuffers: the graphs are in
 * memory once whatever the number of workers. Searches queue when every worker is busy, up to a
 * bound; one nobody waits for any more (the client went away, its time limit passed) leaves the
 * queue, or its thread is told through its cancellation flag (query/cancellation.ts), stops within
 * milliseconds and takes the next search. A thread that does not answer the flag within
 * CANCEL_GRACE_MS is stopped and replaced, which costs little: the new thread attaches to the same
 * shared graphs.
 */
/**
 * How long a thread told to stop its search has to answer before it is terminated and replaced:
 * every loop reads the flag within milliseconds, but a thread still loading, or starved of CPU on
 * a loaded machine, answers later, and replacing it would only add a thread start to the wait.
 */
const CANCEL_GRACE_MS = 10_000;

export class WorkerPool {
  private readonly idle: Worker[] = [];
  /** Each thread's cancellation flag (an Int32 shared with it): 1 while its search is no longer wanted. */
  private readonly cancelFlags = new Map<Worker, Int32Array>();
  private started = 0;
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;

  constructor(private readonly data: WorkerData, size: number, limits: WorkerPoolLimits = {}) {
    this.maxQueue = limits.maxQueue ?? 16 * size;
    this.timeoutMs = limits.timeoutMs ?? 60_000;
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  /** An isochrone search; `signal`: the caller no longer wants the answer; the call then rejects with its reason. */
  run(graph: number, request: IsochroneRequest, signal?: AbortSignal): Promise<WorkerJobs['isochrones']['result']> {
    return this.runJob(graph, { kind: 'isochrones', request }, signal);
  }

  /** Any job a thread knows (protocol.ts), queued and timed like a search. */
  runJob<K extends WorkerJobKind>(graph: number, job: Extract<WorkerJob, { kind: K }>, signal?: AbortSignal): Promise<WorkerJobs[K]['result']> {
    if (this.closed) return Promise.reject(new RoutingError('CANNOT_CALCULATE', 'The routing engine is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.queue.length >= this.maxQueue) return Promise.reject(new RoutingError('BUSY', 'Every routing thread is busy'));
    return new Promise<WorkerJobs[K]['result']>((resolve, reject) => {
      const timer = setTimeout(() => this.stop(pending, new RoutingError('BUSY', `The search took more than ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      timer.unref();
      const onAbort = () => this.stop(pending, signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const pending: Pending = {
        task: { id: this.nextId++, graph, job },
        resolve: resolve as Pending['resolve'],
        reject,
        settle: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Threads started since the pool was made: its size, plus one for each thread replaced. */
  get threadsStarted(): number {
    return this.started;
  }

  /** Searches waiting and running (for tests and the health of the pool). */
  get load(): { queued: number; running: number; threads: number } {
    return { queued: this.queue.length, running: this.running.size, threads: this.idle.length + this.running.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.idle, ...this.running.keys()];
    for (const pending of [...this.running.values(), ...this.queue.splice(0)]) {
      pending.settle();
      pending.reject(new RoutingError('CANNOT_CALCULATE', 'The routing engine is closed'));
    }
    this.idle.length = 0;
    this.running.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /**
   * A search given up: out of the queue, or its thread told to stop (it answers CANCELLED and
   * becomes idle again), and replaced if it has not answered within the grace period.
   */
  private stop(pending: Pending, reason: unknown): void {
    pending.settle();
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const [worker, running] of this.running) {
      if (running !== pending) continue;
      Atomics.store(this.cancelFlags.get(worker)!, 0, 1);
      setTimeout(() => { if (this.running.get(worker) === pending) this.replace(worker); }, CANCEL_GRACE_MS).unref();
    }
    pending.reject(reason instanceof Error ? reason : new RoutingError('CANNOT_CALCULATE', String(reason)));
    this.dispatch();
  }

  /** Terminates a thread that does not answer and puts a fresh one in its place. */
  private replace(worker: Worker): void {
    this.running.delete(worker);
    this.cancelFlags.delete(worker);
    worker.removeAllListeners();
    void worker.terminate();
    if (!this.closed) this.idle.push(this.spawn());
    this.dispatch();
  }

  private spawn(): Worker {
    const cancel = new SharedArrayBuffer(4);
    const worker = new Worker(workerUrl(import.meta.url, 'isochrone-worker'), { workerData: { ...this.data, cancel } satisfies WorkerData });
    this.cancelFlags.set(worker, new Int32Array(cancel));
    this.started++;
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      this.idle.push(worker);
      if (pending) {
        pending.settle();
        if (reply.ok) pending.resolve(reply.result);
        else pending.reject(new RoutingError(reply.code, reply.message, reply.details));
      }
      this.dispatch();
    });
    worker.on('error', (error) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      this.cancelFlags.delete(worker);
      pending?.settle();
      pending?.reject(new RoutingError('CANNOT_CALCULATE', error.message));
      if (!this.closed) this.idle.push(this.spawn());
      this.dispatch();
    });
    return worker;
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      Atomics.store(this.cancelFlags.get(worker)!, 0, 0);
      worker.postMessage(pending.task);
    }
  }
}
