import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../plans/catalogue.js';
import { pinsVerdict } from './pins.js';

describe('pinsVerdict', () => {
  it('lets an import in while the plan holds its rows', () => {
    expect(pinsVerdict(PLAN_CATALOGUE.default, 0, 10)).toEqual({ allowed: true, pins: 10, used: 0, adding: 10, upgrade: null });
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 9_000, 1_000).allowed).toBe(true);
  });

  it('refuses one past the pins and names the cheapest plan that holds them', () => {
    expect(pinsVerdict(PLAN_CATALOGUE.default, 4, 7)).toMatchObject({ allowed: false, upgrade: 'essential_2019' });
    expect(pinsVerdict(PLAN_CATALOGUE.default, 0, 742)).toMatchObject({ allowed: false, upgrade: 'essential_2019' });
    expect(pinsVerdict(PLAN_CATALOGUE.essential_2019, 500, 742)).toMatchObject({ allowed: false, upgrade: 'pro_2020' });
    expect(pinsVerdict(PLAN_CATALOGUE.pro_2020, 0, 50_000)).toMatchObject({ allowed: false, upgrade: 'advanced_2024' });
    expect(pinsVerdict(PLAN_CATALOGUE.advanced_2024, 0, 100_001)).toMatchObject({ allowed: false, upgrade: null });
  });
});
