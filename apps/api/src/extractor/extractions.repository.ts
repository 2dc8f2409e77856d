/** A key's monthly extractions and its most recent extractions as answered, as stored (migration 028). */
import { sql, type Kysely } from 'kysely';
import type { ExtractedItem } from '@catchment/domain';
import type { Database } from '../db/schema.js';

export class ExtractionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes one of the key's extractions of the month if fewer than `max` are taken: one statement,
   * so two processes racing for the last one cannot both have it. The count taken, or undefined.
   */
  async reserve(keyId: number, month: string, max: number): Promise<number | undefined> {
    const { rows } = await sql<{ extractions: number }>`
      INSERT INTO app_key_extractions (app_key_id, month, extractions) VALUES (${keyId}, ${month}, 1)
      ON CONFLICT (app_key_id, month) DO UPDATE SET extractions = app_key_extractions.extractions + 1
        WHERE app_key_extractions.extractions < ${max}
      RETURNING extractions`.execute(this.db);
    return rows[0]?.extractions;
  }

  /** Hands back an extraction taken for a request that failed. */
  async release(keyId: number, month: string): Promise<void> {
    await this.db.updateTable('app_key_extractions').set({ extractions: sql`greatest(extractions - 1, 0)` })
      .where('app_key_id', '=', keyId).where('month', '=', month).execute();
  }

  async extractionsIn(keyId: number, month: string): Promise<number> {
    const row = await this.db.selectFrom('app_key_extractions').select('extractions')
      .where('app_key_id', '=', keyId).where('month', '=', month).executeTakeFirst();
    return row?.extractions ?? 0;
  }

  /** The items of one of the key's recent extractions, if still kept. */
  async cached(keyId: number, requestHash: string): Promise<ExtractedItem[] | undefined> {
    const row = await this.db.selectFrom('extraction_cache').select('items')
      .where('app_key_id', '=', keyId).where('request_hash', '=', requestHash).executeTakeFirst();
    return row ? (row.items as ExtractedItem[]) : undefined;
  }

  /** Keeps an extraction's items, then only the key's `keep` newest extractions (the oldest evicted). */
  async remember(keyId: number, requestHash: string, items: readonly ExtractedItem[], keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('extraction_cache').values({ app_key_id: keyId, request_hash: requestHash, items: JSON.stringify(items) })
        .onConflict((oc) => oc.columns(['app_key_id', 'request_hash']).doUpdateSet({ items: JSON.stringify(items), created_at: sql`clock_timestamp()` }))
        .execute();
      await sql`DELETE FROM extraction_cache WHERE app_key_id = ${keyId} AND request_hash NOT IN (
        SELECT request_hash FROM extraction_cache WHERE app_key_id = ${keyId} ORDER BY created_at DESC LIMIT ${keep})`.execute(trx);
    });
  }
}
