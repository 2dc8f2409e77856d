/** App keys and their monthly call counts, as stored (migration 013). */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppKeyKind, PlanHolder } from '@catchment/domain';
import type { AppKeysTable, Database } from '../db/schema.js';

export type AppKeyRow = Selectable<AppKeysTable>;

/** A live key with the plan of the account it acts for. */
export interface KeyHolder { key: AppKeyRow; plan: PlanHolder }

const newKey = (kind: AppKeyKind) => `${kind}_${randomBytes(24).toString('base64url')}`;

export class AppKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's live keys of these kinds, issuing the missing ones (once, however many ask at the same time). */
  async issueMissing(clientId: number, kinds: readonly AppKeyKind[]): Promise<void> {
    if (kinds.length === 0) return;
    await this.db.insertInto('app_keys')
      .values(kinds.map((kind) => ({ key: newKey(kind), client_id: clientId, kind })))
      // The partial unique index of live keys per kind: a key already live stays.
      .onConflict((oc) => oc.columns(['client_id', 'kind']).where('revoked_at', 'is', null).doNothing())
      .execute();
  }

  /** The account's live keys, demo first. */
  live(clientId: number): Promise<AppKeyRow[]> {
    return this.db.selectFrom('app_keys').selectAll()
      .where('client_id', '=', clientId).where('revoked_at', 'is', null)
      .orderBy('kind').execute();
  }

  /** The live key of this text and the plan of its account; undefined for a key never issued or revoked. */
  async holder(key: string): Promise<KeyHolder | undefined> {
    const row = await this.db.selectFrom('app_keys')
      .innerJoin('clients', 'clients.id', 'app_keys.client_id')
      .selectAll('app_keys').select(['clients.product', 'clients.product_end_date'])
      .where('app_keys.key', '=', key).where('app_keys.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { product, product_end_date: productEndDate, ...stored } = row;
    return { key: stored, plan: { product, productEndDate } };
  }

  /** Revokes one of the account's live keys; false when it holds no such key. */
  async revoke(clientId: number, key: string): Promise<boolean> {
    const result = await this.db.updateTable('app_keys').set({ revoked_at: new Date() })
      .where('client_id', '=', clientId).where('key', '=', key).where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Counts one answered call of a key in a month. */
  async countCall(keyId: number, month: string, call: string): Promise<void> {
    await this.db.insertInto('app_key_usage').values({ app_key_id: keyId, month, call, calls: 1 })
      .onConflict((oc) => oc.columns(['app_key_id', 'month', 'call']).doUpdateSet({ calls: sql`app_key_usage.calls + 1` }))
      .execute();
  }

  /** Calls of each key in a month, every call together (keys without any are absent). */
  async callsIn(keyIds: readonly number[], month: string): Promise<Map<number, number>> {
    if (keyIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('app_key_usage')
      .select(['app_key_id', (eb) => eb.fn.sum<string>('calls').as('calls')])
      .where('app_key_id', 'in', keyIds).where('month', '=', month)
      .groupBy('app_key_id').execute();
    return new Map(rows.map((row) => [row.app_key_id, Number(row.calls)]));
  }
}
