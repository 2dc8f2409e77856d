/**
 * SQL of billing: subscriptions, their members, invoices, billing details, and the plan of record
 * (clients.product / product_end_date) that follows every subscription change.
 */
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  BillingDetails, BillingPeriod, CancelReason, Currency, InvoiceLine, InvoiceStatus, PaidPlan, PlanSelection, SubscriberRole,
  SubscriptionState, SubscriptionStatus,
} from '@catchment/domain';
import type { Database, InvoicesTable, SubscriptionsTable } from '../db/schema.js';
import type { ProviderInvoice, ProviderSubscription } from './billing-provider.js';

export interface SubscriptionRecord {
  id: number;
  ownerId: number;
  state: SubscriptionState;
  currency: Currency;
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  hasPaymentMethod: boolean;
  cancelReason: CancelReason | null;
  cancelComment: string | null;
  pendingCheckoutUrl: string | null;
  endedAt: Date | null;
  createdAt: Date;
}

/** What billing reads of a user: name and address (the billing details' default) and the plan of record. */
export interface ClientProfile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  country: string | null;
  vat: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  product: string;
  productEndDate: Date | null;
}

export interface MemberRow { clientId: number; email: string; firstName: string; lastName: string; role: SubscriberRole }

/** An invoice as a provider reported it, and whose subscription and client it is. */
export type NewInvoice = ProviderInvoice & { subscriptionId: number | null; clientId: number; provider: string };

/** A stored invoice (its billing address stays in the table, for the invoice's own document). */
export type InvoiceRecord = Omit<NewInvoice, 'billedTo'> & { id: number };

/** What a new subscription row holds (from a provider's report, or support's manual one). */
export type NewSubscription = Omit<ProviderSubscription, 'providerSubscriptionId'> & {
  ownerId: number;
  manual: boolean;
  provider: string;
  providerSubscriptionId: string | null;
};

/** The fields of a subscription a change may set. */
export type SubscriptionChange = Partial<Omit<NewSubscription, 'ownerId' | 'manual' | 'provider'>> & {
  ownerId?: number;
  cancelReason?: CancelReason | null;
  cancelComment?: string | null;
  cancelledAt?: Date | null;
  pendingCheckoutUrl?: string | null;
  endedAt?: Date | null;
};

type SubscriptionRow = Selectable<SubscriptionsTable>;

function selection(product: string | null, period: string | null, licences: number | null, pinPacks: number | null): PlanSelection | null {
  if (product === null || period === null) return null;
  return { product: product as PaidPlan, period: period as BillingPeriod, licences: licences ?? 1, pinPacks: pinPacks ?? 0 };
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    state: {
      selection: selection(row.product, row.period, row.licences, row.pin_packs)!,
      status: row.status as SubscriptionStatus,
      currentPeriodStart: new Date(row.current_period_start),
      currentPeriodEnd: date(row.current_period_end),
      cancelAtPeriodEnd: row.cancel_at_period_end,
      pending: selection(row.pending_product, row.pending_period, row.pending_licences, row.pending_pin_packs),
      next: selection(row.next_product, row.next_period, row.next_licences, row.next_pin_packs),
      manual: row.manual,
    },
    currency: row.currency as Currency,
    provider: row.provider,
    providerCustomerId: row.provider_customer_id,
    providerSubscriptionId: row.provider_subscription_id,
    hasPaymentMethod: row.has_payment_method,
    cancelReason: row.cancel_reason as CancelReason | null,
    cancelComment: row.cancel_comment,
    pendingCheckoutUrl: row.pending_checkout_url,
    endedAt: date(row.ended_at),
    createdAt: new Date(row.created_at),
  };
}

function toInvoice(row: Selectable<InvoicesTable>): InvoiceRecord {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    clientId: row.client_id,
    number: row.number,
    issuedAt: new Date(row.issued_at),
    currency: row.currency as Currency,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    taxRateBasisPoints: row.tax_rate,
    taxReason: row.tax_reason,
    status: row.status as InvoiceStatus,
    reason: row.reason,
    periodStart: date(row.period_start),
    periodEnd: date(row.period_end),
    lines: row.lines as InvoiceLine[],
    hostedUrl: row.hosted_url,
    downloadUrl: row.download_url,
    provider: row.provider,
    providerInvoiceId: row.provider_invoice_id,
    paidAt: date(row.paid_at),
  };
}

/** Column values of a selection under a prefix ('' for the current one, 'pending_', 'next_'). */
function selectionColumns(prefix: '' | 'pending_' | 'next_', value: PlanSelection | null): Record<string, string | number | null> {
  return {
    [`${prefix}product`]: value?.product ?? null,
    [`${prefix}period`]: value?.period ?? null,
    [`${prefix}licences`]: value?.licences ?? null,
    [`${prefix}pin_packs`]: value?.pinPacks ?? null,
  };
}

