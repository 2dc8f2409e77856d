/**
 * The browser's end of the real-time socket (SPEC §7): one WebSocket at /api while the user is
 * logged in, opened again after a drop (growing waits, spread at random so that clients cut off
 * together do not all come back in the same second), with the maps being followed joined again.
 */
import { REALTIME_CLOSE_CODES, type RealtimeClientMessage, type RealtimeServerMessage } from '@catchment/domain';
import { API_PREFIX } from '../api/client.js';

export type RealtimeListener = (message: RealtimeServerMessage) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** After a resync request the server is fine: come back soon, spread over this time. */
const RESYNC_SPREAD_MS = 2_000;

/** The wait before the next attempt after `failures` failed ones: 1 s, 2 s, 4 s… up to 30 s, each between half and all of it. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
  return ceiling / 2 + (random() * ceiling) / 2;
}

export interface RealtimeClientOptions {
  url(): string;
  /** The socket to use (tests give one that Node can open). */
  createSocket?(url: string): WebSocket;
  reconnectDelay?(failures: number): number;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private running = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Maps followed, by the reference sent to the server, with how many screens follow each. */
  private readonly followers = new Map<string, number>();
  private readonly listeners = new Set<RealtimeListener>();

  constructor(private readonly options: RealtimeClientOptions) {}

  /** Opens the socket and keeps it open until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.open();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    // Closing a socket still connecting makes browsers log an error: let it open, then close it.
    if (socket.readyState === socket.CONNECTING) socket.onopen = () => socket.close(1000);
    else socket.close(1000);
  }

  /** Follows a map (id or accessId) until the returned function is called; survives reconnections. */
  follow(mapRef: string): () => void {
    const count = this.followers.get(mapRef) ?? 0;
    this.followers.set(mapRef, count + 1);
    if (count === 0) this.send({ type: 'join', mapId: mapRef });
    let followed = true;
    return () => {
      if (!followed) return;
      followed = false;
      const left = (this.followers.get(mapRef) ?? 1) - 1;
      if (left > 0) {
        this.followers.set(mapRef, left);
        return;
      }
      this.followers.delete(mapRef);
      this.send({ type: 'leave', mapId: mapRef });
    };
  }

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  private open(): void {
    const url = this.options.url();
    const socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      for (const mapRef of this.followers.keys()) this.send({ type: 'join', mapId: mapRef });
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (!message) return;
      for (const listener of [...this.listeners]) listener(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.running) return;
      // The session ended: the API's next answer sends the user to the login page, which starts over.
      if (event.code === REALTIME_CLOSE_CODES.sessionEnded) {
        this.running = false;
        return;
      }
      const delay = event.code === REALTIME_CLOSE_CODES.resync
        ? Math.random() * RESYNC_SPREAD_MS
        : (this.options.reconnectDelay ?? reconnectDelay)(this.failures++);
      this.retryTimer = setTimeout(() => { if (this.running) this.open(); }, delay);
    };
  }

  private send(message: RealtimeClientMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}

function parseMessage(data: unknown): RealtimeServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as RealtimeServerMessage;
  } catch {
    return undefined;
  }
}

function socketUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${API_PREFIX}`;
}

/** The app's one connection, started by useRealtimeConnection() while a user is logged in. */
export const realtime = new RealtimeClient({ url: socketUrl });
