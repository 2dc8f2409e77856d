import { describe, expect, it } from 'vitest';
import { SharedComputation } from './shared-computation.js';

/** A computation that runs until it is told to stop or given its result. */
function controllable() {
  let finish!: (value: string) => void;
  const cancelled: unknown[] = [];
  const computation = new SharedComputation<string>((cancel) => new Promise<string>((resolve, reject) => {
    finish = resolve;
    cancel.addEventListener('abort', () => {
      cancelled.push(cancel.reason);
      reject(cancel.reason);
    });
  }));
  computation.settled.catch(() => {});
  return { computation, finish: (value: string) => finish(value), cancelled };
}

describe('SharedComputation', () => {
  it('gives every asker the one result', async () => {
    const { computation, finish } = controllable();
    const answers = [computation.join(), computation.join(new AbortController().signal)];
    finish('union');
    expect(await Promise.all(answers)).toEqual(['union', 'union']);
  });

  it('stops once every asker has gone, and answers each one that goes at once', async () => {
    const { computation, cancelled } = controllable();
    const first = new AbortController();
    const second = new AbortController();
    const answers = [computation.join(first.signal), computation.join(second.signal)].map((answer) => answer.catch((error: unknown) => error));
    first.abort('first gone');
    expect(await answers[0]).toBe('first gone');
    expect(cancelled).toEqual([]);
    second.abort('second gone');
    expect(await answers[1]).toBe('second gone');
    expect(cancelled).toEqual(['second gone']);
  });

  it('keeps running for an asker who cannot go', async () => {
    const { computation, finish, cancelled } = controllable();
    const gone = new AbortController();
    const leaving = computation.join(gone.signal).catch((error: unknown) => error);
    const staying = computation.join();
    gone.abort('gone');
    expect(await leaving).toBe('gone');
    finish('union');
    expect(await staying).toBe('union');
    expect(cancelled).toEqual([]);
  });

  it('refuses at once an asker already gone', async () => {
    const { computation, cancelled } = controllable();
    await expect(computation.join(AbortSignal.abort('already gone'))).rejects.toBe('already gone');
    expect(cancelled).toEqual(['already gone']);
  });
});
