/**
 * A connection's synchronised lists, kept live: the crm-sync job pushes each synchronisation's
 * status and progress to the owner's sockets as the list's `list-sync` event (when it starts, at
 * most every 2 s while it runs: SPEC §9, and when it ends), which moves the list's bar; a status
 * other than the one shown (a synchronisation started elsewhere or by the schedule, one that
 * ended) reads the lists again. While a list is active they are also read every few seconds, so
 * that a dropped socket leaves no bar still.
 */
import { useEffect, useRef, useState } from 'react';
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
  /** The progress (0–1) pushed for an active list; undefined before the first. */
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
  const shown = useRef(data);
  shown.current = data;
  const [pushed, setPushed] = useState<ReadonlyMap<number, number>>(new Map());

  useEffect(() => realtime.subscribe((message) => {
    if (message.event !== REALTIME_EVENTS.listSync || !('synchronizedListId' in message.data)) return;
    const { synchronizedListId, connectionId: ofConnection, status, progress } = message.data;
    if (ofConnection !== connectionId) return;
    setPushed((before) => {
      const after = new Map(before);
      if (status === 'active') after.set(synchronizedListId, progress);
      else after.delete(synchronizedListId);
      return after;
    });
    if (shown.current?.find((list) => list.id === synchronizedListId)?.status !== status) void refetch();
  }), [connectionId, refetch]);

  return {
    lists: data,
    isPending: read.isPending,
    isError: read.isError,
    refetch: () => void refetch(),
    progressOf: (list) => (list.status === 'active' ? pushed.get(list.id) : undefined),
  };
}
