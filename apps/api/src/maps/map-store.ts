/**
 * The maps module's repositories over one database handle. `transaction()` gives the same
 * repositories bound to a transaction, so a write and its version bump commit or fail together.
 * The store also tells the map's viewers, through the event bus, that a committed write moved it on.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { AreasRepository } from './areas.repository.js';
import { FoldersRepository } from './folders.repository.js';
import { listSyncEvent, mapAccessEvent } from './map-events.js';
import { MapsRepository, type MapRow } from './maps.repository.js';

export class MapStore {
  readonly maps: MapsRepository;
  readonly folders: FoldersRepository;
  readonly areas: AreasRepository;

  /** Without `events` (tests, the data command line), nobody is told about changes. */
  constructor(private readonly db: Kysely<Database>, private readonly events?: EventBus) {
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
    // The store inside the transaction has no bus: nothing is announced before the commit.
    return transaction.execute((trx) => work(new MapStore(trx)));
  }

  /** Announces a committed write (list-sync to the map's room): other viewers refetch the map. */
  announceNewVersion(map: MapRow): void {
    this.events?.publish(listSyncEvent(map));
  }

  /** Announces a committed change of who may read the map (a member removed, made private, deleted): followers who lost it are dropped. */
  announceAccessChange(mapId: number): void {
    this.events?.publish(mapAccessEvent(mapId));
  }
}
