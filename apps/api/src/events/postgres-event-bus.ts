/**
 * The event bus between API processes on one PostgreSQL database: LISTEN/NOTIFY. Each process
 * listens on a dedicated connection (a pooled one would be handed to other queries and lose its
 * LISTEN); events are sent with pg_notify through a one-connection pool of their own, so that
 * publishing never waits behind the application's queries and works while the listener reconnects.
 *
 * NOTIFY is delivered to listeners only when the sending transaction commits, in order, to every
 * process listening at that moment. A listener that was disconnected misses what was sent
 * meanwhile: after reconnecting, the bus tells its subscribers (onEventsMissed) so that they make
 * their clients resynchronise.
 */
import pg from 'pg';
import type { EventBus, EventBusOptions, RoomEvent, RoomEventListener, Unsubscribe } from './event-bus.js';
import { decodeEvent, encodeEvent } from './event-envelope.js';
import { describeError, Listeners } from './listeners.js';

export const EVENTS_CHANNEL = 'catchment_events';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'catchment-events';

export interface PostgresEventBusOptions extends EventBusOptions {
  /** The NOTIFY channel; processes must agree on it. */
  channel?: string;
  applicationName?: string;
  /** Waits between reconnection attempts: doubling from `first` up to `max` milliseconds. */
  reconnectDelay?: { first: number; max: number };
}

const DEFAULT_RECONNECT_DELAY = { first: 250, max: 10_000 };

export class PostgresEventBus implements EventBus {
  private readonly channel: string;
  private readonly log: (message: string) => void;
  private readonly events: Listeners<[RoomEvent]>;
  private readonly missed: Listeners<[]>;
  private readonly publisher: pg.Pool;
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  private closed = false;

  /** Connects and listens; rejects when the database cannot be reached at all. */
  static async start(connection: pg.PoolConfig, options: PostgresEventBusOptions = {}): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(connection, options);
    try {
      await bus.listen();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  private constructor(private readonly connection: pg.PoolConfig, private readonly options: PostgresEventBusOptions) {
    this.channel = options.channel ?? EVENTS_CHANNEL;
    // LISTEN takes an identifier, not a parameter: only plain names are accepted.
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.channel)) throw new Error(`Invalid event channel name: ${this.channel}`);
    this.log = options.log ?? console.warn;
    this.events = new Listeners(this.log);
    this.missed = new Listeners(this.log);
    this.publisher = new pg.Pool({ ...connection, max: 1 });
    // An idle pooled connection that dies emits 'error' on the pool; unhandled, it would end the process.
    this.publisher.on('error', (error) => this.log(`Event publisher connection lost: ${describeError(error)}`));
  }

  publish(event: RoomEvent): void {
    const payload = encodeEvent(event);
    if (this.closed) return;
    this.publisher.query('SELECT pg_notify($1, $2)', [this.channel, payload]).catch((error: unknown) => {
      this.log(`The ${event.event} event for ${event.room} was not sent: ${describeError(error)}`);
    });
  }

  subscribe(listener: RoomEventListener): Unsubscribe {
    return this.events.add(listener);
  }

  onEventsMissed(listener: () => void): Unsubscribe {
    return this.missed.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    this.events.clear();
    this.missed.clear();
    await Promise.all([listener ? endQuietly(listener) : undefined, this.publisher.end()]);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      ...this.connection,
      application_name: this.options.applicationName ?? LISTENER_APPLICATION_NAME,
      // The connection is idle most of the time: TCP keep-alives find out when it silently died.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || message.payload === undefined) return;
      const event = decodeEvent(message.payload);
      if (event) this.events.emit(event);
      else this.log(`Ignored a notification on ${this.channel} that is no event`);
    });
    client.on('error', (error) => {
      this.log(`Event listener connection lost: ${describeError(error)}`);
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      client.removeAllListeners();
      await endQuietly(client);
      throw error;
    }
    if (this.closed) {
      await endQuietly(client);
      return;
    }
    this.listener = client;
  }

  private dropped(client: pg.Client): void {
    if (client !== this.listener || this.closed) return;
    this.listener = undefined;
    client.removeAllListeners();
    void endQuietly(client);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { first, max } = this.options.reconnectDelay ?? DEFAULT_RECONNECT_DELAY;
    const delay = Math.min(max, first * 2 ** this.failedAttempts);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
    // Closing the bus clears the timer; it alone must not keep a finished process alive.
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen();
    } catch (error) {
      this.failedAttempts += 1;
      this.log(`Event listener could not reconnect (attempt ${this.failedAttempts}): ${describeError(error)}`);
      if (!this.closed) this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    this.failedAttempts = 0;
    this.log('Event listener reconnected; events sent meanwhile were missed');
    this.missed.emit();
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
