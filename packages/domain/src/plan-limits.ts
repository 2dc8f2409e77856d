/**
 * What each plan allows on a map (SPEC §6, §9), from the plan catalogue: the free plan
 * ('default') at most FREE_MAX_AREAS_PER_MAP areas per map, paid plans unlimited. `product` is
 * the plan in force (plans/access.ts: a plan past its end date is the free plan). The server
 * enforces it; the web app reads the same rule to stop before a change the server would refuse.
 */
import type { Plan } from './enums.js';
import { planDefinition } from './plans/catalogue.js';

export const FREE_PLAN: Plan = 'default';

/** A caller without a product (a visitor, an account without one) is on the free plan. */
export function isFreePlan(product: string | null | undefined): boolean {
  return planDefinition(product).tier === 'free';
}

/** The areas a map may hold for a user of this product; null when unlimited. */
export function maxAreasPerMap(product: string | null | undefined): number | null {
  return planDefinition(product).maxAreasPerMap;
}

/** Whether adding `adding` areas to a map holding `areasInMap` stays within the plan's limit. */
export function withinAreaLimit(product: string | null | undefined, areasInMap: number, adding: number): boolean {
  const max = maxAreasPerMap(product);
  return max === null || areasInMap + adding <= max;
}
