/**
 * The account lifecycle's writes: the single-use tokens of the account e-mails (table
 * account_tokens, migration 008) and what redeeming one changes, each in one transaction with the
 * token's redemption, so that a token works once even when its link is opened twice at the same
 * moment, and a refused change spends nothing. Also the profile's own fields and the password.
 *
 * A token is random (256 bits) and only its SHA-256 is stored. Times come from the database's
 * clock, so API processes whose clocks differ agree on what has expired.
 */
import { randomBytes } from 'node:crypto';
import { sql, type ColumnType, type Generated, type Kysely, type Updateable } from 'kysely';
import { ACCOUNT_TOKEN_TTL_SECONDS, type AccountTokenPurpose } from '@catchment/domain';
import type { ClientsTable, Database } from '../db/schema.js';
import type { ClientRow } from '../clients/clients.repository.js';
import { hashToken } from '../auth/sessions.repository.js';

export interface AccountTokensTable {
  id: Generated<number>;
  client_id: number;
  purpose: AccountTokenPurpose;
  token_hash: string;
  new_email: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type Tables = Database & { account_tokens: AccountTokensTable };

/** A token as found by its value, whatever its state. */
export interface AccountToken {
  id: number;
  clientId: number;
  purpose: AccountTokenPurpose;
  newEmail: string | null;
  /** Spent: redeemed, or made void by a newer token or an e-mail change. */
  used: boolean;
  expired: boolean;
}

/** The profile fields a user may change (updateClientInfo): null clears one, undefined leaves it. */
export type ProfileChanges = Pick<Updateable<ClientsTable>,
  'first_name' | 'last_name' | 'phone' | 'company' | 'company_sector' | 'vat' | 'address_line1' | 'address_line2' | 'country' | 'postal_code' | 'city'>;

/** Spent and expired tokens are deleted once they are this old (a link opened again meanwhile still says what happened). */
const KEEP_SPENT_TOKENS_SECONDS = 30 * 86_400;
const SWEEP_EVERY_MS = 3_600_000;

/** PostgreSQL's unique_violation. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export class AccountsRepository {
  private readonly db: Kysely<Tables>;
  private lastSweep = 0;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ account_tokens: AccountTokensTable }>();
  }

  /**
   * A new token for the client, valid for its purpose's lifetime (ACCOUNT_TOKEN_TTL_SECONDS).
   * `supersede`: the client's unspent tokens of the same purpose are made void (a newer reset
   * link, a newer e-mail change, replaces the older ones).
   */
  async issue(clientId: number, purpose: AccountTokenPurpose, options: { newEmail?: string; supersede: boolean }): Promise<string> {
    await this.sweepNowAndThen();
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction().execute(async (trx) => {
      if (options.supersede) {
        await trx.updateTable('account_tokens').set({ used_at: sql`now()` })
          .where('client_id', '=', clientId).where('purpose', '=', purpose).where('used_at', 'is', null)
          .execute();
      }
      await trx.insertInto('account_tokens').values({
        client_id: clientId,
        purpose,
        token_hash: hashToken(token),
        new_email: options.newEmail ?? null,
        expires_at: sql`now() + make_interval(secs => ${ACCOUNT_TOKEN_TTL_SECONDS[purpose]})`,
      }).execute();
    });
    return token;
  }

  /** The token of this value and purpose, spent or not; undefined when there is none. */
  async find(token: string, purpose: AccountTokenPurpose): Promise<AccountToken | undefined> {
    const row = await this.db.selectFrom('account_tokens')
      .select(['id', 'client_id', 'purpose', 'new_email', 'used_at', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return row && { id: row.id, clientId: row.client_id, purpose: row.purpose, newEmail: row.new_email, used: row.used_at !== null, expired: row.expired };
  }

  /** How many tokens of this purpose the client was given in the last `seconds`. */
  async countIssuedSince(clientId: number, purpose: AccountTokenPurpose, seconds: number): Promise<number> {
    const row = await this.db.selectFrom('account_tokens')
      .select(sql<number>`count(*)::int`.as('issued'))
      .where('client_id', '=', clientId).where('purpose', '=', purpose)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .executeTakeFirstOrThrow();
    return Number(row.issued);
  }

  /** Marks the address verified and spends the token; undefined if the token was spent meanwhile. */
  async verifyEmail(tokenId: number, clientId: number): Promise<ClientRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await redeem(trx, tokenId))) return undefined;
      return trx.updateTable('clients')
        .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
        .where('id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Sets the new password, spends the token and ends every session of the client; the address is
   * verified too, since the link reached it. False if the token was spent meanwhile.
   */
  async resetPassword(tokenId: number, clientId: number, passwordHash: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await redeem(trx, tokenId))) return false;
      await trx.updateTable('clients')
        .set({ password_hash: passwordHash, email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
        .where('id', '=', clientId)
        .execute();
      await trx.updateTable('sessions').set({ closed_at: new Date() }).where('client_id', '=', clientId).where('closed_at', 'is', null).execute();
      return true;
    });
  }

  /**
   * Moves the account to the token's new address, verified, and spends the token and every other
   * unspent token of the client (links sent to the former address no longer work). 'taken' when
   * another account has the address (nothing changes), 'spent' if the token was spent meanwhile.
   */
  async changeEmail(tokenId: number, clientId: number, newEmail: string): Promise<ClientRow | 'taken' | 'spent'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await redeem(trx, tokenId))) return 'spent' as const;
        const row = await trx.updateTable('clients')
          .set({ email: newEmail, email_verified_at: sql`now()`, updated_at: new Date() })
          .where('id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.updateTable('account_tokens').set({ used_at: sql`now()` })
          .where('client_id', '=', clientId).where('used_at', 'is', null)
          .execute();
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** Whether an account other than `exceptClientId` has this address (any case). */
  async emailTaken(email: string, exceptClientId: number): Promise<boolean> {
    const row = await this.db.selectFrom('clients').select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('id', '!=', exceptClientId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets the password and ends the client's other sessions (`keepSessionId` stays open). */
  async changePassword(clientId: number, passwordHash: string, keepSessionId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('clients').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', clientId).execute();
      await trx.updateTable('sessions').set({ closed_at: new Date() })
        .where('client_id', '=', clientId).where('closed_at', 'is', null).where('id', '!=', keepSessionId)
        .execute();
    });
  }

  async updateProfile(clientId: number, changes: ProfileChanges): Promise<ClientRow> {
    return this.db.updateTable('clients')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', clientId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private async sweepNowAndThen(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.db.deleteFrom('account_tokens')
      .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${KEEP_SPENT_TOKENS_SECONDS})`)
      .execute();
  }
}

/** Spends an unspent, unexpired token; false when it was spent or expired meanwhile. */
async function redeem(trx: Kysely<Tables>, tokenId: number): Promise<boolean> {
  const row = await trx.updateTable('account_tokens').set({ used_at: sql`now()` })
    .where('id', '=', tokenId).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
