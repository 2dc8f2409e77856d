/**
 * The order summary of the payment page: the lines of one billing period of a plan, its users and
 * pin packs, priced from what the server answered (GET /Clients/{id}/products and
 * …/products/additional_user), with the tax of the whole as the checkout computes it. Nothing
 * here states a price.
 */
import {
  MAX_LICENCES, MAX_PIN_PACKS, withTax,
  type AdditionalUserResponse, type BillingPeriod, type PaidPlan, type ProductsResponse, type TaxedAmount,
} from '@catchment/domain';

export interface OrderChoice {
  product: PaidPlan;
  period: BillingPeriod;
  /** Users of the subscription, the subscriber included. */
  licences: number;
  pinPacks: number;
}

export interface OrderLine {
  kind: 'plan' | 'additionalUsers' | 'pinPacks';
  quantity: number;
  /** One unit for the period, before tax (cents). */
  unitAmount: number;
  amount: number;
}

export interface OrderSummary {
  lines: OrderLine[];
  /** The whole period: subtotal, tax and total (cents). */
  total: TaxedAmount;
  /** One more user, per month (SPEC §9: extra users are priced per user per month). */
  additionalUserMonthly: TaxedAmount;
  /** One pack of pins, per month, and how many pins it holds. */
  pinPackMonthly: TaxedAmount;
  pinsPerPack: number;
}

/** The summary, or null when the plan is not among those on sale. */
export function orderSummary(choice: OrderChoice, products: ProductsResponse, additionalUser: AdditionalUserResponse): OrderSummary | null {
  const offer = products.products.find((entry) => entry.product === choice.product);
  if (!offer) return null;
  const users = additionalUser.plans.find((entry) => entry.product === choice.product) ?? offer.additionalUser;
  const line = (kind: OrderLine['kind'], quantity: number, unitAmount: number): OrderLine => ({ kind, quantity, unitAmount, amount: quantity * unitAmount });
  const lines = [
    line('plan', 1, offer[choice.period].excludingTax),
    line('additionalUsers', choice.licences - 1, users[choice.period].excludingTax),
    line('pinPacks', choice.pinPacks, products.pinPack[choice.period].excludingTax),
  ].filter((entry) => entry.quantity > 0);
  const subtotal = lines.reduce((sum, entry) => sum + entry.amount, 0);
  return {
    lines,
    total: withTax(subtotal, products.tax.rateBasisPoints),
    additionalUserMonthly: users.monthly,
    pinPackMonthly: products.pinPack.monthly,
    pinsPerPack: products.pinPack.pins,
  };
}

/** A number typed in a quantity field, kept within bounds (a whole number; empty or not a number: the minimum). */
export function clampQuantity(value: string | number, min: number, max: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) return min;
  return Math.min(max, Math.max(min, Math.trunc(parsed)));
}

export const LICENCES_BOUNDS = { min: 1, max: MAX_LICENCES } as const;
export const PIN_PACKS_BOUNDS = { min: 0, max: MAX_PIN_PACKS } as const;
