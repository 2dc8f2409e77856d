/**
 * The one place where the job queue's states become the statuses the product shows for a download
 * (SPEC §4): completed, failed, active, waiting-children (shown as in progress) and delayed (shown
 * as waiting). The web app only knows the second vocabulary; the queue only the first.
 */
import type { DownloadStatus } from '@catchment/domain';

/** The states of a pg-boss job, in pg-boss's own order (created → retry → active → completed | cancelled | failed). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The statuses of SPEC §4 (shared with the web app). A job that is neither failed nor completed counts as running. */
export { DOWNLOAD_STATUSES, type DownloadStatus } from '@catchment/domain';

/**
 * - created, retry: waiting for a worker (queued, scheduled for later, or waiting before its next
 *   attempt, e.g. after a crash): `delayed`, which the product shows as waiting.
 * - active: a worker runs it.
 * - completed: done, its output is ready.
 * - failed: out of attempts. cancelled too: it will never complete, and any status other than
 *   failed or completed would show it as running forever.
 * `waiting-children` is the status of a job that waits for jobs it spawned; pg-boss has no
 * parent-child jobs, so no state maps to it (a job kind that fans out would report it itself).
 */
export function downloadStatus(state: JobState): DownloadStatus {
  switch (state) {
    case 'created':
    case 'retry':
      return 'delayed';
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'cancelled':
    case 'failed':
      return 'failed';
  }
}
