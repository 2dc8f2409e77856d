/**
 * Payments through Stripe (BILLING_PROVIDER=stripe): Checkout Sessions for new subscriptions,
 * subscription updates paid before they apply (pending updates) for upgrades, subscription
 * schedules for changes at the period's end, the hosted invoice page for an open invoice, and the
 * Customer Portal for payment methods and invoices. Stripe's webhooks report back what happened
 * (stripe-events.ts); nothing here writes our tables.
 *
 * Plans map to Stripe prices by lookup key (stripe-prices.ts), taxes follow our own treatment
 * (stripe-tax.ts). docs/billing.md says what an operator sets up in Stripe.
 */
import Stripe from 'stripe';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError, type Currency, type PlanSelection, type TaxTreatment } from '@catchment/domain';
import type {
  BillingCustomer, BillingEvent, BillingProvider, CheckoutRequest, CheckoutReturn, CheckoutStarted,
} from '../../billing-provider.js';
import type { SubscriptionRecord } from '../../billing.repository.js';
import { taxForDetails } from '../../billing-customers.js';
import { StripePriceCatalogue } from './stripe-catalogue.js';
import { billingEvents, type StripeReader } from './stripe-events.js';
import { METADATA, objectId } from './stripe-objects.js';
import { selectionItems, type PriceKind } from './stripe-prices.js';
import { StripeTaxRates, taxExempt, vatTaxId } from './stripe-tax.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * This installation's public address, written on the Stripe objects it creates: events about
   * another installation's customers (sharing the Stripe account) are left alone.
   */
  installation: string;
  /** Applies the events of a verified webhook to our tables (the ledger, in one transaction); without it no webhook route is served. */
  applyEvents?: (events: BillingEvent[]) => Promise<void>;
  /** Where the SDK sends its requests, when not to Stripe's API (a local server in tests). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** What the subscription is read with: its customer (default payment method) and its schedule's phases. */
const SUBSCRIPTION_EXPAND = ['customer', 'schedule.phases.items.price'];

/** Turns the SDK's failures into the API's error (502, the cause in the operator's log); ours pass through. */
async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      throw new DomainError('paymentProvider', { operatorHint: `Stripe ${error.type}${error.code ? ` (${error.code})` : ''}: ${error.message}` });
    }
    throw error;
  }
}

