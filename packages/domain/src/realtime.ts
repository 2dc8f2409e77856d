/**
 * The real-time channel (SPEC §7): one WebSocket at the API root, `/api`, for logged-in users.
 * The server pushes `{ event, data }` messages; the client follows maps with join/leave messages.
 * Events only say that something changed and carry ids, never content: the client refetches.
 */
import { z } from 'zod';
import type { CrmSyncStatus } from './schemas/crm.js';
import type { DownloadStatus } from './schemas/downloads.js';

/** Events pushed to clients (SPEC §7), and the replies to a client's own messages. */
export const REALTIME_EVENTS = {
  /** One of the user's download jobs changed: its status or progress ({@link DownloadEventData}). */
  download: 'download',
  /** The count of the user's completed downloads not yet downloaded changed ({@link DownloadsEventData}). */
  downloads: 'downloads',
  /**
   * A followed map, or its list of business searches or of datasets, moved to a new version: its
   * viewers refetch it ({@link ListSyncData}). To a user's own sockets: one of their CRM lists'
   * synchronisation moved on ({@link CrmListSyncData}).
   */
  listSync: 'list-sync',
  /** One of the user's datasets changed: its import moved on, finished or failed ({@link DatasetEventData}). */
  datasets: 'datasets',
  /**
   * Between API processes only, never sent to a client: who may read the map changed (a member
   * removed, the map made private or deleted; {@link MapAccessData}). Each process checks its
   * sockets following the map; those whose user may no longer read it leave its room and get
   * `access-lost`.
   */
  mapAccess: 'map-access',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];
export const REALTIME_EVENT_NAMES = Object.values(REALTIME_EVENTS) as [RealtimeEventName, ...RealtimeEventName[]];

/**
 * Replies to the client's own messages, never fanned out; and `accessLost`: the socket was taken
 * out of a map's room because its user may no longer read the map.
 */
export const REALTIME_REPLIES = { joined: 'joined', left: 'left', error: 'error', accessLost: 'access-lost' } as const;

/** A viewer refetches a changed map at most this often (SPEC §9), however many changes arrive. */
export const LIST_SYNC_THROTTLE_MS = 2_000;

/** Close codes the server uses beyond the standard ones (4000–4999 are the application's). */
export const REALTIME_CLOSE_CODES = {
  /** The session ended (logout, expiry): reconnect only after logging in again. */
  sessionEnded: 4401,
  /** The server may have missed events (its database listener reconnected): reconnect and rejoin. */
  resync: 4409,
  /** The client sent messages faster than the server answers them. */
  tooManyMessages: 4429,
} as const;

/** A map as the REST routes address it: its integer id, or its accessId (shared links). */
export const realtimeMapRef = z.union([
  z.number().int().positive(),
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
]);
export type RealtimeMapRef = z.infer<typeof realtimeMapRef>;

export const realtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), mapId: realtimeMapRef }),
  z.object({ type: z.literal('leave'), mapId: realtimeMapRef }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

/**
 * `list-sync`: the map's content is now at `version`. A write of the map's business searches moves
 * their own version on (not the map's) and says so in `searchesVersion`; a write of its datasets
 * likewise in `datasetsVersion`, of its indicators in `metricsVersion`; a map write leaves them out.
 */
export interface ListSyncData { mapId: number; version: number; searchesVersion?: number; datasetsVersion?: number; metricsVersion?: number }

/**
 * `list-sync` of a CRM list synchronised as a dataset, to its owner's sockets: its synchronisation's
 * status (SPEC §4; with the list's `lastSuccessAt`, "after an earlier success") and progress (0–1),
 * when it starts, at most every 2 s while it runs (SPEC §9) and when it ends. A dataset already
 * ready keeps its rows, and its `ready` status, until the end. It names no map (the map fields are
 * absent), so a map's viewers pass it by.
 */
export interface CrmListSyncData {
  synchronizedListId: number;
  connectionId: number;
  datasetId: number;
  status: CrmSyncStatus;
  progress: number;
  mapId?: undefined;
  version?: undefined;
  searchesVersion?: undefined;
  datasetsVersion?: undefined;
  metricsVersion?: undefined;
}

/** `map-access` between API processes: check who of the map's followers may still read it. */
export interface MapAccessData { mapId: number }

/** `download`: one download job's status and progress now (at most every half second while it runs); the client refetches it. */
export interface DownloadEventData { jobId: string; status: DownloadStatus; progress: number }

/** `downloads`: the user's completed downloads not yet downloaded, when that count changes (the header's badge). */
export interface DownloadsEventData { count: number }

/** `datasets`: the dataset's import status and progress now; the client refetches the dataset. */
export interface DatasetEventData { datasetId: number; status: 'importing' | 'ready' | 'failed'; progress: number }

export type RealtimeServerMessage =
  | { event: typeof REALTIME_EVENTS.listSync; data: ListSyncData | CrmListSyncData }
  | { event: typeof REALTIME_EVENTS.download; data: DownloadEventData }
  | { event: typeof REALTIME_EVENTS.downloads; data: DownloadsEventData }
  | { event: typeof REALTIME_EVENTS.datasets; data: DatasetEventData }
  /**
   * A join was accepted: `mapId` is the reference the client sent, `id`, `version`,
   * `searchesVersion` (its business searches' list) and `datasetsVersion` (its datasets' list, which
   * the server always sends; optional for clients written before it) the map's now.
   */
  | { event: typeof REALTIME_REPLIES.joined; data: { mapId: RealtimeMapRef; id: number; version: number; searchesVersion: number; datasetsVersion?: number } }
  | { event: typeof REALTIME_REPLIES.left; data: { mapId: RealtimeMapRef } }
  /**
   * The user may no longer read the map they followed as `mapId` (`id` its integer id): removed
   * from its members, the map made private or deleted. The socket no longer follows it.
   */
  | { event: typeof REALTIME_REPLIES.accessLost; data: { mapId: RealtimeMapRef; id: number } }
  /** A message refused (unreadable, or a map the user may not read); the connection stays open. */
  | { event: typeof REALTIME_REPLIES.error; data: { code: string; message: string; mapId?: RealtimeMapRef } };
