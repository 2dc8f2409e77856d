import { describe, expect, it } from 'vitest';
import { DOWNLOAD_STATUSES, JOB_STATES, downloadStatus } from './download-status.js';

describe('downloadStatus', () => {
  it('maps every state of the queue to a status of SPEC §4', () => {
    expect(Object.fromEntries(JOB_STATES.map((state) => [state, downloadStatus(state)]))).toEqual({
      created: 'delayed',
      retry: 'delayed',
      active: 'active',
      completed: 'completed',
      cancelled: 'failed',
      failed: 'failed',
    });
  });

  it('ends every job that will not run again as completed or failed, so that none shows as running forever', () => {
    const finished = JOB_STATES.filter((state) => ['completed', 'cancelled', 'failed'].includes(state));
    expect(finished.map(downloadStatus).every((status) => status === 'completed' || status === 'failed')).toBe(true);
  });

  it('produces only statuses the product knows', () => {
    for (const state of JOB_STATES) expect(DOWNLOAD_STATUSES).toContain(downloadStatus(state));
  });
});
