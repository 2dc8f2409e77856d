/** The event bus that fits the database: PostgreSQL's LISTEN/NOTIFY, or in-process for PGlite. */
import type pg from 'pg';
import type { DatabaseKind } from '../db/database.js';
import type { EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-event-bus.js';
import { PostgresEventBus, type PostgresEventBusOptions } from './postgres-event-bus.js';

/**
 * `connection` reaches the same database as the application's pool. On PGlite it is not used:
 * the embedded database belongs to one process, and its socket multiplexes every connection
 * onto PGlite's single session, whose notifications go back only to the connection that sent
 * the NOTIFY, never to a listener on another connection (so LISTEN/NOTIFY cannot fan out there).
 */
export async function openEventBus(
  kind: DatabaseKind,
  connection: pg.PoolConfig,
  options: PostgresEventBusOptions = {},
): Promise<EventBus> {
  return kind === 'postgres' ? PostgresEventBus.start(connection, options) : new InProcessEventBus(options);
}
