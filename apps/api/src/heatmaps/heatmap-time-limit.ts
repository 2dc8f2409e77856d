/**
 * The time limit of a heatmap's legend or tile (SPEC §8 Heatmap timeout, HEATMAP_TIMEOUT_SECONDS):
 * past it the call ends with HEATMAP_TIMEOUT instead of hanging, the compute thread's task is
 * stopped, and what was still running stops at its next step without storing anything. One timer
 * for all builds in flight, as the compute pool's (task-deadlines.ts).
 */
import { DomainError } from '@catchment/domain';
import { TaskDeadlines } from '../compute/task-deadlines.js';

export const heatmapTimeout = () => new DomainError('heatmapTimeout');

/** What a build sees of its time limit. */
export interface HeatmapBuild {
  /** Fires when the time is up: for the compute pool, which stops the build's task. */
  cancel: AbortSignal;
  /** Throws HEATMAP_TIMEOUT when the time is up: called between steps, before anything is stored. */
  check(): void;
}

export class HeatmapTimeLimit {
  private readonly deadlines: TaskDeadlines;

  constructor(timeoutMs: number, private readonly now: () => number = () => Date.now()) {
    this.deadlines = new TaskDeadlines(timeoutMs, now);
  }

  async run<T>(build: (limit: HeatmapBuild) => Promise<T>): Promise<T> {
    const signal = this.deadlines.start();
    const controller = new AbortController();
    let onTimeout: () => void = () => {};
    const timedOut = new Promise<never>((_, reject) => {
      onTimeout = () => {
        controller.abort(heatmapTimeout());
        reject(heatmapTimeout());
      };
      signal.once('abort', onTimeout);
    });
    const check = () => {
      // The timer may not have run yet (a long query held the event loop): the clock decides.
      if (controller.signal.aborted || this.now() >= signal.due) throw heatmapTimeout();
    };
    const building = build({ cancel: controller.signal, check });
    // Once the time is up the build's own end (an error, most likely the stopped task's) is nobody's.
    building.catch(() => {});
    try {
      return await Promise.race([building, timedOut]);
    } finally {
      signal.off('abort', onTimeout);
      this.deadlines.finish(signal);
      controller.abort(heatmapTimeout());
    }
  }
}
