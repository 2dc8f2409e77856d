/**
 * The login_failures table: one row per wrong password given to an account by a claimed client,
 * and one per attempt whose password is still being checked. Times come from the database's clock,
 * so API processes whose clocks differ still agree on what is inside the window.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FailureHistory } from './login-throttle-policy.js';

export interface LoginFailuresTable {
  id: string;
  account_key: string;
  client: string;
  failed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type Tables = Database & { login_failures: LoginFailuresTable };

export class LoginFailuresRepository {
  private readonly db: Kysely<Tables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ login_failures: LoginFailuresTable }>();
  }

  /** Records an attempt as a failure until it is known to be right; returns its id. */
  async reserve(accountKey: string, client: string): Promise<string> {
    const id = randomUUID();
    await this.db.insertInto('login_failures').values({ id, account_key: accountKey, client }).execute();
    return id;
  }

  /** The failures within the window other than attempt `exceptId`: this client's, and the account's count. */
  async history(accountKey: string, client: string, windowSeconds: number, exceptId: string): Promise<FailureHistory> {
    const since = sql<Date>`now() - make_interval(secs => ${windowSeconds})`;
    const [expiries, account] = await Promise.all([
      this.db.selectFrom('login_failures')
        .select(sql<number>`extract(epoch from failed_at + make_interval(secs => ${windowSeconds}) - now())::float8`.as('expires_in'))
        .where('account_key', '=', accountKey)
        .where('client', '=', client)
        .where('failed_at', '>', since)
        .where('id', '<>', exceptId)
        .orderBy('failed_at')
        .execute(),
      this.db.selectFrom('login_failures')
        .select(sql<number>`count(*)::int`.as('failures'))
        .where('account_key', '=', accountKey)
        .where('failed_at', '>', since)
        .where('id', '<>', exceptId)
        .executeTakeFirstOrThrow(),
    ]);
    return { clientExpiries: expiries.map((row) => Number(row.expires_in)), accountFailures: Number(account.failures) };
  }

  /** Drops one attempt (refused before its password was checked, so it is not a failure). */
  async forget(id: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('id', '=', id).execute();
  }

  /** Drops every failure of the account (after a successful log-in). */
  async clear(accountKey: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
  }

  /** Deletes the rows that no longer count anywhere. */
  async sweep(windowSeconds: number): Promise<void> {
    await this.db.deleteFrom('login_failures').where('failed_at', '<=', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
  }
}
