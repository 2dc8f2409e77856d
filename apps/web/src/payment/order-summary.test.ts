import { describe, expect, it } from 'vitest';
import { withTax, type AdditionalUserResponse, type ProductsResponse } from '@catchment/domain';
import { clampQuantity, orderSummary } from './order-summary.js';

const VAT = { rateBasisPoints: 2_000, reason: 'frenchVat' as const };
const taxed = (cents: number) => withTax(cents, VAT.rateBasisPoints);
const offer = (cents: number) => ({ ...taxed(cents), badges: [], action: 'subscribe' as const });

/** What GET /Clients/{id}/products answers for one plan, in dollars, with 20 % VAT. */
const products: ProductsResponse = {
  currency: 'USD',
  tax: VAT,
  products: [{
    product: 'pro_2020', rank: 3, pins: 10_000, maxAreasPerMap: null, maxSearches: null, features: [],
    monthly: offer(9_900), yearly: offer(99_000),
    additionalUser: { monthly: taxed(4_500), yearly: taxed(45_000) },
  }],
  pinPack: { pins: 10_000, monthly: taxed(3_000), yearly: taxed(36_000) },
};
const additionalUser: AdditionalUserResponse = {
  currency: 'USD', tax: VAT, plans: [{ product: 'pro_2020', monthly: taxed(4_500), yearly: taxed(45_000) }], subscription: null,
};

describe('orderSummary', () => {
  it('is the plan alone for one user without packs', () => {
    const summary = orderSummary({ product: 'pro_2020', period: 'monthly', licences: 1, pinPacks: 0 }, products, additionalUser)!;
    expect(summary.lines).toEqual([{ kind: 'plan', quantity: 1, unitAmount: 9_900, amount: 9_900 }]);
    expect(summary.total).toEqual({ excludingTax: 9_900, tax: 1_980, includingTax: 11_880 });
  });

  it('adds the users beyond the first and the packs, priced for the period, taxed as a whole', () => {
    const summary = orderSummary({ product: 'pro_2020', period: 'yearly', licences: 3, pinPacks: 2 }, products, additionalUser)!;
    expect(summary.lines).toEqual([
      { kind: 'plan', quantity: 1, unitAmount: 99_000, amount: 99_000 },
      { kind: 'additionalUsers', quantity: 2, unitAmount: 45_000, amount: 90_000 },
      { kind: 'pinPacks', quantity: 2, unitAmount: 36_000, amount: 72_000 },
    ]);
    expect(summary.total).toEqual(taxed(261_000));
    // Users and packs are shown per month whatever the period (SPEC §9).
    expect(summary.additionalUserMonthly.excludingTax).toBe(4_500);
    expect(summary.pinPackMonthly.excludingTax).toBe(3_000);
  });

  it('has nothing for a plan not on sale', () => {
    expect(orderSummary({ product: 'advanced_2024', period: 'monthly', licences: 1, pinPacks: 0 }, products, additionalUser)).toBeNull();
  });
});

describe('clampQuantity', () => {
  it('keeps a typed number whole and within bounds', () => {
    expect(clampQuantity('4', 1, 500)).toBe(4);
    expect(clampQuantity('0', 1, 500)).toBe(1);
    expect(clampQuantity('900', 1, 500)).toBe(500);
    expect(clampQuantity('2.7', 0, 100)).toBe(2);
    expect(clampQuantity('', 0, 100)).toBe(0);
    expect(clampQuantity('abc', 1, 500)).toBe(1);
  });
});
