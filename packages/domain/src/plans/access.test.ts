import { describe, expect, it } from 'vitest';
import { accessOf, cheapestPlanGranting, mayUse, planInForce } from './access.js';
import { PLAN_CATALOGUE, SOLD_PLANS } from './catalogue.js';
import { FEATURES } from './features.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('plan in force', () => {
  it('is the free plan for a visitor, an unknown product and a plan whose end date has passed', () => {
    expect(planInForce(undefined, now).id).toBe('default');
    expect(planInForce({ product: 'gold' }, now).id).toBe('default');
    expect(planInForce({ product: 'pro_2020', productEndDate: '2026-05-31T00:00:00Z' }, now).id).toBe('default');
    expect(planInForce({ product: 'pro_2020', productEndDate: now }, now).id).toBe('default');
  });

  it('is the stored plan until its end date, or for good without one', () => {
    expect(planInForce({ product: 'pro_2020', productEndDate: '2026-06-02T00:00:00Z' }, now).id).toBe('pro_2020');
    expect(planInForce({ product: 'essential_2019', productEndDate: null }, now).id).toBe('essential_2019');
  });
});

describe('the gating table (SPEC §6)', () => {
  const may = (product: string, feature: string) => mayUse({ product }, feature, now);

  it('opens census and indicators from PRO, divisions from ESSENTIAL, POI and reports from PRO, multi-area export from ADVANCED', () => {
    expect(may('default', FEATURES.census('fr'))).toBe(false);
    expect(may('essential_2019', FEATURES.census('fr'))).toBe(false);
    expect(may('pro_2020', FEATURES.census('fr'))).toBe(true);
    expect(may('essential_2019', FEATURES.metrics)).toBe(false);
    expect(may('pro_2020', FEATURES.metrics)).toBe(true);
    expect(may('default', FEATURES.divisions('fr'))).toBe(false);
    expect(may('essential_2019', FEATURES.divisions('us'))).toBe(true);
    expect(may('essential_2019', FEATURES.poi('fr'))).toBe(false);
    expect(may('pro_2020', FEATURES.poi('fr'))).toBe(true);
    expect(may('essential_2019', FEATURES.reports('fr'))).toBe(false);
    expect(may('pro_2020', FEATURES.reports('gb'))).toBe(true);
    expect(may('pro_2020', FEATURES.multiAreaExport)).toBe(false);
    expect(may('advanced_2024', FEATURES.multiAreaExport)).toBe(true);
    expect(may('pro_2020', FEATURES.metricFormulas)).toBe(false);
    expect(may('advanced_2024', FEATURES.metricFormulas)).toBe(true);
  });

  it('gives the free plan the population heatmap of the countries SPEC §6 names, POI counts, import and a first search', () => {
    expect(may('default', FEATURES.heatmap('population', 'fr'))).toBe(true);
    expect(may('default', FEATURES.heatmap('population', 'ca'))).toBe(false);
    expect(may('default', FEATURES.heatmap('income', 'fr'))).toBe(false);
    expect(may('default', FEATURES.poiCount)).toBe(true);
    expect(may('default', FEATURES.dataImport)).toBe(true);
    expect(may('default', FEATURES.poiCreate('fr'))).toBe(true);
    expect(may('default', FEATURES.poiCreateNoLimit('fr'))).toBe(false);
  });

  it('lets the paid plans connect a CRM, not the free plan (SPEC §6: some users may not)', () => {
    expect(may('default', FEATURES.crm)).toBe(false);
    expect(may('essential_2019', FEATURES.crm)).toBe(true);
    expect(may('plus_2021', FEATURES.crm)).toBe(true);
    expect(may('advanced_2024', FEATURES.crm)).toBe(true);
    expect(cheapestPlanGranting(FEATURES.crm)).toBe('essential_2019');
  });

  it('grants every higher plan at least what a lower one does', () => {
    const plans = Object.values(PLAN_CATALOGUE).sort((a, b) => a.rank - b.rank);
    for (let i = 1; i < plans.length; i += 1) {
      for (const pattern of plans[i - 1]!.features) expect(plans[i]!.features).toContain(pattern);
    }
  });

  it('sets the pins and the area limit of SPEC §9', () => {
    expect(accessOf({ product: 'essential_2019' }, now).plan.pins).toBe(1_000);
    expect(accessOf({ product: 'pro_2020' }, now).plan.pins).toBe(10_000);
    expect(accessOf({ product: 'advanced_2024' }, now).plan.pins).toBe(100_000);
    expect(accessOf({ product: 'default' }, now).plan.maxAreasPerMap).toBe(10);
    expect(accessOf({ product: 'essential_2019' }, now).plan.maxAreasPerMap).toBeNull();
  });

  it('adds 10,000 pins per extra pack while a paid plan is in force, none once it has ended', () => {
    expect(accessOf({ product: 'pro_2020', pinPacks: 2 }, now).pins).toBe(30_000);
    expect(accessOf({ product: 'essential_2019' }, now).pins).toBe(1_000);
    expect(accessOf({ product: 'pro_2020', productEndDate: new Date(now.getTime() - 1), pinPacks: 2 }, now).pins).toBe(10);
    expect(accessOf({ product: 'default', pinPacks: 3 }, now).pins).toBe(10);
    expect(accessOf(undefined, now).pins).toBe(10);
  });
});

describe('cheapest plan granting a feature', () => {
  it('offers the cheapest plan on sale, never a legacy one', () => {
    expect(cheapestPlanGranting(FEATURES.census('fr'))).toBe('pro_2020');
    expect(cheapestPlanGranting(FEATURES.divisions('fr'))).toBe('essential_2019');
    expect(cheapestPlanGranting(FEATURES.multiAreaExport)).toBe('advanced_2024');
    expect(cheapestPlanGranting(FEATURES.poiCount)).toBe('default');
    expect(cheapestPlanGranting('no_such_thing')).toBeNull();
    expect(SOLD_PLANS.map((plan) => plan.id)).toEqual(['default', 'essential_2019', 'pro_2020', 'advanced_2024']);
  });
});
