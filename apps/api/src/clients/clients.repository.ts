import { sql, type Kysely, type Selectable } from 'kysely';
import { accessOf, type AccountKind, type Plan, type PlanHolder, type SignupNeed, type User } from '@catchment/domain';
import type { ClientsTable, Database } from '../db/schema.js';

export type ClientRow = Selectable<ClientsTable>;

export interface NewClient {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  accountKind?: AccountKind | undefined;
  need?: SignupNeed | undefined;
  company?: string | undefined;
  companySector?: string | undefined;
  phone?: string | undefined;
  country?: string | undefined;
  referrer?: string | undefined;
  firstPageSeen?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
}

/** What the plan rules (packages/domain plans/) read of a stored account. */
export function planHolder(row: ClientRow | undefined): PlanHolder | undefined {
  return row ? { product: row.product, productEndDate: row.product_end_date, pinPacks: row.pin_packs } : undefined;
}

export function toUser(row: ClientRow, now: Date = new Date()): User {
  const { plan, features, pins } = accessOf(planHolder(row), now);
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    companySector: row.company_sector,
    phone: row.phone,
    country: row.country,
    product: plan.id,
    productEndDate: row.product_end_date?.toISOString() ?? null,
    features: [...features],
    pins,
    lastAccessedMapId: row.last_accessed_map_id,
    date: row.created_at.toISOString(),
    emailVerified: row.email_verified_at !== null,
    vat: row.vat,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    postalCode: row.postal_code,
    city: row.city,
    domain: row.domain,
  };
}

export interface ClientsRepositoryOptions {
  /** The plan new accounts start on (config DEFAULT_PLAN), without an end date. */
  defaultPlan?: Plan;
}

export class ClientsRepository {
  private readonly defaultPlan: Plan;

  constructor(private readonly db: Kysely<Database>, options: ClientsRepositoryOptions = {}) {
    this.defaultPlan = options.defaultPlan ?? 'default';
  }

  /** Inserts a client; undefined when the email is already taken (checked by the unique index, race-free). */
  async create(client: NewClient): Promise<ClientRow | undefined> {
    return this.db.insertInto('clients')
      .values({
        email: client.email,
        password_hash: client.passwordHash,
        first_name: client.firstName,
        last_name: client.lastName,
        account_kind: client.accountKind ?? null,
        signup_need: client.need ?? null,
        company: client.company ?? null,
        company_sector: client.companySector ?? null,
        phone: client.phone ?? null,
        country: client.country ?? null,
        referrer: client.referrer ?? null,
        first_page_seen: client.firstPageSeen ?? null,
        utm_source: client.utmSource ?? null,
        utm_medium: client.utmMedium ?? null,
        utm_campaign: client.utmCampaign ?? null,
        product: this.defaultPlan,
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

  /** Every account, oldest first (the operator's list). */
  list(): Promise<ClientRow[]> {
    return this.db.selectFrom('clients').selectAll().orderBy('id').execute();
  }

  /** Sets the plan of record and its end date (null: none); undefined when no account has the e-mail. */
  setPlan(email: string, plan: Plan, endDate: Date | null): Promise<ClientRow | undefined> {
    return this.db.updateTable('clients')
      .set({ product: plan, product_end_date: endDate, updated_at: new Date() })
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .returningAll()
      .executeTakeFirst();
  }

  async setLastAccessedMap(clientId: number, mapId: number): Promise<void> {
    await this.db.updateTable('clients').set({ last_accessed_map_id: mapId }).where('id', '=', clientId).execute();
  }
}
