/**
 * The event bus between API processes on one PostgreSQL database: LISTEN/NOTIFY. Each process
 * listens on a dedicated connection (db/pg-channel-listener.ts); events are sent with pg_notify
 * through a one-connection pool of their own, so that publishing never waits behind the
 * application's queries and works while the listener reconnects.
 *
 * NOTIFY is delivered to listeners only when the sending transaction commits, in order, to every
 * process listening at that moment. A listener that was disconnected misses what was sent
 * meanwhile: after reconnecting, the bus tells its subscribers (onEventsMissed) so that they make
 * their clients resynchronise.
 */
import pg from 'pg';
import { PgChannelListener } from '../db/pg-channel-listener.js';
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

export class PostgresEventBus implements EventBus {
  private readonly log: (message: string) => void;
  private readonly events: Listeners<[RoomEvent]>;
  private readonly missed: Listeners<[]>;
  private readonly publisher: pg.Pool;
  private closed = false;

  /** Connects and listens; rejects when the database cannot be reached at all. */
  static async start(connection: pg.PoolConfig, options: PostgresEventBusOptions = {}): Promise<PostgresEventBus> {
    const log = options.log ?? console.warn;
    const listener = await PgChannelListener.start(connection, {
      channel: options.channel ?? EVENTS_CHANNEL,
      applicationName: options.applicationName ?? LISTENER_APPLICATION_NAME,
      log,
      ...(options.reconnectDelay ? { reconnectDelay: options.reconnectDelay } : {}),
    });
    return new PostgresEventBus(connection, listener, log);
  }

  private constructor(connection: pg.PoolConfig, private readonly listener: PgChannelListener, log: (message: string) => void) {
    this.log = log;
    this.events = new Listeners(this.log);
    this.missed = new Listeners(this.log);
    this.publisher = new pg.Pool({ ...connection, max: 1 });
    // An idle pooled connection that dies emits 'error' on the pool; unhandled, it would end the process.
    this.publisher.on('error', (error) => this.log(`Event publisher connection lost: ${describeError(error)}`));
    listener.onNotification((payload) => {
      const event = decodeEvent(payload);
      if (event) this.events.emit(event);
      else this.log(`Ignored a notification on ${listener.channel} that is no event`);
    });
    listener.onReconnected(() => this.missed.emit());
  }

  publish(event: RoomEvent): void {
    const payload = encodeEvent(event);
    if (this.closed) return;
    this.publisher.query('SELECT pg_notify($1, $2)', [this.listener.channel, payload]).catch((error: unknown) => {
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
    this.events.clear();
    this.missed.clear();
    await Promise.all([this.listener.close(), this.publisher.end()]);
  }
}