function changeColumns(change: SubscriptionChange): Updateable<SubscriptionsTable> {
  const columns: Record<string, unknown> = {};
  if (change.selection) Object.assign(columns, selectionColumns('', change.selection));
  if (change.pending !== undefined) Object.assign(columns, selectionColumns('pending_', change.pending));
  if (change.next !== undefined) Object.assign(columns, selectionColumns('next_', change.next));
  const direct: [keyof SubscriptionChange, keyof SubscriptionsTable][] = [
    ['ownerId', 'owner_id'], ['currency', 'currency'], ['status', 'status'], ['currentPeriodStart', 'current_period_start'],
    ['currentPeriodEnd', 'current_period_end'], ['cancelAtPeriodEnd', 'cancel_at_period_end'], ['providerCustomerId', 'provider_customer_id'],
    ['providerSubscriptionId', 'provider_subscription_id'], ['hasPaymentMethod', 'has_payment_method'], ['cancelReason', 'cancel_reason'],
    ['cancelComment', 'cancel_comment'], ['cancelledAt', 'cancelled_at'], ['pendingCheckoutUrl', 'pending_checkout_url'], ['endedAt', 'ended_at'],
  ];
  for (const [field, column] of direct) if (change[field] !== undefined) columns[column] = change[field];
  // A pending upgrade's page goes with it.
  if (change.pending === null) columns.pending_checkout_url = null;
  return columns as Updateable<SubscriptionsTable>;
}

