/**
 * The built-in provider (BILLING_PROVIDER=local, the default): the whole subscription lifecycle
 * with no account anywhere and no money moving. Its payment page is the web app's
 * /app/payment/{product}?checkout={id}, plainly in test mode, which reads the checkout
 * (GET /api/billing/checkouts/{id}) and confirms it (POST .../confirm): that is this provider's
 * "payment succeeded" event. Renewals and failed payments are played from the data command line
 * (local-renewals.ts). Our own tables are its books: its subscription ids are ours to make, and
 * what it schedules or cancels is already in the subscription row the service writes.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DomainError, addBillingPeriod, applyPaidUpgrade, linesTotal, periodLines, upgradeCharge, withTax,
  type InvoiceLine, type PlanSelection, type SubscriptionState,
} from '@catchment/domain';
import type { Database } from '../../../db/schema.js';
import type {
  BillingEvent, BillingProvider, CheckoutRequest, CheckoutStarted, ProviderInvoice, ProviderSubscription,
} from '../../billing-provider.js';
import { applyBillingEvent } from '../../billing-ledger.js';
import { BillingRepository, type SubscriptionRecord } from '../../billing.repository.js';
import { LocalCheckoutsRepository, type LocalCheckout } from './local-checkouts.repository.js';
import { localCheckoutRoutes } from './local.routes.js';

export const LOCAL_PROVIDER = 'local';
/** How long a payment page stays payable. */
const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The subscription as this provider reports it: its state, with a payment method on file once something was paid. */
export function localProviderView(record: Pick<SubscriptionRecord, 'providerSubscriptionId' | 'providerCustomerId' | 'currency' | 'hasPaymentMethod'>, state: SubscriptionState, hasPaymentMethod = record.hasPaymentMethod): ProviderSubscription {
  return {
    providerSubscriptionId: record.providerSubscriptionId!,
    providerCustomerId: record.providerCustomerId,
    selection: state.selection,
    currency: record.currency,
    status: state.status,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pending: state.pending,
    next: state.next,
    hasPaymentMethod,
  };
}

/** A test-mode invoice number: TEST-<year>-<sequence>. */
export async function localInvoiceNumber(repository: BillingRepository, at: Date): Promise<string> {
  return `TEST-${at.getUTCFullYear()}-${String(await repository.nextInvoiceSequence()).padStart(6, '0')}`;
}

function sameSelection(a: PlanSelection | null, b: PlanSelection): boolean {
  return a !== null && a.product === b.product && a.period === b.period && a.licences === b.licences && a.pinPacks === b.pinPacks;
}

