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
    const access = planAccessOf({ product: 'pro_2020', features: ['divisions:*'] });
    expect(access.visitor).toBe(false);
    expect(access.plan.id).toBe('pro_2020');
    expect(access.may(FEATURES.divisions('us'))).toBe(true);
    expect(access.lockOf(FEATURES.census('fr'))).toBe('pro_2020');
  });

  it('opens what the plan grants and keeps the multi-area export for Advanced', () => {
    const pro = planAccessOf({ product: 'pro_2020', features: [...accessOf({ product: 'pro_2020' }).features] });
    expect(pro.lockOf(FEATURES.census('fr'))).toBeNull();
    expect(pro.lockOf(FEATURES.divisions('fr'))).toBeNull();
    expect(pro.lockOf(FEATURES.multiAreaExport)).toBe('advanced_2024');
    const advanced = planAccessOf({ product: 'advanced_2024', features: [...accessOf({ product: 'advanced_2024' }).features] });
    expect(advanced.lockOf(FEATURES.multiAreaExport)).toBeNull();
  });

  it('counts an unknown product as the free plan', () => {
    expect(planAccessOf({ product: 'gold', features: [] }).plan.id).toBe('default');
  });
});
