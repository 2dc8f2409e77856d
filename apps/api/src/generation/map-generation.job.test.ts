import { describe, expect, it } from 'vitest';
import { DomainError } from '@catchment/domain';
import { whenNotBusy } from './map-generation.job.js';

const busy = () => new DomainError('serverBusy');

describe('a generation waiting for a busy engine', () => {
  it('asks again after each wait until the engine answers', async () => {
    let calls = 0;
    const answer = await whenNotBusy(async () => {
      calls += 1;
      if (calls < 3) throw busy();
      return 'area';
    }, new AbortController().signal, [1, 1, 1]);
    expect(answer).toBe('area');
    expect(calls).toBe(3);
  });

  it('gives up once the waits are spent, and does not wait on any other failure', async () => {
    let calls = 0;
    await expect(whenNotBusy(async () => { calls += 1; throw busy(); }, new AbortController().signal, [1, 1])).rejects.toMatchObject({ kind: 'serverBusy' });
    expect(calls).toBe(3);
    calls = 0;
    await expect(whenNotBusy(async () => { calls += 1; throw new DomainError('startAtSea'); }, new AbortController().signal, [1, 1])).rejects.toMatchObject({ kind: 'startAtSea' });
    expect(calls).toBe(1);
  });
});
