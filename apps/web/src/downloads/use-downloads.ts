/**
 * The user's downloads, kept live: the server pushes `download` (one job moved on) and `downloads`
 * (the count of files not downloaded changed) to the user's sockets; either reads the list again
 * (events carry ids, never content). While one runs the list is also read every few seconds, so
 * that a dropped socket leaves no bar still.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isDownloadRunning, REALTIME_EVENTS } from '@catchment/domain';
import { downloadsQueryKey, fetchDownloads, notDownloadedCount, type DownloadJobView } from '../api/downloads.js';
import { useSession } from '../auth/use-session.js';
import { realtime } from '../realtime/realtime-client.js';

const POLL_MS = 5_000;

export interface Downloads {
  downloads: DownloadJobView[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Completed downloads not downloaded yet. */
  notDownloaded: number;
  refetch(): void;
}

export function useDownloads(): Downloads {
  const { user } = useSession();
  const clientId = user?.id;
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: downloadsQueryKey(clientId ?? 0),
    queryFn: ({ signal }) => fetchDownloads(clientId!, signal),
    enabled: clientId !== undefined,
    refetchInterval: (query) => (query.state.data?.some((download) => isDownloadRunning(download.status)) ? POLL_MS : false),
  });

  useEffect(() => {
    if (clientId === undefined) return undefined;
    return realtime.subscribe((message) => {
      if (message.event === REALTIME_EVENTS.download || message.event === REALTIME_EVENTS.downloads) {
        void queryClient.invalidateQueries({ queryKey: downloadsQueryKey(clientId) });
      }
    });
  }, [clientId, queryClient]);

  return {
    downloads: read.data,
    isPending: read.isPending,
    isError: read.isError,
    notDownloaded: read.data ? notDownloadedCount(read.data) : 0,
    refetch: () => void read.refetch(),
  };
}
