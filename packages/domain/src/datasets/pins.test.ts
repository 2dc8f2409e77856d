import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../plans/catalogue.js';
import { pinsVerdict } from './pins.js';

describe('pinsVerdict', () => {
  it('lets an import in while the plan holds its rows', () => {
    expect(pinsVerdict(PLAN_CATALOGUE.default, 0, 10)).toEqual({ allowed: true, pins: 10, used: 0, adding: 10, upgrade: null, packs: null });
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 9_000, 1_000).allowed).toBe(true);
  });

  it('refuses one past the pins and names the cheapest plan that holds them', () => {
    expect(pinsVerdict(PLAN_CATALOGUE.default, 4, 7)).toMatchObject({ allowed: false, upgrade: 'essential_2019' });
    expect(pinsVerdict(PLAN_CATALOGUE.default, 0, 742)).toMatchObject({ allowed: false, upgrade: 'essential_2019' });
    expect(pinsVerdict(PLAN_CATALOGUE.essential_2019, 500, 742)).toMatchObject({ allowed: false, upgrade: 'pro_2020' });
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 0, 50_000)).toMatchObject({ allowed: false, upgrade: 'advanced_2024' });
    expect(pinsVerdict(PLAN_CATALOGUE.advanced_2024, 0, 100_001)).toMatchObject({ allowed: false, upgrade: null });
  });

  it('counts the extra packs and, on a plan sold with packs, says how many more would hold the rows', () => {
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 12_000, 5_000, 20_000)).toMatchObject({ allowed: true, pins: 20_000, packs: null });
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 12_000, 8_001, 20_000)).toMatchObject({ allowed: false, packs: 1, upgrade: 'advanced_2024' });
    expect(pinsVerdict(PLAN_CATALOGUE.essential_2019, 0, 25_000)).toMatchObject({ allowed: false, packs: 3 });
    // No packs on the free plan, nor past the most one subscription may buy.
    expect(pinsVerdict(PLAN_CATALOGUE.default, 0, 11)).toMatchObject({ allowed: false, packs: null });
    expect(pinsVerdict(PLAN_CATALOGUE.advanced_2024, 0, 1_200_000, 1_100_000)).toMatchObject({ allowed: false, packs: null, upgrade: null });
    expect(pinsVerdict(PLAN_CATALOGUE.advanced_2024, 0, 1_100_000, 1_090_000)).toMatchObject({ allowed: false, packs: 1 });
  });
});
