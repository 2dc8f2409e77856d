/**
 * A store for @fastify/rate-limit that counts in the database (rate_limit_counters), so that the
 * API processes behind one load balancer enforce each limit together instead of each allowing it
 * once. One statement per counted request; expired counters are swept now and then.
 *
 * The plugin makes one store per limit with `child(options)`: a route's limit is named by its
 * method and path, the same in every process. A limiter made with `app.createRateLimit` has no
 * route, so all of them share one name: their key generators must say which limiter a key is for
 * (e.g. `login-per-socket:<address>`).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { RateLimitCountersRepository, type RateLimitCount } from './rate-limit-counters.repository.js';

/** How often each process deletes expired counters (every process does: deleting is idempotent). */
const SWEEP_EVERY_MS = 5 * 60_000;

const UNROUTED_LIMITER = 'unrouted';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child`: the limit's options, and the route's for a route's limit. */
interface LimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface DatabaseRateLimits {
  /** The plugin's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Stops sweeping (the server is closing). */
  close(): void;
}

export interface DatabaseRateLimitOptions {
  /**
   * Counters of another scope are not seen: each test's server starts from zero. Every process of
   * a deployment uses the default, so that they share their counts.
   */
  scope?: string;
  /** Told when a sweep fails (the next one tries again). */
  onSweepError?: (error: Error) => void;
}

export function databaseRateLimits(db: Kysely<Database>, options: DatabaseRateLimitOptions = {}): DatabaseRateLimits {
  const counters = new RateLimitCountersRepository(db);
  const scope = options.scope ?? '';
  const sweeper = setInterval(() => {
    counters.sweep().catch((error: unknown) => options.onSweepError?.(error as Error));
  }, SWEEP_EVERY_MS);
  // Sweeping never keeps a process alive on its own.
  sweeper.unref();

  class ScopedStore extends DatabaseRateLimitStore {
    constructor(globalOptions: FastifyRateLimitOptions) {
      super(counters, scope, limiterName(globalOptions as LimitOptions));
    }
  }
  return { Store: ScopedStore, close: () => clearInterval(sweeper) };
}

export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  /** The limiter's name in the table. */
  private readonly name: string;

  constructor(
    private readonly counters: RateLimitCountersRepository,
    private readonly scope: string,
    limiter: string,
  ) {
    this.name = scope === '' ? limiter : `${scope}:${limiter}`;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    answer(this.counters.hit(this.name, String(key), timeWindow), callback);
  }

  /** For `createRateLimit(...)(request, { increment: false })`: the count so far, not counting this request. */
  read(key: string, callback: Callback): void {
    answer(this.counters.read(this.name, String(key)), callback);
  }

  /** `limit`: typed by the plugin as the route's options, it is the limit's options with the route's as `routeInfo`. */
  child(limit: object): DatabaseRateLimitStore {
    const options = limit as LimitOptions;
    // Not counted here: a limit asking for them would silently mean something else.
    if (options.continueExceeding || options.exponentialBackoff) {
      throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
    }
    return new DatabaseRateLimitStore(this.counters, this.scope, limiterName(options));
  }
}

/** `POST /api/auth/login` for a route's limit, the same in every process. */
function limiterName({ routeInfo }: LimitOptions): string {
  if (!routeInfo?.url) return UNROUTED_LIMITER;
  const method = Array.isArray(routeInfo.method) ? routeInfo.method.join(',') : routeInfo.method ?? '';
  return `${method} ${routeInfo.url}`;
}

function answer(count: Promise<RateLimitCount | undefined>, callback: Callback): void {
  count.then(
    (result) => callback(null, { current: result?.hits ?? 0, ttl: result?.ttlMs ?? 0 }),
    (error: unknown) => callback(error as Error),
  );
}
