/**
 * Bodies and answers of the billing routes (/Clients/{id}/products, payment, subscription,
 * invoices, subscribers, billing-details, and the test-mode payment page's /billing/checkouts).
 * Amounts are whole cents; dates are ISO strings.
 */
import { z } from 'zod';
import { PLANS } from '../enums.js';
import { validateVat } from '../accounts/vat.js';
import { BILLING_PERIODS, CURRENCIES, MAX_LICENCES, MAX_PIN_PACKS } from '../billing/prices.js';
import { INVOICE_LINE_KINDS } from '../billing/pricing.js';
import { TAX_REASONS } from '../billing/tax.js';
import {
  CANCEL_REASONS, INVOICE_STATUSES, PLAN_BADGES, SUBSCRIBER_ROLES, SUBSCRIPTION_ACTIONS, SUBSCRIPTION_ALERTS, SUBSCRIPTION_STATUSES,
} from '../billing/subscription-state.js';
import { email } from './auth.js';

export const planId = z.enum(PLANS, { error: 'validation.plan' });
export const billingPeriod = z.enum(BILLING_PERIODS, { error: 'validation.billingPeriod' });
const licences = z.number({ error: 'validation.licences' }).int({ error: 'validation.licences' })
  .min(1, { error: 'validation.licences' }).max(MAX_LICENCES, { error: 'validation.licences' });
const pinPacks = z.number({ error: 'validation.pinPacks' }).int({ error: 'validation.pinPacks' })
  .min(0, { error: 'validation.pinPacks' }).max(MAX_PIN_PACKS, { error: 'validation.pinPacks' });

export const paymentParams = z.object({
  id: z.coerce.number({ error: 'validation.clientId' }).int().positive({ error: 'validation.clientId' }),
  product: planId,
});

/**
 * POST /Clients/{id}/payment/{product}: subscribe to a plan (or, for a subscriber, move to it as
 * PUT /subscription does). Licences count every user, the subscriber included; default 1 user, no pack.
 */
export const paymentBody = z.object({
  period: billingPeriod,
  licences: licences.optional(),
  pinPacks: pinPacks.optional(),
});
export type PaymentBody = z.infer<typeof paymentBody>;

/** PUT /Clients/{id}/subscription: the plan change. Licences and packs left out stay as they are. */
export const subscriptionChangeBody = z.object({
  product: planId,
  period: billingPeriod,
  licences: licences.optional(),
  pinPacks: pinPacks.optional(),
});
export type SubscriptionChangeBody = z.infer<typeof subscriptionChangeBody>;

/** POST /Clients/{id}/subscription/cancel: a reason is required (SPEC §5). */
export const cancelSubscriptionBody = z.object({
  cancelFeedback: z.enum(CANCEL_REASONS, { error: 'validation.cancelReason' }),
  cancelComment: z.string().trim().max(2000, { error: 'validation.tooLong' }).optional(),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBody>;

/** POST and DELETE /Clients/{id}/subscribers, POST /Clients/{id}/subscribers/owner. */
export const subscriberBody = z.object({ email });
export type SubscriberBody = z.infer<typeof subscriberBody>;

const requiredText = (max: number) => z.string({ error: 'validation.required' }).trim()
  .min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional()
  .transform((value) => (value ? value : undefined));

/**
 * PUT /Clients/{id}/billing-details (SPEC §3 Billing details). The country (ISO alpha-2) decides the
 * tax; the VAT number is optional, stored normalised, and must have an EU member state's format.
 */
export const billingDetailsBody = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  company: optionalText(200),
  vat: z.string().max(40, { error: 'validation.vat' }).optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const checked = validateVat(value);
      if (!checked.valid) {
        ctx.addIssue({ code: 'custom', message: 'validation.vat' });
        return z.NEVER;
      }
      return checked.normalised;
    }),
  addressLine1: requiredText(200),
  addressLine2: optionalText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  country: z.string({ error: 'validation.country' }).trim().regex(/^[A-Za-z]{2}$/, { error: 'validation.country' })
    .transform((value) => value.toUpperCase()),
  phone: optionalText(40),
});
export type BillingDetailsBody = z.infer<typeof billingDetailsBody>;

export const checkoutParams = z.object({ checkoutId: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, { error: 'validation.invalid' }) });

