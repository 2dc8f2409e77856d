import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

/** A task that records how many tasks of its group run with it, and lets the event loop turn meanwhile. */
function tracker() {
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (id: number, fail = false) => async () => {
    running++;
    most = Math.max(most, running);
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    running--;
    order.push(id);
    if (fail) throw new Error(`task ${id} failed`);
    return id;
  };
  return { task, most: () => most, order };
}

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in arrival order', async () => {
    const queue = new KeyedQueue();
    const one = tracker();
    const results = await Promise.all([1, 2, 3, 4].map((id) => queue.run('account', one.task(id))));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(one.most()).toBe(1);
    expect(one.order).toEqual([1, 2, 3, 4]);
    expect(queue.busyKeys).toBe(0);
  });

  it('runs the tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const all = tracker();
    await Promise.all([1, 2, 3].map((id) => queue.run(`account-${id}`, all.task(id))));
    expect(all.most()).toBe(3);
  });

  it('goes on with the next task when one fails', async () => {
    const queue = new KeyedQueue();
    const one = tracker();
    const outcomes = await Promise.allSettled([queue.run('account', one.task(1, true)), queue.run('account', one.task(2))]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: new Error('task 1 failed') });
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: 2 });
    expect(one.most()).toBe(1);
    expect(queue.busyKeys).toBe(0);
  });
});
