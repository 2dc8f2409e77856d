/**
 * The payment provider the configuration names (BILLING_PROVIDER). Each provider is one entry here
 * and one folder beside this file; the billing service only knows the BillingProvider interface.
 * A provider that reports events by webhook applies them with `applyEvents` (the ledger, in one
 * transaction) and serves its webhook route in its `routes`.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { BillingEvent, BillingProvider } from '../billing-provider.js';
import { applyBillingEvents } from '../billing-ledger.js';
import { LocalBillingProvider } from './local/local-provider.js';
import { StripeProvider } from './stripe/stripe.provider.js';

export interface BillingProviderContext {
  config: Config;
  db: Kysely<Database>;
  /** Applies the provider's events to our tables, as `provider` (what its subscriptions are stored under). */
  applyEvents(provider: string, events: readonly BillingEvent[]): Promise<void>;
}

type ProviderFactory = (context: BillingProviderContext) => BillingProvider;

export const BILLING_PROVIDERS: Readonly<Record<string, ProviderFactory>> = {
  /** Built in: test mode, our own payment page, renewals from the command line. */
  local: ({ db }) => new LocalBillingProvider(db),
  /** Stripe (docs/billing.md): Checkout, subscription updates and schedules, the Customer Portal, webhooks. */
  stripe: ({ config, applyEvents }) => {
    if (!config.stripe) throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see docs/billing.md)');
    return new StripeProvider({
      ...config.stripe, installation: config.publicUrl, applyEvents: (events) => applyEvents('stripe', events),
    });
  },
};

export function openBillingProvider(config: Config, db: Kysely<Database>): BillingProvider {
  const factory = BILLING_PROVIDERS[config.billingProvider];
  if (!factory) {
    throw new Error(`BILLING_PROVIDER must be one of ${Object.keys(BILLING_PROVIDERS).join(', ')}, got "${config.billingProvider}"`);
  }
  return factory({ config, db, applyEvents: (provider, events) => applyBillingEvents(db, provider, events) });
}
