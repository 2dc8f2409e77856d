/**
 * The compute pool's time limit on its tasks, with one timer for all of them: every task gets the
 * same time, so the oldest task in flight is always the first due, and one timer set for it is
 * enough. `AbortSignal.timeout` per task (and `AbortSignal.any` with a caller's signal) cost a timer
 * kept for the whole time limit, an EventTarget and their listeners for each task: twenty times
 * what this costs on the event loop, a good part of a short task's round trip.
 *
 * Each task gets a TaskSignal: the small EventEmitter-like signal piscina accepts (`once`/`off`),
 * aborted when the task's time is up or when the caller's own signal fires.
 */
export class TaskSignal {
  aborted = false;
  reason: unknown;
  /** Aborted because its time was up (not by the caller). */
  timedOut = false;
  private listener: (() => void) | undefined;

  constructor(readonly due: number) {}

  once(_event: 'abort', listener: () => void): void {
    this.listener = listener;
  }

  off(_event: 'abort', listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }

  /** Piscina's name for `off`. */
  removeListener(event: 'abort', listener: () => void): void {
    this.off(event, listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

interface Started { signal: TaskSignal; cancel: AbortSignal | undefined; onCancel: (() => void) | undefined }

export class TaskDeadlines {
  /** Tasks in flight in the order they started, hence due. */
  private readonly inFlight = new Map<TaskSignal, Started>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs: number, private readonly now: () => number = () => Date.now()) {}

  /** A task starts: its signal, aborted after the time limit or when `cancel` fires. */
  start(cancel?: AbortSignal): TaskSignal {
    const signal = new TaskSignal(this.now() + this.timeoutMs);
    let onCancel: (() => void) | undefined;
    if (cancel?.aborted) signal.abort(cancel.reason);
    else if (cancel) {
      onCancel = () => signal.abort(cancel.reason);
      cancel.addEventListener('abort', onCancel, { once: true });
    }
    this.inFlight.set(signal, { signal, cancel, onCancel });
    this.timer ??= this.arm();
    return signal;
  }

  /** The task settled: its signal is let go. */
  finish(signal: TaskSignal): void {
    const started = this.inFlight.get(signal);
    if (!started) return;
    this.inFlight.delete(signal);
    if (started.onCancel) started.cancel!.removeEventListener('abort', started.onCancel);
  }

  /** Tasks in flight (for tests). */
  get size(): number {
    return this.inFlight.size;
  }

  private arm(): NodeJS.Timeout | undefined {
    const oldest = this.inFlight.keys().next();
    if (oldest.done) return undefined;
    const timer = setTimeout(() => this.expire(), Math.max(0, oldest.value.due - this.now()));
    // Like AbortSignal.timeout's: the time limit alone does not keep the process alive.
    timer.unref();
    return timer;
  }

  private expire(): void {
    const now = this.now();
    for (const signal of this.inFlight.keys()) {
      if (signal.due > now) break;
      this.finish(signal);
      signal.timedOut = true;
      signal.abort(new DOMException('The task took too long', 'TimeoutError'));
    }
    this.timer = this.arm();
  }
}
