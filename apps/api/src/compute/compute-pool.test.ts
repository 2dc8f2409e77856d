import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError, type AreaGeometry } from '@catchment/domain';
import { ComputePool } from './compute-pool.js';
import { largeRing } from './test-support/large-ring.js';

const square: AreaGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };

describe('ComputePool time limit and cancellation', () => {
  // Two minutes: a thread starting on a loaded machine takes seconds (tens of them beside the other
  // suites on a slow one); the time limit is reached below with fake time.
  const limitMs = 120_000;
  const pool = new ComputePool({ threads: 1, timeoutMs: limitMs });
  afterAll(() => pool.close());
  afterEach(() => { vi.useRealTimers(); });

  it('answers serverBusy for a task past its time, then goes on with a new thread', async () => {
    // Fake time from the start: the pool's one timer for its time limit is set by the first task.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    expect(await pool.invalidAreas([square])).toEqual([]);
    const slow = pool.invalidAreas([largeRing(300_000)]).catch((caught: unknown) => caught);
    vi.advanceTimersByTime(limitMs - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await slow;
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('serverBusy');
    vi.useRealTimers();
    expect(await pool.invalidAreas([square])).toEqual([]);
  }, 300_000);

  it('gives up a task when its caller goes, with the caller\'s reason', async () => {
    const gone = new AbortController();
    gone.abort(new Error('client gone'));
    await expect(pool.unionOfGeoJson([JSON.stringify(square)], gone.signal)).rejects.toThrow('client gone');
    const leaving = new AbortController();
    const union = pool.unionOfGeoJson(Array.from({ length: 20 }, () => JSON.stringify(largeRing(20_000))), leaving.signal);
    setTimeout(() => leaving.abort(new Error('left half-way')), 20);
    await expect(union).rejects.toThrow('left half-way');
    // A caller who stays gets the union.
    expect(await pool.unionOfGeoJson([JSON.stringify(square)], new AbortController().signal)).toMatchObject({ type: 'Polygon' });
  }, 300_000);
});
