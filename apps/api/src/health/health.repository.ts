import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A round trip to the database: throws when it does not answer. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}
