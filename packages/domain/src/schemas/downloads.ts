/** Download jobs (SPEC §3 Download job, §4 download statuses, §7 download jobs): the files a user ordered. */
import { z } from 'zod';
import { clientIdParam } from './auth.js';

/** The statuses of SPEC §4: a job neither failed nor completed is running (waiting-children shown as in progress, delayed as waiting). */
export const DOWNLOAD_STATUSES = ['completed', 'failed', 'active', 'waiting-children', 'delayed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** Whether a download is still under way (neither completed nor failed). */
export const isDownloadRunning = (status: DownloadStatus): boolean => status !== 'completed' && status !== 'failed';

export const downloadParams = clientIdParam.extend({
  jobId: z.uuid({ error: 'validation.downloadId' }),
});

/** PATCH /Clients/{id}/jobs/downloads/{jobId}: marks the file downloaded (or not). */
export const updateDownloadBody = z.object({ isDownloaded: z.boolean() }).strict();

/** GET /Clients/{id}/jobs/downloads (newest first) and …/{jobId}. */
export interface DownloadJobView {
  id: string;
  status: DownloadStatus;
  createdAt: string;
  isDownloaded: boolean;
  /** What is made: e.g. `xlsx-divisions`, later `report`, `kml`. */
  kind: string;
  /** What the user sees in their list; also the file's name once made. */
  title: string;
  /** Between 0 and 1, while it runs. */
  progress?: number;
  completedAt?: string;
  /** Why it failed, in the request's language; `errorCode` is the code of SPEC §8. */
  error?: string;
  errorCode?: string;
  /** The file's size in bytes, once completed. */
  size?: number;
}

/** 202 of a route that orders a file as a download job. */
export interface DownloadStarted { jobId: string }
