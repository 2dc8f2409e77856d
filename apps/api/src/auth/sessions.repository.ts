import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_SESSION_IDLE_DAYS } from '@catchment/domain';
import type { Database } from '../db/schema.js';

/** Only a hash of the token is stored: a leaked sessions table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface ActiveSession {
  id: number;
  clientId: number;
  /** The absolute end, SESSION_TTL_SECONDS after the log-in. */
  expiresAt: Date;
  /** When the session ends if it is not used before: its last recorded use plus the idle timeout. */
  idleExpiresAt: Date;
  /** When the password was last typed again in this session (POST /Clients/verify/password). */
  passwordConfirmedAt: Date | null;
}

/** When the session ends unless it is used again: the earlier of its two ends. */
export function sessionEndsAt(session: ActiveSession): Date {
  return session.idleExpiresAt < session.expiresAt ? session.idleExpiresAt : session.expiresAt;
}

/** A session's last use is written at most this often: not a write per request. */
export const SESSION_LAST_USE_RESOLUTION_MS = 60_000;

export interface SessionsRepositoryOptions {
  /** A session unused for this long is over (SESSION_IDLE_DAYS). */
  idleSeconds?: number;
}

export class SessionsRepository {
  private readonly idleMs: number;

  constructor(private readonly db: Kysely<Database>, options: SessionsRepositoryOptions = {}) {
    this.idleMs = (options.idleSeconds ?? DEFAULT_SESSION_IDLE_DAYS * 86_400) * 1000;
  }

  async create(clientId: number, ttlSeconds: number): Promise<{ token: string; session: ActiveSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = new Date(now + ttlSeconds * 1000);
    const row = await this.db.insertInto('sessions')
      .values({ client_id: clientId, token_hash: hashToken(token), expires_at: expiresAt, last_used_at: new Date(now) })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return { token, session: { id: row.id, clientId, expiresAt, idleExpiresAt: new Date(now + this.idleMs), passwordConfirmedAt: null } };
  }

  /**
   * The open session of this token, neither expired nor idle for too long; its use is recorded
   * (when the last one recorded is over a minute old), which keeps it from going idle.
   */
  async findActive(token: string): Promise<ActiveSession | undefined> {
    const now = Date.now();
    const row = await this.db.selectFrom('sessions')
      .select(['id', 'client_id', 'expires_at', 'last_used_at', 'password_confirmed_at'])
      .where('token_hash', '=', hashToken(token))
      .where('closed_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .where('last_used_at', '>', new Date(now - this.idleMs))
      .executeTakeFirst();
    if (!row) return undefined;
    let lastUsedAt = new Date(row.last_used_at);
    if (now - lastUsedAt.getTime() >= SESSION_LAST_USE_RESOLUTION_MS) {
      lastUsedAt = new Date(now);
      await this.db.updateTable('sessions').set({ last_used_at: lastUsedAt }).where('id', '=', row.id).execute();
    }
    return {
      id: row.id,
      clientId: row.client_id,
      expiresAt: new Date(row.expires_at),
      idleExpiresAt: new Date(lastUsedAt.getTime() + this.idleMs),
      passwordConfirmedAt: row.password_confirmed_at && new Date(row.password_confirmed_at),
    };
  }

  /** Notes that the user typed the password again in this session. */
  async confirmPassword(sessionId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ password_confirmed_at: new Date() }).where('id', '=', sessionId).execute();
  }

  /** Ends every open session of the client but `exceptSessionId` (none: all of them). */
  async closeAllOf(clientId: number, exceptSessionId?: number): Promise<void> {
    let update = this.db.updateTable('sessions').set({ closed_at: new Date() })
      .where('client_id', '=', clientId)
      .where('closed_at', 'is', null);
    if (exceptSessionId !== undefined) update = update.where('id', '!=', exceptSessionId);
    await update.execute();
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
