/** SQL of the local provider's payment pages (local_checkouts). */
import type { Kysely, Selectable } from 'kysely';
import type { BillingDetails, BillingPeriod, Currency, InvoiceLine, PaidPlan } from '@catchment/domain';
import type { Database, LocalCheckoutsTable } from '../../../db/schema.js';
import type { BilledAmounts } from '../../billing-provider.js';

export type CheckoutKind = 'subscribe' | 'upgrade' | 'invoice';
export type CheckoutStatus = 'open' | 'paid' | 'expired';

export interface LocalCheckout extends BilledAmounts {
  id: string;
  clientId: number;
  subscriptionId: number | null;
  invoiceId: number | null;
  kind: CheckoutKind;
  product: PaidPlan;
  period: BillingPeriod;
  licences: number;
  pinPacks: number;
  status: CheckoutStatus;
  createdAt: Date;
  expiresAt: Date;
}

export type NewLocalCheckout = Omit<LocalCheckout, 'status' | 'createdAt'>;

function toCheckout(row: Selectable<LocalCheckoutsTable>): LocalCheckout {
  return {
    id: row.id,
    clientId: row.client_id,
    subscriptionId: row.subscription_id,
    invoiceId: row.invoice_id,
    kind: row.kind as CheckoutKind,
    product: row.product as PaidPlan,
    period: row.period as BillingPeriod,
    licences: row.licences,
    pinPacks: row.pin_packs,
    currency: row.currency as Currency,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    taxRateBasisPoints: row.tax_rate,
    taxReason: row.tax_reason,
    lines: row.lines as InvoiceLine[],
    billedTo: (row.billed_to ?? null) as BillingDetails | null,
    status: row.status as CheckoutStatus,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

export class LocalCheckoutsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(checkout: NewLocalCheckout): Promise<void> {
    await this.db.insertInto('local_checkouts').values({
      id: checkout.id,
      client_id: checkout.clientId,
      subscription_id: checkout.subscriptionId,
      invoice_id: checkout.invoiceId,
      kind: checkout.kind,
      product: checkout.product,
      period: checkout.period,
      licences: checkout.licences,
      pin_packs: checkout.pinPacks,
      currency: checkout.currency,
      subtotal: checkout.subtotal,
      tax: checkout.tax,
      total: checkout.total,
      tax_rate: checkout.taxRateBasisPoints,
      tax_reason: checkout.taxReason,
      lines: JSON.stringify(checkout.lines),
      billed_to: checkout.billedTo ? JSON.stringify(checkout.billedTo) : null,
      status: 'open',
      expires_at: checkout.expiresAt,
    }).execute();
  }

  async find(id: string, options: { lock?: boolean } = {}): Promise<LocalCheckout | undefined> {
    let query = this.db.selectFrom('local_checkouts').selectAll().where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toCheckout(row);
  }

  async close(id: string, status: Exclude<CheckoutStatus, 'open'>, at: Date): Promise<void> {
    await this.db.updateTable('local_checkouts').set({ status, completed_at: at }).where('id', '=', id).execute();
  }
}
