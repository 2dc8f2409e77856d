/**
 * A Kysely dialect for PGlite. PGlite is one Postgres session in this process, so the driver
 * hands out a single connection at a time: a transaction holds it until it commits, and other
 * queries wait, first come first served, exactly as they would for a one-connection pool.
 *
 * PGlite runs each query synchronously on the main thread. Handing the connection to the next
 * waiter straight away would run the whole queue in one go, inside one turn of the event loop:
 * under load that turn grows to tens or hundreds of milliseconds, and Node (libuv) accepts at most
 * one new TCP connection per turn, so new connections pile up in the kernel's accept queue for
 * seconds, then have their SYNs dropped (bench/README.md, "Load"). The hand-over therefore waits
 * for the next turn (setImmediate): between two queries the server accepts, reads and writes.
 */
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(compiledQuery.query.kind.replace('QueryNode', '').toUpperCase())
        ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** Whoever holds the connection, or is about to be handed it, keeps it busy. */
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (!next) {
      this.busy = false;
      return;
    }
    // Stays busy until then, so a query arriving meanwhile queues behind `next` instead of
    // jumping ahead of it.
    setImmediate(next);
  }

  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new PGliteDriver(this.pglite); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
}
