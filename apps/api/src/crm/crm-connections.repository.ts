/** An account's CRM connections as stored (migration 018). Tokens leave only through `tokensOf`, sealed. */
import type { Kysely, Selectable } from 'kysely';
import type { CrmConnectionState, CrmConnectionView, CrmType } from '@catchment/domain';
import type { CrmConnectionsTable, Database } from '../db/schema.js';

export type CrmConnectionRow = Selectable<CrmConnectionsTable>;

/** The sealed tokens of a connection (token-cipher.ts). */
export interface SealedTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

const VIEW_COLUMNS = ['id', 'type', 'state', 'remote_account_id', 'created_at', 'updated_at'] as const;

type ViewRow = Pick<CrmConnectionRow, (typeof VIEW_COLUMNS)[number]>;

export function connectionView(row: ViewRow): CrmConnectionView {
  return {
    id: row.id, type: row.type, state: row.state as CrmConnectionState, remoteAccountId: row.remote_account_id,
    createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export class CrmConnectionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The connection of this account to this CRM account, new or renewed (connected, with the new tokens). */
  async save(clientId: number, type: CrmType, remoteAccountId: string, tokens: SealedTokens): Promise<CrmConnectionView> {
    const values = { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, access_token_expires_at: tokens.expiresAt, state: 'connected' as const };
    const row = await this.db.insertInto('crm_connections')
      .values({ client_id: clientId, type, remote_account_id: remoteAccountId, ...values })
      .onConflict((oc) => oc.columns(['client_id', 'type', 'remote_account_id']).doUpdateSet({ ...values, updated_at: new Date() }))
      .returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
    return connectionView(row);
  }

  list(clientId: number): Promise<ViewRow[]> {
    return this.db.selectFrom('crm_connections').select(VIEW_COLUMNS).where('client_id', '=', clientId).orderBy('id').execute();
  }

  /** The account's connection of that id; undefined for another account's or none. */
  find(clientId: number, id: number): Promise<ViewRow | undefined> {
    return this.db.selectFrom('crm_connections').select(VIEW_COLUMNS).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  }

  /** The sealed tokens of a connection. */
  async tokensOf(id: number): Promise<SealedTokens | undefined> {
    const row = await this.db.selectFrom('crm_connections').select(['access_token', 'refresh_token', 'access_token_expires_at'])
      .where('id', '=', id).executeTakeFirst();
    return row && { accessToken: row.access_token, refreshToken: row.refresh_token, expiresAt: new Date(row.access_token_expires_at) };
  }

  /** New tokens of a connection (a refresh, or a reconnection of the same CRM account): connected again. */
  async saveTokens(id: number, tokens: SealedTokens): Promise<void> {
    await this.db.updateTable('crm_connections')
      .set({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, access_token_expires_at: tokens.expiresAt, state: 'connected', updated_at: new Date() })
      .where('id', '=', id).execute();
  }

  async markExpired(id: number): Promise<void> {
    await this.db.updateTable('crm_connections').set({ state: 'expired', updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** Deletes the account's connection (its synchronised lists with it); false when there was none. */
  async remove(clientId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('crm_connections').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
