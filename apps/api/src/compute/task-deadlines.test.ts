import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskDeadlines, type TaskSignal } from './task-deadlines.js';

/** Whom a signal told it was aborted, as piscina listens (`once`, then `removeListener` when the task is done). */
function listened(signal: TaskSignal): { calls: number } {
  const heard = { calls: 0 };
  signal.once('abort', () => { heard.calls += 1; });
  return heard;
}

describe('TaskDeadlines', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('aborts each task still running once its time is up, the oldest first, with one timer', () => {
    const deadlines = new TaskDeadlines(1_000);
    const first = deadlines.start();
    vi.advanceTimersByTime(400);
    const second = deadlines.start();
    const third = deadlines.start();
    const [heardFirst, heardSecond, heardThird] = [listened(first), listened(second), listened(third)];
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(599);
    expect([first.aborted, second.aborted]).toEqual([false, false]);
    vi.advanceTimersByTime(1);
    expect([first.aborted, first.timedOut, heardFirst.calls]).toEqual([true, true, 1]);
    expect((first.reason as DOMException).name).toBe('TimeoutError');
    expect([second.aborted, third.aborted]).toEqual([false, false]);
    deadlines.finish(third);
    vi.advanceTimersByTime(400);
    expect([second.aborted, second.timedOut, heardSecond.calls]).toEqual([true, true, 1]);
    expect([third.aborted, heardThird.calls]).toEqual([false, 0]);
    expect([deadlines.size, vi.getTimerCount()]).toEqual([0, 0]);
  });

  it('lets go of finished tasks: never aborted, no timer left once none is in flight', () => {
    const deadlines = new TaskDeadlines(1_000);
    for (let i = 0; i < 100; i += 1) {
      const signal = deadlines.start();
      deadlines.finish(signal);
      vi.advanceTimersByTime(50);
    }
    const late = deadlines.start();
    vi.advanceTimersByTime(999);
    expect(late.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(late.timedOut).toBe(true);
    expect([deadlines.size, vi.getTimerCount()]).toEqual([0, 0]);
  });

  it('aborts a task when its caller\'s signal fires, or at once when it already has', () => {
    const deadlines = new TaskDeadlines(1_000);
    const cancel = new AbortController();
    const signal = deadlines.start(cancel.signal);
    const heard = listened(signal);
    cancel.abort('client gone');
    expect([signal.aborted, signal.timedOut, signal.reason, heard.calls]).toEqual([true, false, 'client gone', 1]);
    expect(deadlines.start(cancel.signal).reason).toBe('client gone');
    // A task finished before its caller went is left alone.
    const later = new AbortController();
    const done = deadlines.start(later.signal);
    deadlines.finish(done);
    later.abort('gone after');
    expect(done.aborted).toBe(false);
  });

  it('tells no listener removed with off, as piscina removes its own once the task is done', () => {
    const deadlines = new TaskDeadlines(1_000);
    const signal = deadlines.start();
    let calls = 0;
    const listener = () => { calls += 1; };
    signal.once('abort', listener);
    signal.removeListener('abort', listener);
    vi.advanceTimersByTime(1_000);
    expect([signal.aborted, calls]).toEqual([true, 0]);
  });
});
