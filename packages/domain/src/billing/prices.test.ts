import { describe, expect, it } from 'vitest';
import { PLANS } from '../enums.js';
import {
  PLAN_PRICES, PURCHASABLE_PLANS, additionalUserPrice, currencyForLocale, isPurchasablePlan, pinPackPrice, pinsWithPacks, planPrice, planRank,
} from './prices.js';

describe('plan prices', () => {
  it('sells ESSENTIAL, PRO and ADVANCED, cheapest first; the PLUS plans are legacy and the free plan costs nothing', () => {
    expect(PURCHASABLE_PLANS).toEqual(['essential_2019', 'pro_2020', 'advanced_2024']);
    expect(isPurchasablePlan('plus_2019')).toBe(false);
    expect(isPurchasablePlan('plus_2021')).toBe(false);
    expect(isPurchasablePlan('default')).toBe(false);
    expect(isPurchasablePlan('nonsense')).toBe(false);
  });

  it('prices every paying plan of the enumeration in whole cents, the year cheaper than twelve months', () => {
    expect(Object.keys(PLAN_PRICES).sort()).toEqual(PLANS.filter((p) => p !== 'default').sort());
    for (const [plan, prices] of Object.entries(PLAN_PRICES)) {
      for (const currency of ['EUR', 'USD'] as const) {
        expect(Number.isInteger(prices.monthly[currency]), plan).toBe(true);
        expect(prices.yearly[currency]).toBeLessThan(prices.monthly[currency] * 12);
        expect(prices.additionalUserMonthly[currency]).toBeGreaterThan(0);
      }
    }
  });

  it('costs more per month the higher the plan ranks', () => {
    const ranked = [...PURCHASABLE_PLANS].sort((a, b) => planRank(a) - planRank(b));
    expect(ranked).toEqual(PURCHASABLE_PLANS);
    for (let i = 1; i < ranked.length; i++) {
      expect(planPrice(ranked[i]!, 'monthly', 'EUR')).toBeGreaterThan(planPrice(ranked[i - 1]!, 'monthly', 'EUR'));
      expect(planPrice(ranked[i]!, 'yearly', 'USD')).toBeGreaterThan(planPrice(ranked[i - 1]!, 'yearly', 'USD'));
    }
    expect(planRank('default')).toBe(0);
    expect(planRank('unknown')).toBe(0);
  });

  it('charges extra users per user per month (ten months a year) and packs of 10,000 pins at 30 a month', () => {
    expect(additionalUserPrice('pro_2020', 'monthly', 'EUR')).toBe(PLAN_PRICES.pro_2020.additionalUserMonthly.EUR);
    expect(additionalUserPrice('pro_2020', 'yearly', 'USD')).toBe(PLAN_PRICES.pro_2020.additionalUserMonthly.USD * 10);
    expect(pinPackPrice('monthly', 'EUR')).toBe(3_000);
    expect(pinPackPrice('monthly', 'USD')).toBe(3_000);
    expect(pinPackPrice('yearly', 'EUR')).toBe(36_000);
  });

  it('adds 10,000 pins per pack to the plan\'s own', () => {
    expect(pinsWithPacks('essential_2019')).toBe(1_000);
    expect(pinsWithPacks('pro_2020', 1)).toBe(20_000);
    expect(pinsWithPacks('advanced_2024', 2)).toBe(120_000);
  });

  it('bills in euros in French and in dollars in English', () => {
    expect(currencyForLocale('fr')).toBe('EUR');
    expect(currencyForLocale('en')).toBe('USD');
  });
});
