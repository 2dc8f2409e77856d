/** A job's handler run in this process, for contexts built without a queue (no retry, no durability). */
import type { JobHandler, RunningJob } from './job-queue.js';

export function runInProcess<Data extends object, Output>(name: string, handler: JobHandler<Data, Output>, data: Data): Promise<Output> {
  const job: RunningJob<Data> = {
    id: `${name}-in-process`, name, data, retryCount: 0, signal: new AbortController().signal, reportProgress: async () => {},
  };
  return handler(job);
}
