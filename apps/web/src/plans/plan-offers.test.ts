import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, planPrice, withTax } from '@catchment/domain';
import { formatMoney, planFacts, planPriceShown } from './plan-offers.js';

describe('what the comparison says each plan unlocks', () => {
  it('follows the gating of SPEC §6 and the limits of §9', () => {
    expect(planFacts(PLAN_CATALOGUE.default)).toEqual({
      areasPerMap: 10, divisions: 'none', census: 'none', indicators: 'no', searches: 1, reports: 'none', multiAreaExport: false, pins: 10,
    });
    expect(planFacts(PLAN_CATALOGUE.essential_2019)).toMatchObject({ areasPerMap: null, divisions: 'all', census: 'none', pins: 1_000 });
    expect(planFacts(PLAN_CATALOGUE.pro_2020)).toMatchObject({ census: 'all', indicators: 'yes', searches: null, reports: 'all', multiAreaExport: false, pins: 10_000 });
    expect(planFacts(PLAN_CATALOGUE.advanced_2024)).toMatchObject({ indicators: 'formulas', multiAreaExport: true, pins: 100_000 });
  });
});

describe('prices shown', () => {
  it('gives the monthly price with and without tax', () => {
    const shown = planPriceShown(PLAN_CATALOGUE.pro_2020, 'monthly', 'EUR', 2_000)!;
    expect(shown.perMonth).toEqual(withTax(planPrice('pro_2020', 'monthly', 'EUR'), 2_000));
    expect(shown.perMonth.includingTax).toBe(shown.perMonth.excludingTax * 1.2);
    expect(shown.perYear).toBeNull();
  });

  it('spreads the yearly price over twelve months and says what it saves', () => {
    const yearly = planPrice('essential_2019', 'yearly', 'USD');
    const monthly = planPrice('essential_2019', 'monthly', 'USD');
    const shown = planPriceShown(PLAN_CATALOGUE.essential_2019, 'yearly', 'USD', 0)!;
    expect(shown.perYear?.excludingTax).toBe(yearly);
    expect(shown.perMonth.excludingTax).toBe(Math.round(yearly / 12));
    expect(shown.yearlySaving?.excludingTax).toBe(monthly * 12 - yearly);
    expect(shown.perMonth.includingTax).toBe(shown.perMonth.excludingTax);
  });

  it('shows the free plan at zero and no price for a legacy plan', () => {
    expect(planPriceShown(PLAN_CATALOGUE.default, 'monthly', 'EUR', 2_000)?.perMonth.includingTax).toBe(0);
    expect(planPriceShown(PLAN_CATALOGUE.plus_2021, 'monthly', 'EUR', 2_000)).toBeNull();
  });

  it('writes money the way each language does', () => {
    expect(formatMoney(8_900, 'USD', 'en')).toBe('$89');
    expect(formatMoney(10_680, 'EUR', 'fr')).toBe('106,80\u00a0€');
    expect(formatMoney(7_417, 'EUR', 'en')).toBe('€74.17');
  });
});