function subscriptionId(record: SubscriptionRecord): string {
  if (!record.providerSubscriptionId) throw new DomainError('paymentProvider', { operatorHint: `Subscription ${record.id} has no Stripe subscription id` });
  return record.providerSubscriptionId;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

export class StripeProvider implements BillingProvider {
  readonly name = 'stripe';
  /** A test-mode key moves no money (Stripe's test cards); the pages say so as for the local provider. */
  readonly testMode: boolean;
  readonly routes?: FastifyPluginAsync;
  readonly stripe: Stripe;
  private readonly prices: StripePriceCatalogue;
  private readonly taxRates: StripeTaxRates;
  private readonly reader: StripeReader;

  constructor(private readonly options: StripeProviderOptions) {
    this.testMode = /^(sk|rk)_test_/.test(options.secretKey);
    this.stripe = new Stripe(options.secretKey, {
      ...(options.api ?? {}),
      appInfo: { name: 'catchment' },
      telemetry: false,
    });
    this.prices = new StripePriceCatalogue(this.stripe);
    this.taxRates = new StripeTaxRates(this.stripe);
    this.reader = {
      subscription: (id) => this.stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }),
      invoice: (id) => this.stripe.invoices.retrieve(id),
      customerSubscriptions: async (customer) => {
        const all = await this.stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
        const live = all.data.filter((subscription) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired');
        return Promise.all(live.map((subscription) => this.reader.subscription(subscription.id)));
      },
    };
    if (options.applyEvents) this.routes = stripeWebhookRoutes(this, options.applyEvents);
  }

  private get marks() {
    return { [METADATA.installation]: this.options.installation };
  }

  // ---- Payment pages ----

  startCheckout(request: CheckoutRequest, back: CheckoutReturn): Promise<CheckoutStarted> {
    return stripeCall(async () => {
      switch (request.kind) {
        case 'subscribe': return this.subscribe(request.customer, request.selection, request.currency, request.tax, back);
        case 'upgrade': return this.upgrade(request.subscription, request.selection, request.tax, back);
        case 'invoice': return this.openInvoice(request.subscription);
      }
    });
  }

  /** A Checkout Session in subscription mode; the subscription exists once Stripe reports it paid (checkout.session.completed). */
  private async subscribe(customer: BillingCustomer, selection: PlanSelection, currency: Currency, tax: TaxTreatment, back: CheckoutReturn): Promise<CheckoutStarted> {
    const items = selectionItems(selection, currency).filter((item) => item.quantity > 0);
    const [customerId, priceIds, taxRates] = await Promise.all([
      this.ensureCustomer(customer, tax), this.prices.priceIds(items.map((item) => item.price)), this.taxRates.forTreatment(tax),
    ]);
    const clientId = String(customer.clientId);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: clientId,
      line_items: items.map((item, index) => ({ price: priceIds[index]!, quantity: item.quantity })),
      subscription_data: {
        ...(taxRates.length ? { default_tax_rates: taxRates } : {}),
        metadata: { ...this.marks, [METADATA.clientId]: clientId, [METADATA.taxReason]: tax.reason },
      },
      metadata: { ...this.marks, [METADATA.clientId]: clientId },
      locale: customer.locale,
      success_url: back.successUrl,
      cancel_url: back.cancelUrl,
    });
    if (!session.url) throw new DomainError('paymentProvider', { operatorHint: `Stripe Checkout Session ${session.id} has no URL` });
    return { id: session.id, url: session.url };
  }

  /**
   * The upgrade as a subscription update that applies only once paid (payment_behavior
   * pending_if_incomplete): Stripe charges the proration at once (proration_behavior
   * always_invoice); a new plan or period starts a new period now (billing_cycle_anchor now), as
   * our pricing does. Paid on the spot with the card on file, the update has applied and the user
   * goes straight back; otherwise the open invoice's page takes the payment.
   */
  private async upgrade(record: SubscriptionRecord, target: PlanSelection, tax: TaxTreatment, back: CheckoutReturn): Promise<CheckoutStarted> {
    const id = subscriptionId(record);
    const subscription = await this.stripe.subscriptions.retrieve(id);
    // A pending update takes no tax settings: the rates change first, on their own.
    const taxRates = await this.taxRates.forTreatment(tax);
    if (!sameIds((subscription.default_tax_rates ?? []).map((rate) => rate.id), taxRates)) {
      await this.stripe.subscriptions.update(id, { default_tax_rates: taxRates.length ? taxRates : '', metadata: { [METADATA.taxReason]: tax.reason } });
    }
    const current = record.state.selection;
    const newPeriod = target.product !== current.product || target.period !== current.period;
    const updated = await this.stripe.subscriptions.update(id, {
      items: await this.upgradeItems(subscription, target, record.currency),
      payment_behavior: 'pending_if_incomplete',
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: newPeriod ? 'now' : 'unchanged' },
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice && typeof updated.latest_invoice !== 'string' ? updated.latest_invoice : null;
    if (updated.pending_update && invoice?.status === 'open' && invoice.hosted_invoice_url) return { id: invoice.id!, url: invoice.hosted_invoice_url };
    if (updated.pending_update) throw new DomainError('paymentProvider', { operatorHint: `Stripe left subscription ${id}'s upgrade pending without an open invoice to pay` });
    return { id: invoice?.id ?? updated.id, url: back.successUrl };
  }

  /**
   * The update's items: each of ours (plan, extra users, pin packs) moved to the target's price and
   * quantity, kept with quantity 0 when no longer bought (a pending update cannot remove an item),
   * added when new.
   */
  private async upgradeItems(subscription: Stripe.Subscription, target: PlanSelection, currency: Currency): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const held = subscription.items.data.map((item) => ({ id: item.id, kind: this.prices.kindOf(item.price)?.kind }));
    const wanted: { id?: string; price: PriceKind; quantity: number }[] = [];
    for (const item of selectionItems(target, currency)) {
      const existing = held.find((candidate) => candidate.kind === item.price.kind);
      if (existing) wanted.push({ id: existing.id, ...item });
      else if (item.quantity > 0) wanted.push(item);
    }
    const priceIds = await this.prices.priceIds(wanted.map((item) => item.price));
    return wanted.map((item, index) => ({ ...(item.id ? { id: item.id } : {}), price: priceIds[index]!, quantity: item.quantity }));
  }

  /** The open invoice of a failed renewal (or a pending upgrade), paid on Stripe's hosted invoice page. */
  private async openInvoice(record: SubscriptionRecord): Promise<CheckoutStarted> {
    const open = await this.stripe.invoices.list({ subscription: subscriptionId(record), status: 'open', limit: 10 });
    const invoice = open.data.find((candidate) => candidate.hosted_invoice_url);
    if (!invoice) throw new DomainError('noOpenInvoice');
    return { id: invoice.id!, url: invoice.hosted_invoice_url! };
  }

  // ---- Changes to a running subscription ----

  /**
   * A change at the period's end is a subscription schedule of two phases: the current one as it
   * is, then `next` for one period, after which the schedule lets the subscription go on as it then
   * is (end_behavior release). Taking the change back releases the schedule.
   */
  scheduleChange(record: SubscriptionRecord, next: PlanSelection | null): Promise<void> {
    return stripeCall(async () => {
      const id = subscriptionId(record);
      const subscription = await this.stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
      const existing = subscription.schedule && typeof subscription.schedule !== 'string' ? subscription.schedule : null;
      if (!next) {
        if (existing) await this.stripe.subscriptionSchedules.release(existing.id);
        return;
      }
      const schedule = existing ?? await this.stripe.subscriptionSchedules.create({ from_subscription: id });
      const current = schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0];
      if (!current) throw new DomainError('paymentProvider', { operatorHint: `Stripe schedule ${schedule.id} has no current phase` });
      const items = selectionItems(next, record.currency).filter((item) => item.quantity > 0);
      const priceIds = await this.prices.priceIds(items.map((item) => item.price));
      const taxRates = (subscription.default_tax_rates ?? []).map((rate) => rate.id);
      const metadata = subscription.metadata ?? {};
      await this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            start_date: current.start_date,
            end_date: current.end_date,
            items: current.items.map((item) => ({ price: objectId(item.price)!, quantity: item.quantity ?? 1 })),
            default_tax_rates: taxRates,
            metadata,
          },
          {
            items: items.map((item, index) => ({ price: priceIds[index]!, quantity: item.quantity })),
            duration: { interval: next.period === 'monthly' ? 'month' : 'year', interval_count: 1 },
            proration_behavior: 'none',
            default_tax_rates: taxRates,
            metadata,
          },
        ],
      });
    });
  }

  /**
   * Cancelling drops a scheduled change first (its schedule released) and, on Stripe's side, an
   * upgrade still waiting for its payment; reactivating clears the end, whether set at the period's
   * end or, from the customer portal, at a date.
   */
  setCancelAtPeriodEnd(record: SubscriptionRecord, cancel: boolean): Promise<void> {
    return stripeCall(async () => {
      const id = subscriptionId(record);
      const subscription = await this.stripe.subscriptions.retrieve(id);
      if (cancel) {
        const scheduleId = objectId(subscription.schedule);
        if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
        await this.stripe.subscriptions.update(id, { cancel_at_period_end: true });
      } else {
        const portalDate = subscription.cancel_at !== null && !subscription.cancel_at_period_end;
        await this.stripe.subscriptions.update(id, portalDate ? { cancel_at: '' } : { cancel_at_period_end: false });
      }
    });
  }

  /** The customer's name, address, language, tax exemption and VAT number; the subscription's tax rates and owner. */
  updateCustomer(record: SubscriptionRecord, customer: BillingCustomer): Promise<void> {
    return stripeCall(async () => {
      const customerId = record.providerCustomerId ?? customer.providerCustomerId;
      if (!customerId) return;
      const tax = taxForDetails(customer.details);
      await this.stripe.customers.update(customerId, this.customerFields(customer, tax));
      await this.syncTaxId(customerId, customer.details.vat);
      if (!record.providerSubscriptionId || record.state.status === 'ended') return;
      const taxRates = await this.taxRates.forTreatment(tax);
      await this.stripe.subscriptions.update(record.providerSubscriptionId, {
        default_tax_rates: taxRates.length ? taxRates : '',
        metadata: { [METADATA.clientId]: String(customer.clientId), [METADATA.taxReason]: tax.reason },
      });
    });
  }

  customerPortal(record: SubscriptionRecord, returnUrl: string): Promise<{ url: string }> {
    return stripeCall(async () => {
      if (!record.providerCustomerId) throw new DomainError('paymentProvider', { operatorHint: `Subscription ${record.id} has no Stripe customer` });
      const session = await this.stripe.billingPortal.sessions.create({ customer: record.providerCustomerId, return_url: returnUrl });
      return { url: session.url };
    });
  }

  // ---- Webhooks ----

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<BillingEvent[]> {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw new DomainError('webhookRejected');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch {
      throw new DomainError('webhookRejected');
    }
    return stripeCall(() => billingEvents(event, {
      reader: this.reader, installation: this.options.installation, lookupKeyOf: (price) => this.prices.lookupKeyOf(price),
    }));
  }

  // ---- Customers ----

  private customerFields(customer: BillingCustomer, tax: TaxTreatment): Stripe.CustomerUpdateParams {
    const details = customer.details;
    const hasAddress = Boolean(details.addressLine1 || details.city || details.postalCode || details.country);
    return {
      email: customer.email,
      name: customer.name,
      phone: details.phone ?? '',
      preferred_locales: [customer.locale],
      ...(hasAddress ? {
        address: {
          line1: details.addressLine1 ?? '', line2: details.addressLine2 ?? '', postal_code: details.postalCode ?? '', city: details.city ?? '',
          ...(details.country ? { country: details.country } : {}),
        },
      } : {}),
      tax_exempt: taxExempt(tax.reason),
      metadata: { ...this.marks, [METADATA.clientId]: String(customer.clientId) },
    };
  }

  /**
   * The client's Stripe customer: the one the subscription names, else the one this installation
   * made for the client before (an abandoned checkout, an ended subscription), else a new one.
   * Its details are brought up to date either way.
   */
  private async ensureCustomer(customer: BillingCustomer, tax: TaxTreatment): Promise<string> {
    let customerId = customer.providerCustomerId;
    if (!customerId) {
      const sameEmail = await this.stripe.customers.list({ email: customer.email, limit: 100 });
      customerId = sameEmail.data.find((candidate) => candidate.metadata?.[METADATA.clientId] === String(customer.clientId)
        && candidate.metadata[METADATA.installation] === this.options.installation)?.id ?? null;
    }
    if (customerId) {
      await this.stripe.customers.update(customerId, this.customerFields(customer, tax));
      await this.syncTaxId(customerId, customer.details.vat);
      return customerId;
    }
    const taxId = vatTaxId(customer.details.vat);
    const created = await this.stripe.customers.create({
      ...this.customerFields(customer, tax) as Stripe.CustomerCreateParams,
      ...(taxId ? { tax_id_data: [taxId] } : {}),
    });
    return created.id;
  }

  /** The customer's tax ids become the VAT number's, or none. */
  private async syncTaxId(customerId: string, vat: string | null): Promise<void> {
    const wanted = vatTaxId(vat);
    const held = await this.stripe.customers.listTaxIds(customerId, { limit: 100 });
    const matches = (taxId: Stripe.TaxId) => wanted !== null && taxId.type === wanted.type && taxId.value === wanted.value;
    for (const taxId of held.data) if (!matches(taxId)) await this.stripe.customers.deleteTaxId(customerId, taxId.id);
    if (wanted && !held.data.some(matches)) await this.stripe.customers.createTaxId(customerId, wanted);
  }
}
