/**
 * A connection's synchronised lists, kept live: the crm-sync job pushes each synchronisation's
 * progress to the user's sockets as its dataset's (`datasets` events, at most every 2 s: SPEC §9),
 * which moves the list's bar; the end of one (ready or failed) reads the lists again. While a list
 * is active they are also read every few seconds, so that a dropped socket leaves no bar still.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REALTIME_EVENTS } from '@catchment/domain';
import { crmQueryKeys, getSynchronizedLists, type CrmSynchronizedListView } from '../api/crm.js';
import { realtime } from '../realtime/realtime-client.js';

/** How often the lists are read while one is active, whatever the socket says. */
const POLL_MS = 3_000;

export interface SynchronizedLists {
  lists: CrmSynchronizedListView[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch(): void;
  /** The progress (0–1) pushed for an active list's dataset; undefined before the first. */
  progressOf(list: CrmSynchronizedListView): number | undefined;
}

export function useSynchronizedLists(connectionId: number, enabled: boolean): SynchronizedLists {
  const read = useQuery({
    queryKey: crmQueryKeys.synchronizedLists(connectionId),
    queryFn: ({ signal }) => getSynchronizedLists(connectionId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((list) => list.status === 'active') ? POLL_MS : false),
  });
  const { refetch, data } = read;
  const [pushed, setPushed] = useState<ReadonlyMap<number, number>>(new Map());

  useEffect(() => realtime.subscribe((message) => {
    if (message.event !== REALTIME_EVENTS.datasets) return;
    const { datasetId, status, progress } = message.data;
    if (!data?.some((list) => list.datasetId === datasetId)) return;
    if (status === 'importing') setPushed((before) => new Map(before).set(datasetId, progress));
    else {
      setPushed((before) => {
        const after = new Map(before);
        after.delete(datasetId);
        return after;
      });
      void refetch();
    }
  }), [data, refetch]);

  return {
    lists: data,
    isPending: read.isPending,
    isError: read.isError,
    refetch: () => void refetch(),
    progressOf: (list) => (list.status === 'active' ? pushed.get(list.datasetId) : undefined),
  };
}
