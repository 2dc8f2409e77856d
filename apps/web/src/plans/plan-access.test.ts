import { describe, expect, it } from 'vitest';
import { accessOf, FEATURES } from '@catchment/domain';
import { planAccessOf } from './plan-access.js';

describe('plan access in the app', () => {
  it('gives a visitor the free plan: census locked behind Pro, divisions behind Essential', () => {
    const access = planAccessOf(null);
    expect(access.visitor).toBe(true);
    expect(access.plan.id).toBe('default');
    expect(access.may(FEATURES.poiCount)).toBe(true);
    expect(access.lockOf(FEATURES.census('fr'))).toBe('pro_2020');
    expect(access.lockOf(FEATURES.divisions('fr'))).toBe('essential_2019');
  });

  it('reads what the server sent with the user, not a copy of the catalogue', () => {
    // The server's features are the truth: a list narrower than the product's is what counts.
    const access = planAccessOf({ product: 'pro_2020', features: ['divisions:*'], pins: 10_000 });
    expect(access.visitor).toBe(false);
    expect(access.plan.id).toBe('pro_2020');
    expect(access.may(FEATURES.divisions('us'))).toBe(true);
    expect(access.lockOf(FEATURES.census('fr'))).toBe('pro_2020');
  });

  it('opens what the plan grants and keeps the multi-area export for Advanced', () => {
    const pro = planAccessOf({ product: 'pro_2020', features: [...accessOf({ product: 'pro_2020' }).features], pins: 10_000 });
    expect(pro.lockOf(FEATURES.census('fr'))).toBeNull();
    expect(pro.lockOf(FEATURES.divisions('fr'))).toBeNull();
    expect(pro.lockOf(FEATURES.multiAreaExport)).toBe('advanced_2024');
    const advanced = planAccessOf({ product: 'advanced_2024', features: [...accessOf({ product: 'advanced_2024' }).features], pins: 100_000 });
    expect(advanced.lockOf(FEATURES.multiAreaExport)).toBeNull();
  });

  it('counts an unknown product as the free plan', () => {
    expect(planAccessOf({ product: 'gold', features: [], pins: 10 }).plan.id).toBe('default');
  });

  it("takes the account's pins from the server, its extra packs included", () => {
    expect(planAccessOf({ product: 'pro_2020', features: [], pins: 30_000 }).pins).toBe(30_000);
    expect(planAccessOf(null).pins).toBe(10);
  });
});
