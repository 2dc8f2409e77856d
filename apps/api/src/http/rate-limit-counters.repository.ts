/**
 * The rate_limit_counters table: one row per limit and counted key, with the end of its window.
 * Times come from the database's clock, so API processes whose clocks differ agree on the window.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface RateLimitCount {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export class RateLimitCountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one request, in one statement: the row is created, or its count goes up, or (when its
   * window has ended) it starts a new window at 1. Concurrent hits on one key, from any process,
   * queue on the row's lock, so none is lost.
   */
  async hit(limiter: string, key: string, windowMs: number): Promise<RateLimitCount> {
    const { rows } = await sql<RateLimitCount>`
      INSERT INTO rate_limit_counters AS counter (limiter, key, hits, window_ends_at)
      VALUES (${limiter}, ${key}, 1, now() + make_interval(secs => ${windowMs / 1000}::float8))
      ON CONFLICT (limiter, key) DO UPDATE SET
        hits = CASE WHEN counter.window_ends_at > now() THEN counter.hits + 1 ELSE 1 END,
        window_ends_at = CASE WHEN counter.window_ends_at > now() THEN counter.window_ends_at ELSE excluded.window_ends_at END
      RETURNING hits, ${millisecondsLeft} AS "ttlMs"`.execute(this.db);
    return rows[0]!;
  }

  /** The current window's count without counting a request; undefined when no window is running. */
  async read(limiter: string, key: string): Promise<RateLimitCount | undefined> {
    const { rows } = await sql<RateLimitCount>`
      SELECT hits, ${millisecondsLeft} AS "ttlMs" FROM rate_limit_counters
      WHERE limiter = ${limiter} AND key = ${key} AND window_ends_at > now()`.execute(this.db);
    return rows[0];
  }

  /** Deletes the counters whose window has ended (a later request would start again at 1 anyway). */
  async sweep(): Promise<number> {
    const result = await sql`DELETE FROM rate_limit_counters WHERE window_ends_at <= now()`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}

/** Rounded up, so that a window still running never reads as over (Retry-After 0). */
const millisecondsLeft = sql`ceil(extract(epoch FROM window_ends_at - now()) * 1000)::float8`;
