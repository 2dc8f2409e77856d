/**
 * How our plans map to Stripe prices: each price an operator creates in the Stripe dashboard carries
 * a lookup key derived from what it sells, its billing period and its currency, so that no price id
 * is configured anywhere:
 *
 *   <plan>_<period>_<currency>              the plan for one period        pro_2020_monthly_eur
 *   <plan>_extra_user_<period>_<currency>   each user beyond the first     pro_2020_extra_user_yearly_usd
 *   pin_pack_<period>_<currency>            each pack of 10,000 pins       pin_pack_monthly_eur
 *
 * A subscription is then one item per kind (the plan, quantity 1; extra users, quantity licences − 1;
 * pin packs), and the lookup keys of its items' prices say what it holds. The amounts must be ours
 * (packages/domain billing/prices.ts), before tax: stripe-catalogue.ts refuses a price that differs.
 */
import {
  additionalUserPrice, isPaidPlan, pinPackPrice, planPrice, type BillingPeriod, type Currency, type PaidPlan, type PlanSelection,
} from '@catchment/domain';

export type PriceKind =
  | { kind: 'plan'; product: PaidPlan; period: BillingPeriod; currency: Currency }
  | { kind: 'extraUser'; product: PaidPlan; period: BillingPeriod; currency: Currency }
  | { kind: 'pinPack'; period: BillingPeriod; currency: Currency };

const PIN_PACK = 'pin_pack';
const EXTRA_USER = '_extra_user';

export function priceLookupKey(price: PriceKind): string {
  const tail = `${price.period}_${price.currency.toLowerCase()}`;
  switch (price.kind) {
    case 'plan': return `${price.product}_${tail}`;
    case 'extraUser': return `${price.product}${EXTRA_USER}_${tail}`;
    case 'pinPack': return `${PIN_PACK}_${tail}`;
  }
}

/** What a lookup key sells; null for a key that is not one of ours. */
export function parseLookupKey(key: string | null | undefined): PriceKind | null {
  const match = key ? /^([a-z0-9_]+?)_(monthly|yearly)_(eur|usd)$/.exec(key) : null;
  if (!match) return null;
  const [, base, period, currency] = match as unknown as [string, string, BillingPeriod, string];
  const upper = currency.toUpperCase() as Currency;
  if (base === PIN_PACK) return { kind: 'pinPack', period, currency: upper };
  if (base.endsWith(EXTRA_USER)) {
    const product = base.slice(0, -EXTRA_USER.length);
    return isPaidPlan(product) ? { kind: 'extraUser', product, period, currency: upper } : null;
  }
  return isPaidPlan(base) ? { kind: 'plan', product: base, period, currency: upper } : null;
}

/** Our price of one unit for one period (cents, before tax): what the Stripe price must charge. */
export function expectedUnitAmount(price: PriceKind): number {
  switch (price.kind) {
    case 'plan': return planPrice(price.product, price.period, price.currency);
    case 'extraUser': return additionalUserPrice(price.product, price.period, price.currency);
    case 'pinPack': return pinPackPrice(price.period, price.currency);
  }
}

export interface PricedQuantity { price: PriceKind; quantity: number }

/**
 * The items a selection is billed as, each kind once: the plan, the extra users and the pin packs,
 * the last two with quantity 0 when none are bought (callers drop them where Stripe wants none).
 */
export function selectionItems(selection: PlanSelection, currency: Currency): [PricedQuantity, PricedQuantity, PricedQuantity] {
  const { product, period } = selection;
  return [
    { price: { kind: 'plan', product, period, currency }, quantity: 1 },
    { price: { kind: 'extraUser', product, period, currency }, quantity: Math.max(selection.licences - 1, 0) },
    { price: { kind: 'pinPack', period, currency }, quantity: selection.pinPacks },
  ];
}

/** The selection and currency a set of items holds; null when they hold no plan, or mix periods or currencies. */
export function selectionFromItems(items: readonly { lookupKey: string | null | undefined; quantity: number }[]): { selection: PlanSelection; currency: Currency } | null {
  const priced = items.map((item) => ({ price: parseLookupKey(item.lookupKey), quantity: item.quantity }))
    .filter((item): item is PricedQuantity => item.price !== null && item.quantity > 0);
  const plans = priced.filter((item) => item.price.kind === 'plan');
  if (plans.length !== 1) return null;
  const plan = plans[0]!.price as Extract<PriceKind, { kind: 'plan' }>;
  if (priced.some((item) => item.price.period !== plan.period || item.price.currency !== plan.currency)) return null;
  const count = (kind: PriceKind['kind']) => priced.filter((item) => item.price.kind === kind).reduce((sum, item) => sum + item.quantity, 0);
  return {
    selection: { product: plan.product, period: plan.period, licences: 1 + count('extraUser'), pinPacks: count('pinPack') },
    currency: plan.currency,
  };
}

/** Every lookup key an installation may use, for the operator's list and the price check. */
export function allLookupKeys(products: readonly PaidPlan[]): string[] {
  const keys: string[] = [];
  for (const currency of ['EUR', 'USD'] as const) {
    for (const period of ['monthly', 'yearly'] as const) {
      for (const product of products) {
        keys.push(priceLookupKey({ kind: 'plan', product, period, currency }), priceLookupKey({ kind: 'extraUser', product, period, currency }));
      }
      keys.push(priceLookupKey({ kind: 'pinPack', period, currency }));
    }
  }
  return keys;
}
