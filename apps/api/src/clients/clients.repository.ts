import { sql, type Kysely, type Selectable } from 'kysely';
import type { User } from '@catchment/domain';
import type { ClientsTable, Database } from '../db/schema.js';

export type ClientRow = Selectable<ClientsTable>;

export interface NewClient {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  company?: string | undefined;
  companySector?: string | undefined;
  phone?: string | undefined;
  country?: string | undefined;
  referrer?: string | undefined;
}

export function toUser(row: ClientRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    companySector: row.company_sector,
    phone: row.phone,
    country: row.country,
    product: row.product,
    features: [],
    lastAccessedMapId: row.last_accessed_map_id,
    date: row.created_at.toISOString(),
  };
}

export class ClientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a client; undefined when the email is already taken (checked by the unique index, race-free). */
  async create(client: NewClient): Promise<ClientRow | undefined> {
    return this.db.insertInto('clients')
      .values({
        email: client.email,
        password_hash: client.passwordHash,
        first_name: client.firstName,
        last_name: client.lastName,
        company: client.company ?? null,
        company_sector: client.companySector ?? null,
        phone: client.phone ?? null,
        country: client.country ?? null,
        referrer: client.referrer ?? null,
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findByEmail(email: string): Promise<ClientRow | undefined> {
    return this.db.selectFrom('clients').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  }

  findById(id: number): Promise<ClientRow | undefined> {
    return this.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setLastAccessedMap(clientId: number, mapId: number): Promise<void> {
    await this.db.updateTable('clients').set({ last_accessed_map_id: mapId }).where('id', '=', clientId).execute();
  }
}