export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction, with a repository over it. Nothing in `work` may use another
   * connection (another repository, a provider writing its own rows): on the embedded database a
   * transaction holds the one session until it ends, and on PostgreSQL a row it locked would make
   * the other connection wait for it.
   */
  transaction<T>(work: (repository: BillingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BillingRepository(trx)));
  }

  // ---- Users ----

  private clientQuery() {
    return this.db.selectFrom('clients').select([
      'id', 'email', 'first_name', 'last_name', 'company', 'phone', 'country', 'vat', 'address_line1', 'address_line2',
      'postal_code', 'city', 'product', 'product_end_date',
    ]);
  }

  private static toProfile(row: {
    id: number; email: string; first_name: string; last_name: string; company: string | null; phone: string | null; country: string | null;
    vat: string | null; address_line1: string | null; address_line2: string | null; postal_code: string | null; city: string | null;
    product: string; product_end_date: Date | string | null;
  }): ClientProfile {
    return {
      id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, company: row.company, phone: row.phone,
      country: row.country, vat: row.vat, addressLine1: row.address_line1, addressLine2: row.address_line2, postalCode: row.postal_code,
      city: row.city, product: row.product, productEndDate: date(row.product_end_date),
    };
  }

  async findClient(clientId: number): Promise<ClientProfile | undefined> {
    const row = await this.clientQuery().where('id', '=', clientId).executeTakeFirst();
    return row && BillingRepository.toProfile(row);
  }

  async findClientByEmail(email: string): Promise<ClientProfile | undefined> {
    const row = await this.clientQuery().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    return row && BillingRepository.toProfile(row);
  }

  // ---- Subscriptions ----

  /**
   * The live subscription the client holds a licence of, as owner (admin) or user (active). `lock`
   * holds the subscription's row until the transaction ends (FOR NO KEY UPDATE: rows referring to
   * it may still be written meanwhile).
   */
  async findMembership(clientId: number, options: { lock?: boolean } = {}): Promise<{ subscription: SubscriptionRecord; role: SubscriberRole } | undefined> {
    let query = this.db.selectFrom('subscription_members as m')
      .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
      .selectAll('s')
      .select('m.role as member_role')
      .where('m.client_id', '=', clientId);
    if (options.lock) query = query.forNoKeyUpdate('s');
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const { member_role: role, ...subscription } = row;
    return { subscription: toRecord(subscription), role: role as SubscriberRole };
  }

  /** The client's most recent subscription as owner, ended ones included. */
  async findLatestOwned(clientId: number): Promise<SubscriptionRecord | undefined> {
    const row = await this.db.selectFrom('subscriptions').selectAll().where('owner_id', '=', clientId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row && toRecord(row);
  }

  async findById(id: number, options: { lock?: boolean } = {}): Promise<SubscriptionRecord | undefined> {
    let query = this.db.selectFrom('subscriptions').selectAll().where('id', '=', id);
    if (options.lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    return row && toRecord(row);
  }

  async findByProviderId(provider: string, providerSubscriptionId: string, options: { lock?: boolean } = {}): Promise<SubscriptionRecord | undefined> {
    let query = this.db.selectFrom('subscriptions').selectAll()
      .where('provider', '=', provider).where('provider_subscription_id', '=', providerSubscriptionId);
    if (options.lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * A new subscription with its owner as admin member; undefined when the owner already owns a live
   * subscription or holds a licence of one (the unique indexes decide, race-free).
   */
  async createSubscription(values: NewSubscription): Promise<SubscriptionRecord | undefined> {
    const inserted = await this.db.insertInto('subscriptions')
      .values({
        owner_id: values.ownerId,
        ...selectionColumns('', values.selection) as { product: string; period: string; licences: number; pin_packs: number },
        currency: values.currency,
        status: values.status,
        current_period_start: values.currentPeriodStart,
        current_period_end: values.currentPeriodEnd,
        cancel_at_period_end: values.cancelAtPeriodEnd,
        ...selectionColumns('pending_', values.pending),
        ...selectionColumns('next_', values.next),
        manual: values.manual,
        provider: values.provider,
        provider_customer_id: values.providerCustomerId,
        provider_subscription_id: values.providerSubscriptionId,
        has_payment_method: values.hasPaymentMethod,
      })
      .onConflict((oc) => oc.column('owner_id').where('status', '<>', 'ended').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return undefined;
    if (!(await this.addMember(inserted.id, values.ownerId, 'admin'))) return undefined;
    return toRecord(inserted);
  }

  async updateSubscription(id: number, change: SubscriptionChange): Promise<SubscriptionRecord> {
    const row = await this.db.updateTable('subscriptions')
      .set({ ...changeColumns(change), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  // ---- Members ----

  async listMembers(subscriptionId: number): Promise<MemberRow[]> {
    const rows = await this.db.selectFrom('subscription_members as m')
      .innerJoin('clients as c', 'c.id', 'm.client_id')
      .select(['c.id', 'c.email', 'c.first_name', 'c.last_name', 'm.role'])
      .where('m.subscription_id', '=', subscriptionId)
      // The owner first, then by arrival.
      .orderBy(sql`m.role = 'admin'`, 'desc').orderBy('m.created_at').orderBy('c.id')
      .execute();
    return rows.map((r) => ({ clientId: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, role: r.role as SubscriberRole }));
  }

  async countMembers(subscriptionId: number): Promise<number> {
    const row = await this.db.selectFrom('subscription_members').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Gives the client a licence; false when they hold one already (of this or another subscription). */
  async addMember(subscriptionId: number, clientId: number, role: SubscriberRole): Promise<boolean> {
    const inserted = await this.db.insertInto('subscription_members')
      .values({ subscription_id: subscriptionId, client_id: clientId, role })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .returning('client_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async removeMember(subscriptionId: number, clientId: number): Promise<boolean> {
    const removed = await this.db.deleteFrom('subscription_members')
      .where('subscription_id', '=', subscriptionId).where('client_id', '=', clientId)
      .returning('client_id').executeTakeFirst();
    return removed !== undefined;
  }

  /** Makes `newOwnerId` the admin and the former owner an active user, in that order (one admin at a time). */
  async transferOwnership(subscriptionId: number, formerOwnerId: number, newOwnerId: number): Promise<void> {
    await this.db.updateTable('subscription_members').set({ role: 'active' })
      .where('subscription_id', '=', subscriptionId).where('client_id', '=', formerOwnerId).execute();
    await this.db.updateTable('subscription_members').set({ role: 'admin' })
      .where('subscription_id', '=', subscriptionId).where('client_id', '=', newOwnerId).execute();
    await this.db.updateTable('subscriptions').set({ owner_id: newOwnerId, updated_at: new Date() }).where('id', '=', subscriptionId).execute();
  }

  async removeAllMembers(subscriptionId: number): Promise<void> {
    await this.db.deleteFrom('subscription_members').where('subscription_id', '=', subscriptionId).execute();
  }

  // ---- The plan of record ----

  /**
   * Copies the subscription's plan and end onto the plan of record of its owner and every member,
   * the one thing the features follow (plans/access.ts): the period's end while it runs (none for a
   * manual subscription without an end), the moment it ended once over; and its extra pin packs onto
   * the owner's account alone, who bought them (members keep their plan's own pins). Called after
   * every change.
   */
  async syncPlanOfRecord(subscriptionId: number): Promise<void> {
    await sql`
      UPDATE clients SET
        product = s.product,
        product_end_date = CASE WHEN s.status = 'ended' THEN coalesce(s.ended_at, now()) ELSE s.current_period_end END,
        pin_packs = CASE WHEN clients.id = s.owner_id AND s.status <> 'ended' THEN s.pin_packs ELSE 0 END,
        updated_at = now()
      FROM subscription_members m
      JOIN subscriptions s ON s.id = m.subscription_id
      WHERE m.subscription_id = ${subscriptionId} AND clients.id = m.client_id
    `.execute(this.db);
  }

  /** A user who lost their licence is back on the free plan. */
  async resetPlanOfRecord(clientId: number): Promise<void> {
    await this.db.updateTable('clients').set({ product: 'default', product_end_date: null, pin_packs: 0, updated_at: new Date() })
      .where('id', '=', clientId).execute();
  }

  // ---- Invoices ----

  /** Records an invoice, or updates the one the provider reported before (status, amounts, links). */
  async upsertInvoice(invoice: NewInvoice): Promise<InvoiceRecord> {
    const values = {
      subscription_id: invoice.subscriptionId,
      client_id: invoice.clientId,
      number: invoice.number,
      issued_at: invoice.issuedAt,
      currency: invoice.currency,
      subtotal: invoice.subtotal,
      tax: invoice.tax,
      total: invoice.total,
      tax_rate: invoice.taxRateBasisPoints,
      tax_reason: invoice.taxReason,
      status: invoice.status,
      reason: invoice.reason,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      lines: JSON.stringify(invoice.lines),
      billed_to: invoice.billedTo ? JSON.stringify(invoice.billedTo) : null,
      hosted_url: invoice.hostedUrl,
      download_url: invoice.downloadUrl,
      provider: invoice.provider,
      provider_invoice_id: invoice.providerInvoiceId,
      paid_at: invoice.paidAt,
    };
    const row = await this.db.insertInto('invoices').values(values)
      .onConflict((oc) => oc.columns(['provider', 'provider_invoice_id']).doUpdateSet({
        status: values.status, paid_at: values.paid_at, subtotal: values.subtotal, tax: values.tax, total: values.total,
        tax_rate: values.tax_rate, tax_reason: values.tax_reason, lines: values.lines, number: values.number,
        hosted_url: values.hosted_url, download_url: values.download_url,
        subscription_id: values.subscription_id,
      }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toInvoice(row);
  }

  /** Invoices of the subscriptions the client owns and those billed to the client, newest first. */
  async listInvoices(clientId: number): Promise<InvoiceRecord[]> {
    const rows = await this.db.selectFrom('invoices').selectAll()
      .where((eb) => eb.or([
        eb('client_id', '=', clientId),
        eb('subscription_id', 'in', eb.selectFrom('subscriptions').select('id').where('owner_id', '=', clientId)),
      ]))
      .orderBy('issued_at', 'desc').orderBy('id', 'desc')
      .execute();
    return rows.map(toInvoice);
  }

  async findInvoice(id: number): Promise<InvoiceRecord | undefined> {
    const row = await this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toInvoice(row);
  }

  /** The subscription's open invoice (a renewal whose payment failed), the latest if several. */
  async findOpenInvoice(subscriptionId: number): Promise<InvoiceRecord | undefined> {
    const row = await this.db.selectFrom('invoices').selectAll()
      .where('subscription_id', '=', subscriptionId).where('status', '=', 'open')
      .orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row && toInvoice(row);
  }

  /** An ended subscription's open invoices will not be paid: they become uncollectible (shown Unpaid). */
  async closeOpenInvoices(subscriptionId: number): Promise<void> {
    await this.db.updateTable('invoices').set({ status: 'uncollectible' })
      .where('subscription_id', '=', subscriptionId).where('status', '=', 'open').execute();
  }

  /** The next number of the invoices we number ourselves. */
  async nextInvoiceSequence(): Promise<number> {
    const result = await sql<{ n: number }>`SELECT nextval('invoice_numbers')::integer AS n`.execute(this.db);
    return result.rows[0]!.n;
  }

  // ---- Billing details ----

  async findBillingDetails(clientId: number): Promise<BillingDetails | undefined> {
    const row = await this.db.selectFrom('billing_details').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row && {
      firstName: row.first_name, lastName: row.last_name, company: row.company, vat: row.vat,
      addressLine1: row.address_line1, addressLine2: row.address_line2, postalCode: row.postal_code, city: row.city,
      country: row.country, phone: row.phone,
    };
  }

  async saveBillingDetails(clientId: number, details: BillingDetails): Promise<void> {
    const values = {
      first_name: details.firstName, last_name: details.lastName, company: details.company, vat: details.vat,
      address_line1: details.addressLine1, address_line2: details.addressLine2, postal_code: details.postalCode,
      city: details.city, country: details.country, phone: details.phone, updated_at: new Date(),
    };
    await this.db.insertInto('billing_details').values({ client_id: clientId, ...values })
      .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
      .execute();
  }
}
