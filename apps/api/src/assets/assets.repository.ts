/** An account's report images (migration 024); the only code that reads or writes them. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Everything of an image but its bytes: what the list shows. */
export interface AssetRecord {
  id: string;
  name: string;
  contentType: string;
  byteLength: number;
  widthPixels: number;
  heightPixels: number;
  sha256: string;
  createdAt: Date;
}

export interface StoredAsset extends AssetRecord {
  content: Buffer;
}

export type NewAsset = Omit<StoredAsset, 'createdAt'>;

const SUMMARY_COLUMNS = [
  'id', 'name', 'content_type as contentType', 'byte_length as byteLength', 'width_pixels as widthPixels',
  'height_pixels as heightPixels', 'sha256', 'created_at as createdAt',
] as const;

export class AssetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` with the account's images locked against other uploads (its client row, FOR
   * UPDATE, as the datasets' imports do): the count is read and an image added by one upload at a
   * time, across API processes, so that the cap holds.
   */
  withAccountLocked<T>(clientId: number, work: (tx: AssetsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
      return work(new AssetsRepository(tx as Transaction<Database>));
    });
  }

  async count(clientId: number): Promise<number> {
    const row = await this.db.selectFrom('assets').select((eb) => eb.fn.countAll<string>().as('count')).where('client_id', '=', clientId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The account's images, newest first (the id orders two of the same instant, so the order never changes between reads). */
  list(clientId: number): Promise<AssetRecord[]> {
    return this.db.selectFrom('assets').select(SUMMARY_COLUMNS)
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc')
      .execute();
  }

  /** One image of the account with its bytes; undefined when it has none of that id. */
  find(clientId: number, assetId: string): Promise<StoredAsset | undefined> {
    return this.db.selectFrom('assets').select([...SUMMARY_COLUMNS, 'content'])
      .where('client_id', '=', clientId).where('id', '=', assetId)
      .executeTakeFirst();
  }

  /** Adds an image, dated by the database's clock (to the microsecond, so that the list's order is the uploads'). */
  async insert(clientId: number, asset: NewAsset): Promise<AssetRecord> {
    return this.db.insertInto('assets').values({
      id: asset.id, client_id: clientId, name: asset.name, content_type: asset.contentType, content: asset.content,
      byte_length: asset.byteLength, width_pixels: asset.widthPixels, height_pixels: asset.heightPixels, sha256: asset.sha256,
    }).returning(SUMMARY_COLUMNS).executeTakeFirstOrThrow();
  }

  /**
   * Deletes those of `assetIds` that are the account's, all or none: when one is not, nothing is
   * deleted and the ones missing are returned.
   */
  deleteAll(clientId: number, assetIds: readonly string[]): Promise<{ deleted: string[] } | { missing: string[] }> {
    return this.db.transaction().execute(async (tx) => {
      const rows = await tx.deleteFrom('assets').where('client_id', '=', clientId).where('id', 'in', [...assetIds]).returning('id').execute();
      const deleted = new Set(rows.map((row) => row.id));
      const missing = assetIds.filter((id) => !deleted.has(id));
      // Thrown, the transaction rolls the deletions back; caught here, its answer names the missing ones.
      if (missing.length > 0) throw new MissingAssets(missing);
      return { deleted: assetIds.filter((id) => deleted.has(id)) };
    }).catch((error: unknown) => {
      if (error instanceof MissingAssets) return { missing: error.ids };
      throw error;
    });
  }
}

class MissingAssets extends Error {
  constructor(readonly ids: string[]) {
    super('some images are not the account\'s');
  }
}
