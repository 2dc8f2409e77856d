/**
 * The territorial data as the services read it: the repository of the database's live units, and
 * what this process keeps of it per data version (the kinds loaded, the national measures): small
 * summaries, never units. The data version is read from the database on use, so an import made by
 * any process (or the command line) is seen by the next request, with nothing to reload.
 */
import type { Kysely } from 'kysely';
import type { AdministrativeKind } from '@catchment/domain';
import type { Database } from '../../db/schema.js';
import { TerritoryRepository, type KindCounts } from './territory-repository.js';

export interface DataSnapshot {
  version: number;
  kinds: KindCounts[];
  /** `country|measure` for every measure a national kind has. */
  nationalData: Set<string>;
}

export class TerritoryData {
  readonly units: TerritoryRepository;
  private cached: { version: number; snapshot: Promise<DataSnapshot> } | undefined;

  constructor(db: Kysely<Database>) {
    this.units = new TerritoryRepository(db);
  }

  /** The data as of now: its version and summaries (computed once per version). */
  async snapshot(): Promise<DataSnapshot> {
    const version = await this.units.dataVersion();
    if (this.cached?.version !== version) {
      const snapshot = Promise.all([this.units.kinds(), this.units.nationalData()]).then(([kinds, nationalData]) => ({ version, kinds, nationalData }));
      this.cached = { version, snapshot };
      snapshot.catch(() => { if (this.cached?.snapshot === snapshot) this.cached = undefined; });
    }
    return this.cached.snapshot;
  }

  async loadedKinds(): Promise<Set<AdministrativeKind>> {
    return new Set((await this.snapshot()).kinds.map((summary) => summary.kind));
  }
}
