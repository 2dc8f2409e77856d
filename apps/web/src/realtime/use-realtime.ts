/** The real-time channel in React: the connection while logged in, and live updates of the open map. */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MapDocument } from '@catchment/domain';
import { queryKeys } from '../api/query-keys.js';
import { useSession } from '../auth/use-session.js';
import { announcedVersion, NewerVersionWatch } from './newer-version-watch.js';
import { realtime } from './realtime-client.js';

/** Keeps the socket open while a user is logged in; a new user gets a new connection. */
export function useRealtimeConnection(): void {
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return undefined;
    realtime.start();
    return () => realtime.stop();
  }, [userId]);
}

/**
 * Follows the map on screen and fetches it again when someone else changed it, i.e. when a
 * version newer than `shownVersion()` is announced. Every cached copy of the map is refreshed,
 * whatever reference (id or accessId) the page loaded it by.
 */
export function useMapListSync(map: Pick<MapDocument, 'id' | 'accessId'>, shownVersion: () => number): void {
  const queryClient = useQueryClient();
  const shown = useRef(shownVersion);
  useEffect(() => {
    shown.current = shownVersion;
  });
  const { id, accessId } = map;
  useEffect(() => {
    const watch = new NewerVersionWatch({
      shownVersion: () => shown.current(),
      refetch: () => void queryClient.invalidateQueries({
        queryKey: queryKeys.mapDocuments,
        predicate: (query) => (query.state.data as MapDocument | undefined)?.id === id,
      }),
    });
    const unsubscribe = realtime.subscribe((message) => {
      const version = announcedVersion(message, id);
      if (version !== undefined) watch.announce(version);
    });
    const unfollow = realtime.follow(accessId);
    return () => {
      unfollow();
      unsubscribe();
      watch.dispose();
    };
  }, [id, accessId, queryClient]);
}
