/**
 * The maps module's repositories over one database handle. `transaction()` gives the same
 * repositories bound to a transaction, so a write and its version bump commit or fail together.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AreasRepository } from './areas.repository.js';
import { FoldersRepository } from './folders.repository.js';
import { MapsRepository } from './maps.repository.js';

export class MapStore {
  readonly maps: MapsRepository;
  readonly folders: FoldersRepository;
  readonly areas: AreasRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.maps = new MapsRepository(db);
    this.folders = new FoldersRepository(db);
    this.areas = new AreasRepository(db);
  }

  /**
   * Runs `work` in a transaction; it must use only the store it is given (on PGlite the
   * transaction holds the one connection, so a query through another handle would wait forever).
   * 'repeatable read' gives several reads one snapshot (a document whose version matches its content).
   */
  transaction<T>(work: (store: MapStore) => Promise<T>, options: { isolation?: 'repeatable read' } = {}): Promise<T> {
    const transaction = options.isolation ? this.db.transaction().setIsolationLevel(options.isolation) : this.db.transaction();
    return transaction.execute((trx) => work(new MapStore(trx)));
  }
}
