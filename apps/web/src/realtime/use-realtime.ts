/** The real-time channel in React: the connection while logged in, and live updates of the open map. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { MapDocument, RealtimeServerMessage } from '@catchment/domain';
import { versionedWritesPending } from '../api/client.js';
import { queryKeys } from '../api/query-keys.js';
import { useSession } from '../auth/use-session.js';
import { useToasts } from '../app/toasts.js';
import { mapsLeft } from './maps-left.js';
import { announcedVersion, NewerVersionWatch } from './newer-version-watch.js';
import { realtime } from './realtime-client.js';

export interface VersionedCopy {
  /** The version a message announces for the copy, if it is about it. */
  announced(message: RealtimeServerMessage): number | undefined;
  /** The version of the copy on screen. */
  shownVersion(): number;
  refetch(): void;
  /** Whether our own writes of the copy are in flight (see NewerVersionWatch). */
  settling?(): boolean;
}

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
export function useMapListSync(map: Pick<MapDocument, 'id' | 'accessId'>, shownVersion: () => number, settling: () => boolean): void {
  const queryClient = useQueryClient();
  const { id, accessId } = map;
  const refetch = () => {
    // A map the user is leaving (maps-left.ts) is not fetched again: the app is taking them home.
    if (mapsLeft.has(id)) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.mapDocuments, predicate: (query) => isDocumentOf(query.state.data, id) });
    // A change of members moves the map on too: an open share dialog lists them as they are now.
    void queryClient.invalidateQueries({ queryKey: queryKeys.mapMembers(id) });
  };
  useNewerVersionRefetch(`map:${id}`, { announced: (message) => announcedVersion(message, id), shownVersion, settling, refetch });
  useAccessLostNotice(id, refetch);
  useEffect(() => realtime.follow(accessId), [accessId]);
  // The page of a map the user left is gone: so are its copies, which opened again would show a moment before their 404.
  useEffect(() => () => {
    if (mapsLeft.finish(id)) queryClient.removeQueries({ queryKey: queryKeys.mapDocuments, predicate: (query) => isDocumentOf(query.state.data, id) });
  }, [id, queryClient]);
}

const isDocumentOf = (data: unknown, mapId: number) => (data as MapDocument | undefined)?.id === mapId;

/**
 * The user may no longer read the map on screen (removed from its members, made private, deleted):
 * they are told, and its refetch, now refused, puts the map page's "not found" in place of the map.
 * A map they are leaving themselves (maps-left.ts) is no news: nothing is said.
 */
function useAccessLostNotice(mapId: number, refetch: () => void): void {
  const { t } = useTranslation();
  const toasts = useToasts();
  const current = useRef({ refetch, t, toasts });
  useEffect(() => {
    current.current = { refetch, t, toasts };
  });
  useEffect(() => realtime.subscribe((message) => {
    if (message.event !== 'access-lost' || message.data.id !== mapId || mapsLeft.has(mapId)) return;
    current.current.toasts.show({ message: current.current.t('map.accessLost'), tone: 'error', durationMs: 0, testId: 'access-lost-toast' });
    current.current.refetch();
  }), [mapId]);
}

/**
 * Refetches a copy of something on screen when messages announce a version newer than the one it
 * shows: at once, then at most once per LIST_SYNC_THROTTLE_MS. It follows no map: the map screen does
 * (useMapListSync). A new `key` (another map) starts over.
 */
export function useNewerVersionRefetch(key: string | null, copy: VersionedCopy): void {
  const current = useRef(copy);
  useEffect(() => {
    current.current = copy;
  });
  useEffect(() => {
    if (key === null) return undefined;
    const watch = new NewerVersionWatch({
      shownVersion: () => current.current.shownVersion(),
      refetch: () => current.current.refetch(),
      // Our own writes of any list of the map come back announced, maybe before their answers.
      settling: () => versionedWritesPending() || (current.current.settling?.() ?? false),
    });
    const unsubscribe = realtime.subscribe((message) => {
      const version = current.current.announced(message);
      if (version !== undefined) watch.announce(version);
    });
    return () => {
      unsubscribe();
      watch.dispose();
    };
  }, [key]);
}
