/**
 * Compute threads reached through shared memory (lane-channel.ts) rather than through piscina, for
 * the short tasks where the trip to a thread is most of the time: a census figure of an area whose
 * units a thread holds takes it a few tenths of a millisecond, and a piscina task's round trip as
 * long again (bench/README.md). The lane keeps what the pool guarantees: a bounded queue (past it,
 * serverBusy), the pool's time limit (a thread past it is stopped, the task answers serverBusy, the
 * next task gets a new thread), a thread that dies replaced, idle threads let go.
 *
 * A task or an answer too large for a thread's buffer is not the lane's: `run` answers TOO_LARGE
 * and the caller sends it through the pool.
 */
import { Worker } from 'node:worker_threads';
import { workerUrl } from '@catchment/files';
import type { ComputeTask, ComputeWorkerData } from './compute-tasks.js';
import type { LaneWorkerData } from './compute-lane-thread.js';
import { ANSWER, AnswerStatus, channelBuffers, newLaneChannel, readValue, REQUEST, STATUS, waitWhile, writeValue, type LaneChannel } from './lane-channel.js';
import type { TaskDeadlines } from './task-deadlines.js';

export const TOO_LARGE: unique symbol = Symbol('too large for the lane');

export interface ComputeLaneOptions {
  threads: number;
  /** Tasks waiting for a thread beyond which new ones are refused (serverBusy). */
  maxQueue: number;
  /** Each thread's buffer: the largest task or answer it carries. */
  bufferBytes?: number;
  /** A thread idle this long is let go (its caches with it). */
  idleMs?: number;
  workerData: ComputeWorkerData;
  /** The pool's time limits: a task past its time stops its thread. */
  deadlines: TaskDeadlines;
  /** What a task refused or stopped for lack of time answers. */
  busy: () => Error;
}

/** 2 MB: an area of 100,000 points. */
const DEFAULT_BUFFER_BYTES = 2 * 1024 * 1024;

interface LaneThread {
  worker: Worker;
  channel: LaneChannel;
  /** The number of the last task handed to it. */
  sequence: number;
  busy: boolean;
  /** Why it stopped or died (set: it is gone; its task, if any, fails with this and it gets no other). */
  failure: Error | undefined;
  idle: NodeJS.Timeout;
}

interface Waiting { task: ComputeTask; resolve: (value: unknown) => void; reject: (error: unknown) => void }

export class ComputeLane {
  private readonly threads: LaneThread[] = [];
  private readonly queue: Waiting[] = [];
  private closed = false;
  /** Tasks answered so far. */
  completed = 0;

  constructor(private readonly options: ComputeLaneOptions) {}

  /** The task's result, or TOO_LARGE when the task or its answer does not fit a thread's buffer. */
  run(task: ComputeTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the compute lane is closed'));
    const thread = this.freeThread();
    if (thread) return this.runOn(thread, task);
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(this.options.busy());
    return new Promise((resolve, reject) => this.queue.push({ task, resolve, reject }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error('the compute lane is closed'));
    await Promise.all(this.threads.splice(0).map((thread) => this.stop(thread, new Error('the compute lane is closed'))));
  }

  /** Threads running now (for tests). */
  get size(): number {
    return this.threads.length;
  }

  private freeThread(): LaneThread | undefined {
    const idle = this.threads.find((thread) => !thread.busy);
    if (idle) return idle;
    return this.threads.length < this.options.threads ? this.startThread() : undefined;
  }

  private startThread(): LaneThread {
    const channel = newLaneChannel(this.options.bufferBytes ?? DEFAULT_BUFFER_BYTES);
    const worker = new Worker(workerUrl(import.meta.url, 'compute-lane-worker'), {
      workerData: { ...this.options.workerData, lane: channelBuffers(channel) } satisfies LaneWorkerData,
    });
    const thread: LaneThread = {
      worker, channel, sequence: 0, busy: false, failure: undefined,
      idle: setTimeout(() => { void this.retire(thread); }, this.options.idleMs ?? 10 * 60_000).unref(),
    };
    // Ended on its own (crashed): its task fails, the next task gets a new thread.
    worker.on('error', (error) => this.forget(thread, error));
    worker.on('exit', (code) => this.forget(thread, new Error(`a compute lane thread stopped (exit code ${code})`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private async runOn(thread: LaneThread, task: ComputeTask): Promise<unknown> {
    thread.busy = true;
    try {
      return await this.exchange(thread, task);
    } finally {
      thread.busy = false;
      this.next(thread);
    }
  }

  private async exchange(thread: LaneThread, task: ComputeTask): Promise<unknown> {
    const { control } = thread.channel;
    if (!writeValue(thread.channel, task)) return TOO_LARGE;
    const sequence = ++thread.sequence;
    const signal = this.options.deadlines.start();
    signal.once('abort', () => { void this.stop(thread, this.options.busy()); });
    // A thread with a task keeps the process alive, as the pool's do.
    thread.worker.ref();
    try {
      Atomics.store(control, REQUEST, sequence);
      Atomics.notify(control, REQUEST);
      const answered = await waitWhile(control, ANSWER, sequence - 1, () => thread.failure !== undefined);
      if (answered !== sequence) throw thread.failure ?? new Error('a compute lane thread stopped');
      switch (Atomics.load(control, STATUS) as AnswerStatus) {
        case AnswerStatus.Done:
          this.completed += 1;
          return readValue(thread.channel);
        case AnswerStatus.TooLarge:
          return TOO_LARGE;
        case AnswerStatus.Failed:
          throw new Error((readValue(thread.channel) as { message: string }).message);
      }
    } finally {
      this.options.deadlines.finish(signal);
      if (!thread.failure) {
        thread.worker.unref();
        thread.idle.refresh();
      }
    }
  }

  /** The next waiting task onto a thread just freed, or onto a new one when it is gone. */
  private next(thread: LaneThread): void {
    const waiting = this.queue.shift();
    if (!waiting) return;
    const free = thread.failure ? this.freeThread() : thread;
    if (!free) {
      this.queue.unshift(waiting);
      return;
    }
    this.runOn(free, waiting.task).then(waiting.resolve, waiting.reject);
  }

  /** Stops a thread (its time is up, or the lane closes): its task fails with `reason`. */
  private async stop(thread: LaneThread, reason: Error): Promise<void> {
    this.forget(thread, reason);
    await thread.worker.terminate();
  }

  /** An idle thread let go. */
  private async retire(thread: LaneThread): Promise<void> {
    if (thread.busy || thread.failure) return;
    await this.stop(thread, new Error('idle'));
  }

  /** The thread is gone (once: the first reason stays). */
  private forget(thread: LaneThread, reason: Error): void {
    if (thread.failure) return;
    thread.failure = reason;
    clearTimeout(thread.idle);
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    // Wakes the task waiting for this thread's answer: it finds the thread gone.
    Atomics.notify(thread.channel.control, ANSWER);
  }
}
