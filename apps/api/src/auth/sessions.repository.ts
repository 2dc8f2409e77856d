import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Only a hash of the token is stored: a leaked sessions table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface ActiveSession { id: number; clientId: number; expiresAt: Date }

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(clientId: number, ttlSeconds: number): Promise<{ token: string; session: ActiveSession }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const row = await this.db.insertInto('sessions')
      .values({ client_id: clientId, token_hash: hashToken(token), expires_at: expiresAt })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return { token, session: { id: row.id, clientId, expiresAt } };
  }

  async findActive(token: string): Promise<ActiveSession | undefined> {
    const row = await this.db.selectFrom('sessions')
      .select(['id', 'client_id', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .where('closed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row && { id: row.id, clientId: row.client_id, expiresAt: new Date(row.expires_at) };
  }

  async describe(sessionId: number, details: { fingerprint?: string | undefined; lng?: number | undefined; lat?: number | undefined }): Promise<void> {
    await this.db.updateTable('sessions')
      .set({ fingerprint: details.fingerprint ?? null, lng: details.lng ?? null, lat: details.lat ?? null })
      .where('id', '=', sessionId)
      .execute();
  }

  async close(sessionId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ closed_at: new Date() }).where('id', '=', sessionId).execute();
  }
}
