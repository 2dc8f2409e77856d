/**
 * Decides when a map on screen, or its list of business searches, of datasets or of indicators,
 * must be fetched again: a list-sync (or the answer to a join) announced a version newer than the one shown.
 * The first announcement refetches at once, so that a change by someone else shows within the
 * socket's delay; the ones that follow within LIST_SYNC_THROTTLE_MS (SPEC §9) are gathered into one
 * refetch at the window's end, so a burst of changes costs two refetches at most. While our own
 * saves are in flight (`settling`), an announcement may be theirs coming back before their answer:
 * it waits for the window's end, by when the shown version has caught up, so our saves cost none.
 */
import { LIST_SYNC_THROTTLE_MS, type RealtimeServerMessage } from '@catchment/domain';

/** The version a message announces for the map `mapId`, if it is about that map. */
export function announcedVersion(message: RealtimeServerMessage, mapId: number): number | undefined {
  if (message.event === 'list-sync' && message.data.mapId === mapId) return message.data.version;
  if (message.event === 'joined' && message.data.id === mapId) return message.data.version;
  return undefined;
}

/**
 * The version of the business searches' list a message announces for the map `mapId`: a write of
 * the searches says it in its list-sync (a map write does not), a join's answer always does.
 */
export function announcedSearchesVersion(message: RealtimeServerMessage, mapId: number): number | undefined {
  if (message.event === 'list-sync' && message.data.mapId === mapId) return message.data.searchesVersion;
  if (message.event === 'joined' && message.data.id === mapId) return message.data.searchesVersion;
  return undefined;
}

/**
 * The version of the datasets' list a message announces for the map `mapId`: a write of the map's
 * datasets says it in its list-sync (other writes do not), a join's answer does too.
 */
export function announcedDatasetsVersion(message: RealtimeServerMessage, mapId: number): number | undefined {
  if (message.event === 'list-sync' && message.data.mapId === mapId) return message.data.datasetsVersion;
  if (message.event === 'joined' && message.data.id === mapId) return message.data.datasetsVersion;
  return undefined;
}

/**
 * The version of the indicators' list a message announces for the map `mapId`: a write of the
 * map's indicators says it in its list-sync (other writes do not; a join's answer does not say it).
 */
export function announcedMetricsVersion(message: RealtimeServerMessage, mapId: number): number | undefined {
  if (message.event === 'list-sync' && message.data.mapId === mapId) return message.data.metricsVersion;
  return undefined;
}

export interface NewerVersionWatchOptions {
  /** The version the screen shows now. */
  shownVersion(): number;
  refetch(): void;
  /** Whether our own writes of this copy are in flight (their answers will move the shown version on). */
  settling?(): boolean;
  windowMs?: number;
}

export class NewerVersionWatch {
  private latest = 0;
  /** Set while a window is open: announcements wait for its end. */
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: NewerVersionWatchOptions) {}

  announce(version: number): void {
    this.latest = Math.max(this.latest, version);
    if (this.timer !== undefined || !this.behind()) return;
    if (!this.options.settling?.()) this.options.refetch();
    this.openWindow();
  }

  private behind(): boolean {
    return this.latest > this.options.shownVersion();
  }

  /** At the end of the window, what was announced meanwhile and is still not shown is refetched, and a new window opens. */
  private openWindow(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.behind()) return;
      this.options.refetch();
      this.openWindow();
    }, this.options.windowMs ?? LIST_SYNC_THROTTLE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
