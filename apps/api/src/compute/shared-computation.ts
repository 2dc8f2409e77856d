/**
 * One computation shared by everyone who asks for the same result while it runs, stopped when all
 * of them have gone: each asker joins with a signal that fires when it goes away (a client that
 * closed its request); an asker without one always stays. An asker that goes gets its own answer
 * at once (its signal's reason); the others keep waiting for the result.
 */
export class SharedComputation<T> {
  /** Settles with the computation, whoever is still waiting. */
  readonly settled: Promise<T>;
  private readonly cancel = new AbortController();
  private waiting = 0;

  constructor(compute: (cancel: AbortSignal) => Promise<T>) {
    this.settled = compute(this.cancel.signal);
  }

  join(gone?: AbortSignal): Promise<T> {
    this.waiting += 1;
    if (!gone) return this.settled;
    if (gone.aborted) return this.leave(gone);
    return new Promise<T>((resolve, reject) => {
      const onGone = () => this.leave(gone).catch(reject);
      gone.addEventListener('abort', onGone, { once: true });
      this.settled.then(resolve, reject).finally(() => gone.removeEventListener('abort', onGone));
    });
  }

  private leave(gone: AbortSignal): Promise<never> {
    this.waiting -= 1;
    if (this.waiting === 0) this.cancel.abort(gone.reason);
    return Promise.reject(gone.reason);
  }
}
