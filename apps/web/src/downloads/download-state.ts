/**
 * What the list shows of a download's status (SPEC §4): waiting-children as in progress, delayed
 * as waiting; and which actions it offers.
 */
import type { DownloadJobView, DownloadStatus } from '@catchment/domain';

export type DownloadState = 'waiting' | 'inProgress' | 'completed' | 'failed';

export function downloadState(status: DownloadStatus): DownloadState {
  switch (status) {
    case 'delayed':
      return 'waiting';
    case 'active':
    case 'waiting-children':
      return 'inProgress';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
  }
}

export interface DownloadActions { download: boolean; retry: boolean }

/** The file once completed, Retry once failed; Delete always. */
export function downloadActions(download: Pick<DownloadJobView, 'status'>): DownloadActions {
  return { download: download.status === 'completed', retry: download.status === 'failed' };
}