export class LocalBillingProvider implements BillingProvider {
  readonly name = LOCAL_PROVIDER;
  readonly testMode = true;
  readonly routes;
  private readonly checkouts: LocalCheckoutsRepository;
  private readonly billing: BillingRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.checkouts = new LocalCheckoutsRepository(db);
    this.billing = new BillingRepository(db);
    this.routes = localCheckoutRoutes(this);
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const now = new Date();
    const priced = await this.price(request, now);
    const id = token('cs_test');
    await this.checkouts.create({
      id,
      clientId: request.customer.clientId,
      subscriptionId: request.kind === 'subscribe' ? null : request.subscription.id,
      invoiceId: request.kind === 'invoice' ? request.invoiceId : null,
      kind: request.kind,
      product: priced.selection.product,
      period: priced.selection.period,
      licences: priced.selection.licences,
      pinPacks: priced.selection.pinPacks,
      currency: request.kind === 'subscribe' ? request.currency : request.subscription.currency,
      ...priced.amounts,
      lines: priced.lines,
      billedTo: request.customer.details,
      expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
    return { id, url: `/app/payment/${priced.selection.product}?checkout=${id}` };
  }

  /** What the page charges: a period of the new plan, an upgrade's prorated lines, or the open invoice as it stands. */
  private async price(request: CheckoutRequest, now: Date) {
    if (request.kind === 'invoice') {
      const invoice = await this.billing.findInvoice(request.invoiceId);
      if (!invoice || invoice.status !== 'open') throw new DomainError('noOpenInvoice');
      return {
        selection: request.subscription.state.selection,
        lines: invoice.lines,
        amounts: { subtotal: invoice.subtotal, tax: invoice.tax, total: invoice.total, taxRateBasisPoints: invoice.taxRateBasisPoints, taxReason: invoice.taxReason },
      };
    }
    let lines: InvoiceLine[];
    if (request.kind === 'subscribe') {
      lines = periodLines(request.selection, request.currency);
    } else {
      const { state, currency } = request.subscription;
      lines = upgradeCharge(state.selection, { start: state.currentPeriodStart, end: state.currentPeriodEnd ?? now }, request.selection, currency, now).lines;
    }
    const taxed = withTax(linesTotal(lines), request.tax.rateBasisPoints);
    return {
      selection: request.selection,
      lines,
      amounts: { subtotal: taxed.excludingTax, tax: taxed.tax, total: taxed.includingTax, taxRateBasisPoints: request.tax.rateBasisPoints, taxReason: request.tax.reason },
    };
  }

  /** The payment page's checkout; only its own client may read it (anyone else: not found). */
  async findCheckout(id: string, clientId: number): Promise<LocalCheckout> {
    const checkout = await this.checkouts.find(id);
    if (!checkout || checkout.clientId !== clientId) throw new DomainError('checkoutNotFound');
    if (checkout.status === 'open' && checkout.expiresAt.getTime() <= Date.now()) return { ...checkout, status: 'expired' };
    return checkout;
  }

  /**
   * The test-mode page's "pay" button: the payment succeeds (or, `declined`, is refused and nothing
   * changes), and what it paid for takes effect: a new subscription, the pending upgrade, or the
   * open invoice. One transaction: the checkout is paid once, whatever the clicks.
   */
  async confirm(id: string, clientId: number, outcome: 'paid' | 'declined'): Promise<{ checkout: LocalCheckout }> {
    return this.db.transaction().execute(async (trx) => {
      const billing = new BillingRepository(trx);
      const checkouts = new LocalCheckoutsRepository(trx);
      const checkout = await checkouts.find(id, { lock: true });
      if (!checkout || checkout.clientId !== clientId) throw new DomainError('checkoutNotFound');
      const now = new Date();
      if (checkout.status !== 'open' || checkout.expiresAt.getTime() <= now.getTime()) throw new DomainError('checkoutClosed');
      if (outcome === 'declined') throw new DomainError('paymentDeclined');
      for (const event of await this.paidEvents(billing, checkout, now)) await applyBillingEvent(billing, this.name, event);
      await checkouts.close(id, 'paid', now);
      return { checkout: { ...checkout, status: 'paid' } };
    });
  }

  private async paidEvents(billing: BillingRepository, checkout: LocalCheckout, now: Date): Promise<BillingEvent[]> {
    const selection: PlanSelection = { product: checkout.product, period: checkout.period, licences: checkout.licences, pinPacks: checkout.pinPacks };
    const invoice = async (reason: string, periodStart: Date, periodEnd: Date): Promise<ProviderInvoice> => ({
      providerInvoiceId: token('in_test'),
      number: await localInvoiceNumber(billing, now),
      issuedAt: now,
      currency: checkout.currency,
      subtotal: checkout.subtotal,
      tax: checkout.tax,
      total: checkout.total,
      taxRateBasisPoints: checkout.taxRateBasisPoints,
      taxReason: checkout.taxReason,
      status: 'paid',
      reason,
      periodStart,
      periodEnd,
      lines: checkout.lines,
      billedTo: checkout.billedTo,
      hostedUrl: null,
      downloadUrl: null,
      paidAt: now,
    });

    if (checkout.kind === 'subscribe') {
      const periodEnd = addBillingPeriod(now, selection.period);
      return [{
        type: 'subscriptionStarted',
        ownerId: checkout.clientId,
        subscription: {
          providerSubscriptionId: token('sub_test'), providerCustomerId: `cus_test_${checkout.clientId}`, selection, currency: checkout.currency,
          status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, pending: null, next: null, hasPaymentMethod: true,
        },
        invoice: await invoice('subscribe', now, periodEnd),
      }];
    }

    const subscription = checkout.subscriptionId === null ? undefined : await billing.findById(checkout.subscriptionId, { lock: true });
    if (!subscription || subscription.provider !== this.name || subscription.state.status === 'ended') throw new DomainError('checkoutClosed');
    const { state } = subscription;

    if (checkout.kind === 'upgrade') {
      // Only the upgrade still waiting may be paid: a newer request replaced an older page.
      if (!sameSelection(state.pending, selection) || state.status !== 'active' || state.cancelAtPeriodEnd) throw new DomainError('checkoutClosed');
      const newPeriod = selection.product !== state.selection.product || selection.period !== state.selection.period;
      const periodStart = newPeriod ? now : state.currentPeriodStart;
      const periodEnd = newPeriod ? addBillingPeriod(now, selection.period) : state.currentPeriodEnd!;
      const upgraded = applyPaidUpgrade(state, { selection, periodStart, periodEnd });
      return [{ type: 'subscriptionUpdated', subscription: localProviderView(subscription, upgraded, true), invoice: await invoice('upgrade', periodStart, periodEnd) }];
    }

    const open = checkout.invoiceId === null ? undefined : await billing.findInvoice(checkout.invoiceId);
    if (!open || open.status !== 'open') throw new DomainError('checkoutClosed');
    const settled: SubscriptionState = { ...state, status: state.status === 'past_due' ? 'active' : state.status };
    return [{
      type: 'subscriptionUpdated',
      subscription: localProviderView(subscription, settled, true),
      invoice: { ...open, status: 'paid', paidAt: now, billedTo: checkout.billedTo },
    }];
  }

  /** Our rows are this provider's books: what the service wrote is what it holds. */
  async scheduleChange(): Promise<void> {}
  async setCancelAtPeriodEnd(): Promise<void> {}
  async updateCustomer(): Promise<void> {}

  /** No portal of its own: payment methods do not exist in test mode; the subscription page is ours. */
  async customerPortal(): Promise<{ url: string }> {
    return { url: '/app/profile/subscription' };
  }

  /** Nothing calls the local provider back: its events come from its own page and the command line. */
  async parseWebhook(): Promise<BillingEvent[]> {
    throw new DomainError('notFound');
  }
}