/** POST /billing/checkouts/{checkoutId}/confirm: the test-mode payment page's button; `declined` plays a refused card. */
export const confirmCheckoutBody = z.object({ outcome: z.enum(['paid', 'declined']).default('paid') });

// ---- Answers ----

export const taxedAmount = z.object({ excludingTax: z.number().int(), tax: z.number().int(), includingTax: z.number().int() });
export const taxInfo = z.object({ rateBasisPoints: z.number().int(), reason: z.enum(TAX_REASONS) });

const periodOffer = taxedAmount.extend({
  /** current: the plan and period in force; next: starts with the next period; pending: waits for its payment. */
  badges: z.array(z.enum(PLAN_BADGES)),
  /**
   * What choosing it does for this user: subscribe (no subscription), upgrade, downgrade, change,
   * keep (the plan in force, dropping the pending or next change), or null (nothing to do, or not allowed).
   */
  action: z.enum(['subscribe', 'upgrade', 'downgrade', 'change', 'keep']).nullable(),
});

/** GET /Clients/{id}/products: the plans on sale, for the plan comparison. */
export const productsResponse = z.object({
  currency: z.enum(CURRENCIES),
  tax: taxInfo,
  products: z.array(z.object({
    product: planId,
    rank: z.number().int(),
    /** Plan facts (plans/catalogue.ts): pins included, areas per map and business searches (null: unlimited), feature patterns. */
    pins: z.number().int(),
    maxAreasPerMap: z.number().int().nullable(),
    maxSearches: z.number().int().nullable(),
    features: z.array(z.string()),
    monthly: periodOffer,
    yearly: periodOffer,
    /** One user beyond the first, for a month and for a year. */
    additionalUser: z.object({ monthly: taxedAmount, yearly: taxedAmount }),
  })),
  /** A pack of 10,000 more pins. */
  pinPack: z.object({ pins: z.number().int(), monthly: taxedAmount, yearly: taxedAmount }),
});
export type ProductsResponse = z.infer<typeof productsResponse>;

/** GET /Clients/{id}/products/additional_user: the price of one more user. */
export const additionalUserResponse = z.object({
  currency: z.enum(CURRENCIES),
  tax: taxInfo,
  /** Per user per month, and per billing period, for each plan on sale. */
  plans: z.array(z.object({ product: planId, monthly: taxedAmount, yearly: taxedAmount })),
  /** For the caller's subscription: the price of one more user per period, its licences and the users holding one. */
  subscription: z.object({
    product: planId,
    period: billingPeriod,
    perUserMonthly: taxedAmount,
    perUserPerPeriod: taxedAmount,
    licences: z.number().int(),
    used: z.number().int(),
  }).nullable(),
});
export type AdditionalUserResponse = z.infer<typeof additionalUserResponse>;

const selectionSchema = z.object({ product: planId, period: billingPeriod, licences: z.number().int(), pinPacks: z.number().int() });

