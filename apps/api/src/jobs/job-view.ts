/**
 * Our view of a job, read from pg-boss's row: what routes and later features show or act on,
 * without pg-boss's internals (retry settings, singleton slots, the serialized error's stack).
 *
 * pg-boss keeps one JSON value per job, `output`. We use it as an envelope ({@link StoredOutput}):
 * the progress while the job runs, the handler's result once it completed. When an attempt fails,
 * pg-boss writes the error there instead, in one of three shapes (see {@link failureMessage}).
 */
import { downloadStatus, type DownloadStatus, type JobState } from './download-status.js';

export interface JobView<Output = unknown> {
  id: string;
  /** The queue, i.e. the kind of job (e.g. `export-areas`). */
  name: string;
  /** The status of SPEC §4. */
  status: DownloadStatus;
  /** The queue's own state, for what the status does not tell (cancelled or failed, queued or retrying). */
  state: JobState;
  /** Between 0 and 1, as last reported by the handler (1 once completed). */
  progress?: number;
  /** What the handler returned; only once completed. */
  output?: Output;
  /** Why the last attempt failed; while the job waits to be retried, and once it failed. */
  error?: string;
  createdOn: Date;
  /** When the last attempt started. */
  startedOn: Date | null;
  completedOn: Date | null;
  /** Attempts started after the first one (0 while the first runs). */
  retryCount: number;
}

/** The envelope our workers write into pg-boss's `output`. */
export interface StoredOutput {
  progress?: number;
  output?: unknown;
}

/** The columns of pg-boss's job row we read (its `getJobById` with metadata). */
export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  output: unknown;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  retryCount: number;
}

export function toJobView<Output>(row: JobRow): JobView<Output> {
  const view: JobView<Output> = {
    id: row.id,
    name: row.name,
    status: downloadStatus(row.state),
    state: row.state,
    createdOn: row.createdOn,
    startedOn: row.startedOn,
    completedOn: row.completedOn,
    retryCount: row.retryCount,
  };
  if (row.state === 'completed') {
    view.progress = 1;
    const stored = asObject(row.output) as StoredOutput | undefined;
    if (stored && 'output' in stored) view.output = stored.output as Output;
  } else if (row.state === 'active') {
    const progress = asObject(row.output)?.progress;
    if (typeof progress === 'number') view.progress = progress;
  } else if (row.state === 'retry' || row.state === 'failed') {
    const error = failureMessage(row.output);
    if (error !== undefined) view.error = error;
  }
  return view;
}

/**
 * The message of a failed attempt, as pg-boss stored it:
 * - a thrown Error, serialized: `{ name, message, stack }`;
 * - an attempt that outlived its expiration (a crashed or hung worker): `{ value: { message } }`;
 * - a job still running when its process stopped: `{ value: 'pg-boss shut down while active' }`.
 */
export function failureMessage(output: unknown): string | undefined {
  const stored = asObject(output);
  if (!stored) return undefined;
  if (typeof stored.message === 'string') return stored.message;
  const value = stored.value;
  if (typeof value === 'string') return value;
  const nested = asObject(value)?.message;
  return typeof nested === 'string' ? nested : undefined;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
