/**
 * The seam between our subscriptions and whoever takes the payments. The service decides what a
 * request means (SPEC §4 rules, packages/domain billing); a provider makes the payments happen and
 * reports back, as events, what its side now holds. The events are the only way a provider changes
 * our tables (billing-ledger.ts applies them), whether they arrive from a webhook (Stripe) or from
 * our own test-mode payment page (the local provider).
 *
 * A provider implementation lives in providers/<name>/ and is chosen by BILLING_PROVIDER
 * (providers/index.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type {
  BillingDetails, Currency, InvoiceLine, InvoiceStatus, Locale, PlanSelection, SubscriptionState, TaxTreatment,
} from '@catchment/domain';
import type { SubscriptionRecord } from './billing.repository.js';

/** The paying customer, as a provider's customer record needs it. */
export interface BillingCustomer {
  clientId: number;
  email: string;
  name: string;
  locale: Locale;
  /** The billing address (saved, or the profile's until saved); null fields are unknown. */
  details: BillingDetails;
  /** The provider's id of this customer, once it has one (kept on the subscription). */
  providerCustomerId: string | null;
}

/**
 * A payment the user makes on a page: a new subscription, an upgrade of a live one (SPEC §4: it
 * stays pending until paid), or the open invoice of a failed renewal ("pay now").
 */
export type CheckoutRequest =
  | { kind: 'subscribe'; customer: BillingCustomer; selection: PlanSelection; currency: Currency; tax: TaxTreatment }
  | { kind: 'upgrade'; customer: BillingCustomer; subscription: SubscriptionRecord; selection: PlanSelection; tax: TaxTreatment }
  | { kind: 'invoice'; customer: BillingCustomer; subscription: SubscriptionRecord; invoiceId: number };

/** Where the user goes to pay, and the provider's id of that payment page. */
export interface CheckoutStarted { id: string; url: string }

/** Absolute addresses in the web app a provider's page sends the user back to. */
export interface CheckoutReturn { successUrl: string; cancelUrl: string }

/**
 * A subscription as the provider holds it; the ledger copies it onto ours. Its state is ours
 * (packages/domain billing) but for `manual`, which only support sets: `pending` is an upgrade
 * waiting for its payment (Stripe: the subscription's pending_update), `next` what starts with the
 * next period (Stripe: the subscription schedule's next phase).
 */
export type ProviderSubscription = Omit<SubscriptionState, 'manual'> & {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  currency: Currency;
  /** Whether a default payment method is on file (SPEC §8 alert when not). */
  hasPaymentMethod: boolean;
};

/** The amounts of an invoice or of a payment page, in cents, and the tax that gave them. */
export interface BilledAmounts {
  currency: Currency;
  subtotal: number;
  tax: number;
  total: number;
  taxRateBasisPoints: number;
  taxReason: string | null;
  lines: InvoiceLine[];
  billedTo: BillingDetails | null;
}

/** An invoice as the provider issued it. */
export interface ProviderInvoice extends BilledAmounts {
  providerInvoiceId: string;
  number: string;
  issuedAt: Date;
  status: InvoiceStatus;
  /** subscribe, upgrade or renewal. */
  reason: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  downloadUrl: string | null;
  paidAt: Date | null;
}

/**
 * What happened at the provider. `subscriptionStarted` names our client that subscribed (Stripe:
 * the Checkout Session's client_reference_id); the others find the subscription by the provider's id.
 */
export type BillingEvent =
  | { type: 'subscriptionStarted'; ownerId: number; subscription: ProviderSubscription; invoice?: ProviderInvoice }
  | { type: 'subscriptionUpdated'; subscription: ProviderSubscription; invoice?: ProviderInvoice }
  | { type: 'invoiceUpdated'; providerSubscriptionId: string; invoice: ProviderInvoice }
  | { type: 'subscriptionEnded'; providerSubscriptionId: string; endedAt: Date };

export interface BillingProvider {
  /** Stored on subscriptions and invoices (`local`, `stripe`). */
  readonly name: string;
  /** No money moves (the local provider): the pages and answers say so. */
  readonly testMode: boolean;

  /** Opens a payment page for the request; nothing changes until the provider reports it paid. */
  startCheckout(request: CheckoutRequest, back: CheckoutReturn): Promise<CheckoutStarted>;

  /** Makes `next` start with the subscription's next period (a downgrade or change), or drops the scheduled one (null). */
  scheduleChange(subscription: SubscriptionRecord, next: PlanSelection | null): Promise<void>;

  /** Ends the subscription at its period's end (cancel), or takes that back (reactivate). */
  setCancelAtPeriodEnd(subscription: SubscriptionRecord, cancel: boolean): Promise<void>;

  /** The customer's details changed (billing address, VAT number, or the owner after a transfer). */
  updateCustomer(subscription: SubscriptionRecord, customer: BillingCustomer): Promise<void>;

  /** The provider's page where the owner manages the payment method and sees invoices. */
  customerPortal(subscription: SubscriptionRecord, returnUrl: string): Promise<{ url: string }>;

  /**
   * Checks an incoming webhook's signature and reads its events (none for an event that does not
   * concern subscriptions). Throws DomainError('webhookRejected') for a bad signature.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<BillingEvent[]>;

  /** Routes the provider serves itself under /api (the local provider's test-mode payment page). */
  readonly routes?: FastifyPluginAsync;
}
