/** The CRM lists synchronised as datasets, as stored (migration 018). */
import type { Kysely, Selectable } from 'kysely';
import type { CrmSynchronizedListView, CrmSyncStatus } from '@catchment/domain';
import type { CrmSynchronizedListsTable, Database } from '../db/schema.js';

export type SynchronizedListRow = Selectable<CrmSynchronizedListsTable>;

export interface NewSynchronizedList {
  connectionId: number;
  remoteListId: string;
  name: string;
  objectType: 'contacts' | 'companies';
  address: Record<string, string>;
  properties: string[];
  datasetId: number;
}

/** How a synchronisation ended. */
export interface SyncOutcome {
  status: Exclude<CrmSyncStatus, 'active'>;
  error: string | null;
  recordCount?: number;
  placedCount?: number;
  notPlacedCount?: number;
}

export function synchronizedListView(row: SynchronizedListRow): CrmSynchronizedListView {
  return {
    id: row.id, connectionId: row.connection_id, remoteListId: row.remote_list_id, name: row.name, objectType: row.object_type,
    address: row.address_properties, properties: row.synchronized_properties, datasetId: row.dataset_id, status: row.status,
    lastSuccessAt: row.last_success_at ? new Date(row.last_success_at).toISOString() : null, lastError: row.last_error,
    recordCount: row.record_count, placedCount: row.placed_count, notPlacedCount: row.not_placed_count, updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export class CrmSynchronizedListsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new synchronised list, 'active' (its first synchronisation about to run); undefined when the connection has it already. */
  async create(list: NewSynchronizedList): Promise<SynchronizedListRow | undefined> {
    return this.db.insertInto('crm_synchronized_lists').values({
      connection_id: list.connectionId, remote_list_id: list.remoteListId, name: list.name, object_type: list.objectType,
      address_properties: JSON.stringify(list.address), synchronized_properties: JSON.stringify(list.properties), dataset_id: list.datasetId,
    }).onConflict((oc) => oc.columns(['connection_id', 'remote_list_id']).doNothing()).returningAll().executeTakeFirst();
  }

  /** The connection's lists, oldest first. */
  ofConnection(connectionId: number): Promise<SynchronizedListRow[]> {
    return this.db.selectFrom('crm_synchronized_lists').selectAll().where('connection_id', '=', connectionId).orderBy('id').execute();
  }

  find(connectionId: number, id: number): Promise<SynchronizedListRow | undefined> {
    return this.db.selectFrom('crm_synchronized_lists').selectAll().where('connection_id', '=', connectionId).where('id', '=', id).executeTakeFirst();
  }

  /** A list with the account its connection belongs to (the job's first read). */
  findWithAccount(id: number): Promise<(SynchronizedListRow & { client_id: number }) | undefined> {
    return this.withAccount().where('crm_synchronized_lists.id', '=', id).executeTakeFirst();
  }

  async markActive(id: number): Promise<void> {
    await this.db.updateTable('crm_synchronized_lists').set({ status: 'active', updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** A synchronisation's end: its status, counts and, after a success or a warning, when. */
  async finish(id: number, outcome: SyncOutcome): Promise<void> {
    const succeeded = outcome.status !== 'failed';
    await this.db.updateTable('crm_synchronized_lists').set({
      status: outcome.status, last_error: outcome.error, updated_at: new Date(),
      ...(succeeded ? { last_success_at: new Date() } : {}),
      ...(outcome.recordCount !== undefined ? { record_count: outcome.recordCount } : {}),
      ...(outcome.placedCount !== undefined ? { placed_count: outcome.placedCount } : {}),
      ...(outcome.notPlacedCount !== undefined ? { not_placed_count: outcome.notPlacedCount } : {}),
    }).where('id', '=', id).execute();
  }

  /**
   * Lists whose last synchronisation ended before `before` (none under way), of connections still
   * connected, with their account: the scheduler's candidates, longest waiting first.
   */
  dueForSync(before: Date, limit: number): Promise<(SynchronizedListRow & { client_id: number })[]> {
    return this.withAccount().where('crm_connections.state', '=', 'connected')
      .where('crm_synchronized_lists.status', '<>', 'active').where('crm_synchronized_lists.updated_at', '<', before)
      .orderBy('crm_synchronized_lists.updated_at').orderBy('crm_synchronized_lists.id').limit(limit).execute();
  }

  /**
   * Marks the list active if it is still due (not active, unchanged since `before`): true for the
   * one caller, of all the processes, that claimed it and so queues its synchronisation.
   */
  async claimForSync(id: number, before: Date): Promise<boolean> {
    const claimed = await this.db.updateTable('crm_synchronized_lists').set({ status: 'active', updated_at: new Date() })
      .where('id', '=', id).where('status', '<>', 'active').where('updated_at', '<', before).returning('id').executeTakeFirst();
    return claimed !== undefined;
  }

  /** Lists active since before `before`, with their account: those among them without a job were lost. */
  activeSince(before: Date): Promise<(SynchronizedListRow & { client_id: number })[]> {
    return this.withAccount().where('crm_synchronized_lists.status', '=', 'active').where('crm_synchronized_lists.updated_at', '<', before)
      .orderBy('crm_synchronized_lists.id').execute();
  }

  private withAccount() {
    return this.db.selectFrom('crm_synchronized_lists')
      .innerJoin('crm_connections', 'crm_connections.id', 'crm_synchronized_lists.connection_id')
      .selectAll('crm_synchronized_lists').select('crm_connections.client_id');
  }
}
