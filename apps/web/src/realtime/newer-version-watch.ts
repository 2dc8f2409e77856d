/**
 * Decides when a map on screen, or its list of business searches, of datasets or of indicators,
 * must be fetched again: a list-sync (or the answer to a join) announced a version newer than the one shown. Announcements
 * are gathered for LIST_SYNC_THROTTLE_MS (SPEC §9): a burst of changes costs one refetch, and our
 * own saves, announced too, have by then come back and made the shown version catch up, so they
 * cost none.
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
  windowMs?: number;
}

export class NewerVersionWatch {
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: NewerVersionWatchOptions) {}

  announce(version: number): void {
    this.latest = Math.max(this.latest, version);
    if (this.timer !== undefined || this.latest <= this.options.shownVersion()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.latest > this.options.shownVersion()) this.options.refetch();
    }, this.options.windowMs ?? LIST_SYNC_THROTTLE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
