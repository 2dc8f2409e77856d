/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and stays listening: a pooled
 * connection would be handed to other queries and lose its LISTEN, so this one is its own, with TCP
 * keep-alives to find out when it silently died, and reconnects with a doubling wait when it drops.
 *
 * NOTIFY reaches a listener only while it is connected: after a reconnection, `onReconnected`
 * listeners are told that notifications may have been missed meanwhile, and `listening` says
 * whether notifications are being heard right now. Used by the event bus between API processes
 * and by the data versions' cache.
 */
import pg from 'pg';
import { describeError, Listeners } from '../events/listeners.js';
import type { Unsubscribe } from '../events/event-bus.js';

export interface PgChannelListenerOptions {
  channel: string;
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  /** Waits between reconnection attempts: doubling from `first` up to `max` milliseconds. */
  reconnectDelay?: { first: number; max: number };
  /** Connection losses and reconnections. */
  log?: (message: string) => void;
}

const DEFAULT_RECONNECT_DELAY = { first: 250, max: 10_000 };

export class PgChannelListener {
  private readonly log: (message: string) => void;
  private readonly notified: Listeners<[string]>;
  private readonly reconnected: Listeners<[]>;
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  private closed = false;

  /** Connects and listens; rejects when the database cannot be reached at all. */
  static async start(connection: pg.PoolConfig, options: PgChannelListenerOptions): Promise<PgChannelListener> {
    const listener = new PgChannelListener(connection, options);
    try {
      await listener.listen();
    } catch (error) {
      await listener.close();
      throw error;
    }
    return listener;
  }

  private constructor(private readonly connection: pg.PoolConfig, private readonly options: PgChannelListenerOptions) {
    // LISTEN takes an identifier, not a parameter: only plain names are accepted.
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.channel)) throw new Error(`Invalid channel name: ${options.channel}`);
    this.log = options.log ?? console.warn;
    this.notified = new Listeners(this.log);
    this.reconnected = new Listeners(this.log);
  }

  get channel(): string {
    return this.options.channel;
  }

  /** Whether notifications are heard now (false while reconnecting, and once closed). */
  get listening(): boolean {
    return this.client !== undefined && !this.closed;
  }

  /** Each notification's payload ('' when it had none). */
  onNotification(listener: (payload: string) => void): Unsubscribe {
    return this.notified.add(listener);
  }

  /** After the connection came back: what was notified meanwhile was missed. */
  onReconnected(listener: () => void): Unsubscribe {
    return this.reconnected.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.notified.clear();
    this.reconnected.clear();
    if (client) await endQuietly(client);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      ...this.connection,
      application_name: this.options.applicationName,
      // The connection is idle most of the time: TCP keep-alives find out when it silently died.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.notified.emit(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.log(`Listener connection of ${this.options.channel} lost: ${describeError(error)}`);
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      client.removeAllListeners();
      await endQuietly(client);
      throw error;
    }
    if (this.closed) {
      await endQuietly(client);
      return;
    }
    this.client = client;
  }

  private dropped(client: pg.Client): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    client.removeAllListeners();
    void endQuietly(client);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { first, max } = this.options.reconnectDelay ?? DEFAULT_RECONNECT_DELAY;
    const delay = Math.min(max, first * 2 ** this.failedAttempts);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
    // Closing clears the timer; it alone must not keep a finished process alive.
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen();
    } catch (error) {
      this.failedAttempts += 1;
      this.log(`Listener of ${this.options.channel} could not reconnect (attempt ${this.failedAttempts}): ${describeError(error)}`);
      if (!this.closed) this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    this.failedAttempts = 0;
    this.log(`Listener of ${this.options.channel} reconnected; notifications sent meanwhile were missed`);
    this.reconnected.emit();
  }
}

/** Ends a client whose connection may already be gone. */
async function endQuietly(client: pg.Client): Promise<void> {
  try {
    await client.end();
  } catch {
    // Already closed or broken: nothing left to release.
  }
}
