/**
 * What the plan comparison shows of each plan on sale: what it unlocks, read from the catalogue
 * (plans/catalogue.ts), and what it costs, from billing's prices and tax (billing/). Nothing here
 * states a plan fact or a price: it only puts them in the shape the dialog shows.
 */
import {
  COUNTRIES, FEATURES, featureGranted, isPaidPlan, planPrice, withTax,
  type BillingPeriod, type Currency, type PlanDefinition, type TaxedAmount,
} from '@catchment/domain';

/** How far a plan grants a per-country feature: everywhere, in some countries, or nowhere. */
export type Reach = 'all' | 'some' | 'none';

export interface PlanFacts {
  /** null: unlimited. */
  areasPerMap: number | null;
  divisions: Reach;
  census: Reach;
  /** Indicators (metrics), and with formulas of several measures. */
  indicators: 'formulas' | 'yes' | 'no';
  /** Business searches one may create; null: unlimited. */
  searches: number | null;
  reports: Reach;
  multiAreaExport: boolean;
  pins: number;
}

function reach(features: readonly string[], feature: (country: string) => string): Reach {
  const granted = COUNTRIES.filter((country) => featureGranted(features, feature(country))).length;
  return granted === COUNTRIES.length ? 'all' : granted > 0 ? 'some' : 'none';
}

export function planFacts(plan: PlanDefinition): PlanFacts {
  const { features } = plan;
  return {
    areasPerMap: plan.maxAreasPerMap,
    divisions: reach(features, FEATURES.divisions),
    census: reach(features, FEATURES.census),
    indicators: featureGranted(features, FEATURES.metricFormulas) ? 'formulas' : featureGranted(features, FEATURES.metrics) ? 'yes' : 'no',
    searches: plan.maxSearches,
    reports: reach(features, FEATURES.reports),
    multiAreaExport: featureGranted(features, FEATURES.multiAreaExport),
    pins: plan.pins,
  };
}

export interface PlanPriceShown {
  /** What a month costs: the monthly price, or the yearly one spread over twelve months. */
  perMonth: TaxedAmount;
  /** The yearly price, for a yearly subscription; null when billed monthly. */
  perYear: TaxedAmount | null;
  /** What a year costs less than twelve monthly payments (yearly only). */
  yearlySaving: TaxedAmount | null;
}

/**
 * A plan's price in cents for the period and currency, with the customer's tax rate (basis points,
 * billing/tax.ts). The free plan costs nothing; a legacy or unknown plan has no price shown (null).
 */
export function planPriceShown(plan: PlanDefinition, period: BillingPeriod, currency: Currency, rateBasisPoints: number): PlanPriceShown | null {
  if (plan.tier === 'free') {
    const zero = withTax(0, rateBasisPoints);
    return { perMonth: zero, perYear: period === 'yearly' ? zero : null, yearlySaving: null };
  }
  if (!isPaidPlan(plan.id) || !plan.sold) return null;
  const monthly = withTax(planPrice(plan.id, 'monthly', currency), rateBasisPoints);
  if (period === 'monthly') return { perMonth: monthly, perYear: null, yearlySaving: null };
  const yearly = withTax(planPrice(plan.id, 'yearly', currency), rateBasisPoints);
  const spread = (cents: number) => Math.round(cents / 12);
  return {
    perMonth: { excludingTax: spread(yearly.excludingTax), tax: spread(yearly.tax), includingTax: spread(yearly.includingTax) },
    perYear: yearly,
    yearlySaving: {
      excludingTax: monthly.excludingTax * 12 - yearly.excludingTax,
      tax: monthly.tax * 12 - yearly.tax,
      includingTax: monthly.includingTax * 12 - yearly.includingTax,
    },
  };
}

/** An amount of cents as money in the language: whole units without decimals, cents with two. */
export function formatMoney(cents: number, currency: Currency, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
