import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError, type AreaGeometry } from '@catchment/domain';
import { ComputeLane, TOO_LARGE, type ComputeLaneOptions } from './compute-lane.js';
import { packGeometries } from './packed-geometry.js';
import { TaskDeadlines } from './task-deadlines.js';
import type { ComputeTask } from './compute-tasks.js';
import { largeRing } from './test-support/large-ring.js';

const square: AreaGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
/** A ring crossing itself: the check finds it. */
const bowTie: AreaGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] };

const validate = (geometries: AreaGeometry[]): ComputeTask => ({ name: 'validateAreas', geometries: packGeometries(geometries) });

const lanes: ComputeLane[] = [];
function lane(options: Partial<ComputeLaneOptions> = {}): ComputeLane {
  const made = new ComputeLane({
    threads: 1, maxQueue: 4, workerData: {}, deadlines: new TaskDeadlines(60_000), busy: () => new DomainError('serverBusy'), ...options,
  });
  lanes.push(made);
  return made;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(lanes.splice(0).map((made) => made.close()));
});

describe('ComputeLane', () => {
  it('runs tasks in its thread and answers what the task gives, one after another and side by side', async () => {
    const lane1 = lane({ threads: 2 });
    expect(await lane1.run(validate([square]))).toEqual([]);
    expect(await lane1.run(validate([square, bowTie]))).toEqual([{ index: 1, reason: 'validation.polygonSelfIntersects' }]);
    const together = await Promise.all([validate([bowTie]), validate([square]), validate([bowTie, bowTie])].map((task) => lane1.run(task)));
    expect(together).toEqual([[{ index: 0, reason: 'validation.polygonSelfIntersects' }], [], [{ index: 0, reason: 'validation.polygonSelfIntersects' }, { index: 1, reason: 'validation.polygonSelfIntersects' }]]);
    expect(lane1.size).toBeLessThanOrEqual(2);
    expect(lane1.completed).toBe(5);
  }, 60_000);

  it('says TOO_LARGE for a task or an answer its buffer cannot hold, and goes on', async () => {
    const small = lane({ bufferBytes: 4_096 });
    expect(await small.run(validate([largeRing(1_000)]))).toBe(TOO_LARGE);
    // A small task whose answer (every one of 300 rings invalid) does not fit.
    expect(await small.run(validate(Array.from({ length: 300 }, () => bowTie)))).toBe(TOO_LARGE);
    expect(await small.run(validate([square]))).toEqual([]);
  }, 60_000);

  it('rejects with the message of a task that fails, and answers the next one', async () => {
    const noDatabase = lane();
    const census: ComputeTask = { name: 'censusFigures', area: packGeometries([square]), request: { version: 1, kinds: ['fr_iris'], keys: ['population'], nationalData: [] } };
    await expect(noDatabase.run(census)).rejects.toThrow('this compute pool was started without a database');
    expect(await noDatabase.run(validate([square]))).toEqual([]);
  }, 60_000);

  it('refuses a task past its queue with serverBusy', async () => {
    const queued = lane({ maxQueue: 1 });
    const slow = validate([largeRing(50_000)]);
    const runs = [queued.run(slow), queued.run(slow), queued.run(validate([square]))].map((run) => run.catch((caught: unknown) => caught));
    const [first, second, third] = await Promise.all(runs);
    // The first runs, the second waits for it, the third finds the queue full.
    expect(first).toBeInstanceOf(Array);
    expect(second).toEqual(first);
    expect(third).toBeInstanceOf(DomainError);
    expect((third as DomainError).kind).toBe('serverBusy');
  }, 60_000);

  it('stops a thread past the time limit (serverBusy), and runs the next task on a new one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const timed = lane({ bufferBytes: 16 * 1024 * 1024 });
    expect(await timed.run(validate([square]))).toEqual([]);
    const stuck = timed.run(validate([largeRing(300_000)])).catch((caught: unknown) => caught);
    vi.advanceTimersByTime(59_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await stuck;
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('serverBusy');
    expect(timed.size).toBe(0);
    vi.useRealTimers();
    expect(await timed.run(validate([bowTie]))).toEqual([{ index: 0, reason: 'validation.polygonSelfIntersects' }]);
    expect(timed.size).toBe(1);
  }, 60_000);

  it('lets an idle thread go, and starts another for the next task', async () => {
    const idle = lane({ idleMs: 50 });
    expect(await idle.run(validate([square]))).toEqual([]);
    await vi.waitFor(() => expect(idle.size).toBe(0), { timeout: 5_000 });
    expect(await idle.run(validate([bowTie]))).toEqual([{ index: 0, reason: 'validation.polygonSelfIntersects' }]);
  }, 60_000);

  it('rejects what waits when it closes', async () => {
    const closing = lane();
    const running = closing.run(validate([largeRing(50_000)])).catch((caught: unknown) => caught);
    const waiting = closing.run(validate([square])).catch((caught: unknown) => caught);
    await closing.close();
    expect(await waiting).toMatchObject({ message: 'the compute lane is closed' });
    expect(await running).toMatchObject({ message: 'the compute lane is closed' });
    await expect(closing.run(validate([square]))).rejects.toThrow('the compute lane is closed');
  }, 60_000);
});
