import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, type Plan } from '@catchment/domain';
import { planAccessOf } from '../plans/plan-access.js';
import { newSearchGate } from './new-search-gate.js';

/** A user on a plan, with the features the server sends for it (the catalogue's). */
const user = (product: Plan) => planAccessOf({ product, features: [...PLAN_CATALOGUE[product].features], pins: PLAN_CATALOGUE[product].pins });

describe('newSearchGate', () => {
  it('lets Pro make as many searches as it likes', () => {
    expect(newSearchGate(user('pro_2020'), 'ad', 12)).toBe('open');
  });
  it("gives the free plan its first search only, then the limit popup", () => {
    expect(newSearchGate(user('default'), 'ad', 0)).toBe('open');
    expect(newSearchGate(user('default'), 'ad', 1)).toBe('limit');
  });
  it('asks a visitor to sign up', () => {
    expect(newSearchGate(planAccessOf(null), 'fr', 0)).toBe('signup');
  });
});
