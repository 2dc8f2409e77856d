import { describe, expect, it } from 'vitest';
import { SyncQueue, type SaveStatus, type SendCall, type SyncFailure } from './sync.js';
import type { ApiCall } from './to-requests.js';

const call = (path: string): ApiCall => ({ method: 'PATCH', path, body: {}, versionIn: 'body' });

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** A server stand-in at the network boundary: records calls, answers each with the next version or fails on demand. */
function server(failOn: Record<string, number> = {}) {
  const sent: { path: string; version: number }[] = [];
  let version = 7;
  const send: SendCall = async (request, basedOn) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    sent.push({ path: request.path, version: basedOn });
    const status = failOn[request.path];
    if (status) throw new HttpFailure(status);
    version = basedOn + 1;
    return { version, body: { version } };
  };
  return { send, sent };
}

function listener() {
  const statuses: SaveStatus[] = [];
  const conflicts: SyncFailure<string>[] = [];
  const errors: SyncFailure<string>[] = [];
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => { settle = resolve; });
  return {
    statuses, conflicts, errors, settled,
    listener: {
      onStatus: (status: SaveStatus) => { statuses.push(status); if (status !== 'saving') settle(); },
      onConflict: (failure: SyncFailure<string>) => { conflicts.push(failure); settle(); },
      onError: (failure: SyncFailure<string>) => { errors.push(failure); },
    },
  };
}

describe('SyncQueue', () => {
  it('sends calls one by one, in order, each based on the version the previous one returned', async () => {
    const { send, sent } = server();
    const watch = listener();
    const queue = new SyncQueue<string>(7, send, watch.listener);
    queue.enqueue({ calls: [call('/a'), call('/b')], tag: 'first' });
    queue.enqueue({ calls: [call('/c')], tag: 'second' });
    expect(queue.busy).toBe(true);
    await watch.settled;
    expect(sent).toEqual([{ path: '/a', version: 7 }, { path: '/b', version: 8 }, { path: '/c', version: 9 }]);
    expect(queue.version).toBe(10);
    expect(watch.statuses).toEqual(['saving', 'saved']);
    expect(queue.busy).toBe(false);
  });

  it('stops at a 409 and reports the conflict with what was not sent', async () => {
    const { send, sent } = server({ '/b': 409 });
    const watch = listener();
    const queue = new SyncQueue<string>(7, send, watch.listener);
    queue.enqueue({ calls: [call('/a'), call('/b')], tag: 'first' });
    queue.enqueue({ calls: [call('/c')], tag: 'second' });
    await watch.settled;
    expect(sent.map((item) => item.path)).toEqual(['/a', '/b']);
    expect(watch.conflicts).toHaveLength(1);
    expect(watch.conflicts[0]).toMatchObject({ failedCallIndex: 1, job: { tag: 'first' } });
    expect(watch.conflicts[0]!.dropped.map((job) => job.tag)).toEqual(['second']);
    expect(watch.errors).toEqual([]);
  });

  it('holds what is queued after a 409 until restarted from the server version with the rebuilt jobs', async () => {
    const failOn: Record<string, number> = { '/stale': 409 };
    const { send, sent } = server(failOn);
    const watch = listener();
    const queue = new SyncQueue<string>(7, send, watch.listener);
    queue.enqueue({ calls: [call('/stale')], tag: 'stale' });
    await watch.settled;
    queue.enqueue({ calls: [call('/meanwhile')], tag: 'meanwhile' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.map((item) => item.path)).toEqual(['/stale']);
    expect(queue.busy).toBe(true);

    const done = new Promise<void>((resolve) => {
      watch.listener.onStatus = (status) => { watch.statuses.push(status); if (status === 'saved') resolve(); };
    });
    let held: string[] = [];
    queue.restart(20, (jobs) => {
      held = jobs.map((job) => job.tag);
      return [{ calls: [call('/rebased')], tag: 'rebased' }, ...jobs.map((job) => ({ ...job, calls: [call('/meanwhile-rebased')] }))];
    });
    await done;
    expect(held).toEqual(['meanwhile']);
    expect(sent.slice(1)).toEqual([{ path: '/rebased', version: 20 }, { path: '/meanwhile-rebased', version: 21 }]);
    expect(queue.version).toBe(22);
    expect(queue.busy).toBe(false);
  });

  it('says saved at once when nothing is left to send after a conflict', async () => {
    const { send } = server({ '/stale': 409 });
    const watch = listener();
    const queue = new SyncQueue<string>(7, send, watch.listener);
    queue.enqueue({ calls: [call('/stale')], tag: 'stale' });
    await watch.settled;
    queue.restart(9, () => []);
    expect(watch.statuses).toEqual(['saving', 'saved']);
    expect(queue.version).toBe(9);
    expect(queue.busy).toBe(false);
  });

  it('reports other failures as errors with status error, then saves again on the next job', async () => {
    const { send } = server({ '/refused': 403 });
    const watch = listener();
    const queue = new SyncQueue<string>(3, send, watch.listener);
    queue.enqueue({ calls: [call('/refused')], tag: 'refused' });
    await watch.settled;
    expect(watch.statuses).toEqual(['saving', 'error']);
    expect(watch.errors[0]).toMatchObject({ failedCallIndex: 0, job: { tag: 'refused' }, dropped: [] });
    expect(queue.version).toBe(3);

    await new Promise<void>((resolve) => {
      watch.listener.onStatus = (status) => { watch.statuses.push(status); if (status === 'saved') resolve(); };
      queue.enqueue({ calls: [call('/ok')], tag: 'ok' });
    });
    expect(queue.version).toBe(4);
    expect(watch.statuses).toEqual(['saving', 'error', 'saving', 'saved']);
  });

  it('ignores jobs and answers once disposed', async () => {
    const { send, sent } = server();
    const watch = listener();
    const queue = new SyncQueue<string>(1, send, watch.listener);
    queue.enqueue({ calls: [call('/a')], tag: 'a' });
    queue.dispose();
    queue.enqueue({ calls: [call('/b')], tag: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((item) => item.path)).toEqual(['/a']);
    expect(queue.version).toBe(1);
    expect(watch.statuses).toEqual(['saving']);
  });
});
