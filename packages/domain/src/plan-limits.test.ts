import { describe, expect, it } from 'vitest';
import { FREE_MAX_AREAS_PER_MAP } from './constants.js';
import { isFreePlan, maxAreasPerMap, withinAreaLimit } from './plan-limits.js';

describe('plan limits', () => {
  it('limits the free plan and visitors to FREE_MAX_AREAS_PER_MAP areas per map, paid plans not at all', () => {
    expect(maxAreasPerMap('default')).toBe(FREE_MAX_AREAS_PER_MAP);
    expect(maxAreasPerMap(undefined)).toBe(FREE_MAX_AREAS_PER_MAP);
    expect(maxAreasPerMap(null)).toBe(FREE_MAX_AREAS_PER_MAP);
    expect(maxAreasPerMap('pro_2020')).toBeNull();
    expect(isFreePlan('essential_2019')).toBe(false);
  });

  it('allows up to the limit, not one more', () => {
    expect(withinAreaLimit('default', FREE_MAX_AREAS_PER_MAP - 1, 1)).toBe(true);
    expect(withinAreaLimit('default', FREE_MAX_AREAS_PER_MAP, 1)).toBe(false);
    expect(withinAreaLimit('default', 8, 3)).toBe(false);
    expect(withinAreaLimit('advanced_2024', 10_000, 500)).toBe(true);
  });
});
