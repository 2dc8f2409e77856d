/**
 * The Stripe prices behind our lookup keys (stripe-prices.ts), found by key, checked against our own
 * prices, and kept for the life of the process. A key the operator did not create, or a price that
 * does not charge what the app shows, is refused with a message naming the key, before any customer
 * is sent to pay.
 */
import type Stripe from 'stripe';
import { DomainError } from '@catchment/domain';
import { expectedUnitAmount, parseLookupKey, priceLookupKey, type PriceKind } from './stripe-prices.js';

/** Stripe answers at most this many lookup keys per list request. */
const KEYS_PER_REQUEST = 10;

/** Why a Stripe price cannot stand for `kind`, or null when it can. */
export function priceMismatch(price: Stripe.Price, kind: PriceKind): string | null {
  const key = priceLookupKey(kind);
  const interval = kind.period === 'monthly' ? 'month' : 'year';
  if (!price.active) return `the Stripe price ${price.id} of lookup key ${key} is archived`;
  if (price.currency.toUpperCase() !== kind.currency) return `the Stripe price of lookup key ${key} is in ${price.currency.toUpperCase()}, not ${kind.currency}`;
  if (price.type !== 'recurring' || price.recurring?.interval !== interval || price.recurring.interval_count !== 1) {
    return `the Stripe price of lookup key ${key} must recur every ${interval}`;
  }
  if (price.recurring.usage_type !== 'licensed') return `the Stripe price of lookup key ${key} must be billed per unit (licensed), not metered`;
  const expected = expectedUnitAmount(kind);
  if (price.billing_scheme !== 'per_unit' || price.unit_amount !== expected) {
    return `the Stripe price of lookup key ${key} must charge ${expected} cents per unit, before tax (it charges ${price.unit_amount ?? 'a tiered amount'})`;
  }
  return null;
}

export class StripePriceCatalogue {
  private readonly byKey = new Map<string, Stripe.Price>();

  constructor(private readonly stripe: Stripe) {}

  /** The price ids of `kinds`, in order; throws paymentProvider (the reason for the operator's log) when one is missing or wrong. */
  async priceIds(kinds: readonly PriceKind[]): Promise<string[]> {
    const keys = kinds.map(priceLookupKey);
    const missing = [...new Set(keys.filter((key) => !this.byKey.has(key)))];
    for (let i = 0; i < missing.length; i += KEYS_PER_REQUEST) {
      const batch = missing.slice(i, i + KEYS_PER_REQUEST);
      const found = await this.stripe.prices.list({ lookup_keys: batch, active: true, limit: KEYS_PER_REQUEST });
      for (const price of found.data) if (price.lookup_key) this.byKey.set(price.lookup_key, price);
    }
    return kinds.map((kind, index) => {
      const key = keys[index]!;
      const price = this.byKey.get(key);
      const problem = price ? priceMismatch(price, kind) : `no active Stripe price has the lookup key ${key}: create it in the Stripe dashboard (docs/billing.md)`;
      if (problem) {
        this.byKey.delete(key);
        throw new DomainError('paymentProvider', { operatorHint: `Stripe prices: ${problem}` });
      }
      return price!.id;
    });
  }

  /** The lookup key of a price this process has seen, for prices given by id only (invoice lines, schedule phases). */
  lookupKeyOf(price: string | Stripe.Price | Stripe.DeletedPrice | null | undefined): string | null {
    if (!price) return null;
    if (typeof price !== 'string') return 'lookup_key' in price ? price.lookup_key ?? this.lookupKeyOf(price.id) : this.lookupKeyOf(price.id);
    for (const [key, known] of this.byKey) if (known.id === price) return key;
    return null;
  }

  /** What a price sells, by its lookup key (given or known). */
  kindOf(price: string | Stripe.Price | Stripe.DeletedPrice | null | undefined): PriceKind | null {
    return parseLookupKey(this.lookupKeyOf(price));
  }
}
