/**
 * Runs tasks one at a time per key, in arrival order; tasks of different keys run side by side.
 * The log-in throttle queues the slowed-down attempts of an account with it, so that sending many
 * at once does not make their waits overlap. In memory: each API process has its own queues.
 */
export class KeyedQueue {
  /** For each busy key, a promise that settles when its last queued task is done. */
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => { release = resolve; });
    // `previous` only ever resolves (it is made of `done`s), so a failed task does not stall the queue.
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    try {
      await previous;
      return await task();
    } finally {
      release();
      // Idle keys are dropped, so the map holds only accounts with attempts under way.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting. */
  get busyKeys(): number {
    return this.tails.size;
  }
}
