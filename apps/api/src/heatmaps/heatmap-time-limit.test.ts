import { describe, expect, it } from 'vitest';
import { DomainError } from '@catchment/domain';
import { HeatmapTimeLimit } from './heatmap-time-limit.js';

const isTimeout = (error: unknown) => error instanceof DomainError && error.code === 'HEATMAP_TIMEOUT';

describe('HeatmapTimeLimit', () => {
  it('gives the build\'s result when it ends in time', async () => {
    await expect(new HeatmapTimeLimit(1_000).run(async () => 42)).resolves.toBe(42);
  });

  it('ends a build that outlasts the limit with HEATMAP_TIMEOUT, and tells the build to stop', async () => {
    let cancel: AbortSignal | undefined;
    const never = new HeatmapTimeLimit(20).run(async (limit) => {
      cancel = limit.cancel;
      return new Promise<number>(() => {});
    });
    await expect(never).rejects.toSatisfy(isTimeout);
    expect(cancel?.aborted).toBe(true);
  });

  it('stops a build at its next step once the time is up, even before the timer ran', async () => {
    let clock = 0;
    const limit = new HeatmapTimeLimit(10, () => clock);
    let stored = false;
    const build = limit.run(async (build) => {
      clock = 11;
      build.check();
      stored = true;
    });
    await expect(build).rejects.toSatisfy(isTimeout);
    expect(stored).toBe(false);
  });

  it('passes on the build\'s own failure', async () => {
    await expect(new HeatmapTimeLimit(1_000).run(async () => { throw new Error('broken'); })).rejects.toThrow('broken');
  });
});
