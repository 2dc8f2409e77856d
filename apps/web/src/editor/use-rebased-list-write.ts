/**
 * The write of one versioned list of a map kept in react-query (its business searches, its
 * datasets), reconciled after a 409 by writeRebased: the list as shown is read from the query's
 * cache, a fresh one read after a refusal is shown at once, and a change to something deleted
 * meanwhile is dropped with the list's own toast (then ChangeLostError). Other failures go to the
 * list's `failed`, which says what the user sees and rethrows.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToasts } from '../app/toasts.js';
import type { RebaseOutcome } from './conflict-rebase.js';
import { ChangeLostError, writeRebased } from './rebased-write.js';

export interface RebasedListWriteOptions<List extends { version: number }, Change> {
  key: QueryKey;
  /** The list as the server has it now. */
  fetchLatest(): Promise<List>;
  rebase(list: List, change: Change): RebaseOutcome<Change>;
  /** The toast of a change dropped because what it changed was deleted meanwhile. */
  lost: { message: string; testId: string };
  failed(error: unknown): never;
}

export type ListWrite<Change> = <Result>(change: Change, send: (change: Change, version: number) => Promise<Result>)
  => Promise<{ saved: true; result: Result } | { saved: false }>;

/** Sends a change on top of the list as shown; `saved: false` when the list holds the change already. */
export function useRebasedListWrite<List extends { version: number }, Change>(options: RebasedListWriteOptions<List, Change>): ListWrite<Change> {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const { key, fetchLatest, rebase, lost, failed } = options;
  return async (change, send) => {
    const list = queryClient.getQueryData<List>(key) ?? await fetchLatest();
    const done = await writeRebased({
      change, list, send, rebase, fetchLatest,
      onFresh: (fresh) => queryClient.setQueryData<List>(key, fresh),
    }).catch(failed);
    if (done.outcome === 'saved') return { saved: true, result: done.result };
    if (done.outcome === 'lost') {
      toasts.show({ message: lost.message, tone: 'error', durationMs: 10_000, testId: lost.testId });
      throw new ChangeLostError();
    }
    return { saved: false };
  };
}
