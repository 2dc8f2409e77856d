import { describe, expect, it } from 'vitest';
import { DOWNLOAD_STATUSES } from '@catchment/domain';
import { downloadActions, downloadState } from './download-state.js';

describe('downloadState', () => {
  it('shows waiting-children as in progress and delayed as waiting (SPEC §4)', () => {
    expect(DOWNLOAD_STATUSES.map(downloadState)).toEqual(['completed', 'failed', 'inProgress', 'inProgress', 'waiting']);
  });
});

describe('downloadActions', () => {
  it('offers the file once completed and Retry once failed, nothing while it runs', () => {
    expect(downloadActions({ status: 'completed' })).toEqual({ download: true, retry: false });
    expect(downloadActions({ status: 'failed' })).toEqual({ download: false, retry: true });
    expect(downloadActions({ status: 'active' })).toEqual({ download: false, retry: false });
    expect(downloadActions({ status: 'delayed' })).toEqual({ download: false, retry: false });
  });
});
