/**
 * What paying plans cost (SPEC §9): the one place the API's checkout and invoices and the web app's
 * plan comparison read prices from. Which plans exist, their rank, whether they are on sale and the
 * pins they hold are plan facts (plans/catalogue.ts). Amounts are whole cents, never floats, and
 * before tax (tax.ts adds it).
 */
import type { Locale, Plan } from '../enums.js';
import { PLAN_CATALOGUE, planDefinition } from '../plans/catalogue.js';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Default currencies (SPEC §9): euros for the French site, dollars for the English one. */
export function currencyForLocale(locale: Locale): Currency {
  return locale === 'fr' ? 'EUR' : 'USD';
}

/** An amount in each currency, in cents. */
export type CentsByCurrency = Readonly<Record<Currency, number>>;

export type PaidPlan = Exclude<Plan, 'default'>;

export interface PlanPrices {
  monthly: CentsByCurrency;
  /** Ten months' price: two months free against paying monthly. */
  yearly: CentsByCurrency;
  /** Each user beyond the first, per month; a yearly subscription pays ten months of it per year, as for the plan. */
  additionalUserMonthly: CentsByCurrency;
}

const prices = (monthlyEur: number, monthlyUsd: number, userEur: number, userUsd: number): PlanPrices => ({
  monthly: { EUR: monthlyEur, USD: monthlyUsd },
  yearly: { EUR: monthlyEur * 10, USD: monthlyUsd * 10 },
  additionalUserMonthly: { EUR: userEur, USD: userUsd },
});

/** Prices of every paying plan, on sale or legacy (legacy subscribers still renew at theirs). */
export const PLAN_PRICES: Readonly<Record<PaidPlan, PlanPrices>> = {
  essential_2019: prices(3_900, 4_500, 1_900, 2_100),
  plus_2019: prices(5_900, 6_900, 2_900, 3_300),
  plus_2021: prices(6_900, 7_900, 2_900, 3_300),
  pro_2020: prices(8_900, 9_900, 3_900, 4_500),
  advanced_2024: prices(17_900, 19_900, 6_900, 7_900),
};

export function isPaidPlan(plan: string): plan is PaidPlan {
  return Object.hasOwn(PLAN_PRICES, plan);
}

/** A paying plan offered to new subscribers (not the free plan, not a legacy one). */
export function isPurchasablePlan(plan: string): plan is PaidPlan {
  return isPaidPlan(plan) && PLAN_CATALOGUE[plan].sold;
}

/** The paying plans on sale, cheapest first (the order of the plan comparison). */
export const PURCHASABLE_PLANS: readonly PaidPlan[] = (Object.keys(PLAN_PRICES) as PaidPlan[])
  .filter(isPurchasablePlan)
  .sort((a, b) => PLAN_CATALOGUE[a].rank - PLAN_CATALOGUE[b].rank);

/** A plan's rank (plans/catalogue.ts): higher grants more. Unknown products rank as the free plan. */
export function planRank(plan: string): number {
  return planDefinition(plan).rank;
}

/** Extra pins are sold in packs of 10,000 at 30 (USD or EUR) a month (SPEC §9). */
export const PIN_PACK_SIZE = 10_000;
export const PIN_PACK_MONTHLY: CentsByCurrency = { EUR: 3_000, USD: 3_000 };
/** The spec prices packs by the month only: a yearly subscription pays twelve months of them. */
export const PIN_PACK_MONTHS_PER_YEAR = 12;

/** Bounds of what one subscription buys. */
export const MAX_LICENCES = 500;
export const MAX_PIN_PACKS = 100;

/** Pins of a plan (plans/catalogue.ts) and its extra packs. */
export function pinsWithPacks(plan: string, pinPacks = 0): number {
  return planDefinition(plan).pins + pinPacks * PIN_PACK_SIZE;
}

/** The plan's own price for one billing period. */
export function planPrice(plan: PaidPlan, period: BillingPeriod, currency: Currency): number {
  return PLAN_PRICES[plan][period][currency];
}

/** One additional user for one billing period (ten months for a year, as the plan). */
export function additionalUserPrice(plan: PaidPlan, period: BillingPeriod, currency: Currency): number {
  const monthly = PLAN_PRICES[plan].additionalUserMonthly[currency];
  return period === 'monthly' ? monthly : monthly * 10;
}

/** One pack of 10,000 pins for one billing period. */
export function pinPackPrice(period: BillingPeriod, currency: Currency): number {
  return period === 'monthly' ? PIN_PACK_MONTHLY[currency] : PIN_PACK_MONTHLY[currency] * PIN_PACK_MONTHS_PER_YEAR;
}
