/**
 * The data versions a count is for, kept between counts while nothing can have changed them.
 * Reading them is one round trip per count (count-versions.repository.ts), as long as the count
 * itself when it is made in the API process; so on PostgreSQL each process keeps the last versions
 * read and drops them when the database announces a new version (migration
 * 023_data_versions_notify.sql: a trigger notifies on every change, whoever makes it). The cache is
 * used only while that announcement can be heard: without a listener (the embedded database, whose
 * notifications reach only the connection that sent them) or while the listener reconnects, the
 * versions are read at every count, and a reconnection drops what was kept.
 *
 * A count that began before a change committed may use the versions it read before: it counts the
 * data as it was when it was asked, as a count that read them itself would have. A change made by
 * this process's loaders drops the versions kept as soon as it commits (db/data-versions-signal.ts);
 * one made by another process, once its announcement arrives (well under a millisecond on a
 * local server): a count asked in between counts the data of just before it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { onDataVersionsMoved } from '../../db/data-versions-signal.js';
import { countVersions, type CountVersions } from './count-versions.repository.js';

/** The channel migration 023 notifies on. */
export const DATA_VERSIONS_CHANNEL = 'catchment_data_versions';

/** What the cache needs of a LISTEN connection (db/pg-channel-listener.ts). */
export interface VersionsAnnouncements {
  readonly listening: boolean;
  onNotification(listener: (payload: string) => void): () => void;
  onReconnected(listener: () => void): () => void;
}

export class CountVersionsCache {
  private kept: Promise<CountVersions> | undefined;
  /** How many reads went to the database (for the tests and the bench). */
  reads = 0;

  constructor(private readonly db: Kysely<Database>, private readonly announcements?: VersionsAnnouncements) {
    announcements?.onNotification(() => this.drop());
    announcements?.onReconnected(() => this.drop());
    // This process's own imports: dropped at once, not when the announcement comes back.
    onDataVersionsMoved(() => this.drop());
  }

  read(): Promise<CountVersions> {
    if (!this.announcements?.listening) return this.query();
    if (this.kept) return this.kept;
    const reading = this.query();
    this.kept = reading;
    // A failed read is not kept: the next count tries again.
    reading.catch(() => { if (this.kept === reading) this.kept = undefined; });
    return reading;
  }

  private query(): Promise<CountVersions> {
    this.reads += 1;
    return countVersions(this.db);
  }

  private drop(): void {
    this.kept = undefined;
  }
}