export const subscriptionView = z.object({
  id: z.number().int(),
  /** Whether the caller is its owner (admin) or a user holding one of its licences (active). */
  role: z.enum(SUBSCRIBER_ROLES),
  product: planId,
  period: billingPeriod,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** SPEC §4: customer while the period runs, churned once it is over. */
  customer: z.enum(['customer', 'churned']),
  manual: z.boolean(),
  provider: z.string(),
  currency: z.enum(CURRENCIES),
  /** The price per period of the plan, its extra users and pin packs; null for a manual subscription. */
  price: taxedAmount.nullable(),
  tax: taxInfo,
  licences: z.number().int(),
  usedLicences: z.number().int(),
  pinPacks: z.number().int(),
  pins: z.number().int(),
  currentPeriodStart: z.string(),
  /** When the next period starts and is billed; null when it will not renew (cancelled, ended, manual). */
  nextRenewal: z.string().nullable(),
  /** When it ends without renewing (cancelled, ended, a manual one's end); null while it renews. */
  expiry: z.string().nullable(),
  owner: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  cancelAtPeriodEnd: z.boolean(),
  cancelFeedback: z.enum(CANCEL_REASONS).nullable(),
  cancelComment: z.string().nullable(),
  /** An upgrade waiting for its payment, and where to pay it. */
  pending: selectionSchema.extend({ checkoutUrl: z.string().nullable() }).nullable(),
  /** A downgrade or change starting at the next renewal. */
  next: selectionSchema.nullable(),
  /** The plans (and periods) to badge on the subscription page: current, next plan, pending. */
  badges: z.array(z.object({ product: planId, period: billingPeriod, badge: z.enum(PLAN_BADGES) })),
  /** SPEC §8 subscription alerts, with their message in the request's language. */
  alerts: z.array(z.object({ code: z.enum(SUBSCRIPTION_ALERTS), message: z.string() })),
  /** What the caller may do (none for a member or a manual subscription). */
  actions: z.array(z.enum(SUBSCRIPTION_ACTIONS)),
  /** The renewal invoice left open by a failed payment (pay it with POST .../subscription/pay). */
  openInvoice: z.object({ id: z.number().int(), number: z.string(), total: z.number().int(), currency: z.enum(CURRENCIES) }).nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** GET /Clients/{id}/subscription: the caller's subscription (their own, or the one they hold a licence of), or none. */
export const subscriptionResponse = z.object({
  /** The plan of record, its end and what it makes the caller (SPEC §4). */
  product: z.string(),
  productEndDate: z.string().nullable(),
  customer: z.enum(['free', 'customer', 'churned']),
  subscription: subscriptionView.nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/**
 * What a plan request did: `subscribe` and `upgrade` wait for a payment at `checkout.url` (the
 * provider's page, or ours in test mode); `downgrade` and `change` start at `effectiveAt`; `keep`
 * dropped the pending or scheduled change.
 */
export const planChangeResponse = z.object({
  change: z.enum(['subscribe', 'upgrade', 'downgrade', 'change', 'keep']),
  checkout: z.object({ id: z.string(), url: z.string() }).nullable(),
  effectiveAt: z.string().nullable(),
  subscription: subscriptionView.nullable(),
});
export type PlanChangeResponse = z.infer<typeof planChangeResponse>;

/** POST /Clients/{id}/subscription/pay: where to pay the open invoice. */
export const payNowResponse = z.object({ checkout: z.object({ id: z.string(), url: z.string() }) });

/** GET /Clients/{id}/subscription/customer_portal: where the payment method and billing details are managed. */
export const customerPortalResponse = z.object({
  url: z.string(),
  /** The provider's own portal, or (test mode) our subscription page. */
  provider: z.string(),
  testMode: z.boolean(),
});

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  product: planId,
  period: billingPeriod,
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
  prorated: z.boolean().optional(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  /** Total with tax, in cents (subtotal and tax beside it). */
  amount: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** paid; uncollectible (shown Unpaid); open (shown Pending). */
  status: z.enum(INVOICE_STATUSES),
  reason: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  /** The provider's page and PDF of the invoice, when it has them. */
  hostedUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesResponse = z.object({ invoices: z.array(invoiceSchema) });

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** admin (shown Owner) or active. */
  status: z.enum(SUBSCRIBER_ROLES),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscribersResponse = z.object({
  licences: z.number().int(),
  used: z.number().int(),
  subscribers: z.array(subscriberSchema),
});
export type SubscribersResponse = z.infer<typeof subscribersResponse>;

export const billingDetailsSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  vat: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** GET/PUT /Clients/{id}/billing-details: until saved, the profile's name and address stand in (saved: false). */
export const billingDetailsResponse = z.object({ saved: z.boolean(), details: billingDetailsSchema, tax: taxInfo });

/** GET /billing/checkouts/{checkoutId}: what the test-mode payment page shows. */
export const checkoutView = z.object({
  id: z.string(),
  kind: z.enum(['subscribe', 'upgrade', 'invoice']),
  product: planId,
  period: billingPeriod,
  licences: z.number().int(),
  pinPacks: z.number().int(),
  currency: z.enum(CURRENCIES),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  status: z.enum(['open', 'paid', 'expired']),
  expiresAt: z.string(),
  /** Always true: no money moves; the page must say so. */
  testMode: z.literal(true),
});
export type CheckoutView = z.infer<typeof checkoutView>;

export const confirmCheckoutResponse = z.object({
  status: z.literal('paid'),
  /** Where the page sends the user next: /app/paymentSuccess with the product. */
  redirect: z.string(),
});
