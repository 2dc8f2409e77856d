/**
 * What each plan allows on a map (SPEC §6, §9): the free plan ('default') at most
 * FREE_MAX_AREAS_PER_MAP areas per map, paid plans unlimited. The server enforces it; the web app
 * reads the same rule to stop before a change the server would refuse.
 */
import { FREE_MAX_AREAS_PER_MAP } from './constants.js';
import type { Plan } from './enums.js';

export const FREE_PLAN: Plan = 'default';

/** A caller without a product (a visitor, an account without one) is on the free plan. */
export function isFreePlan(product: string | null | undefined): boolean {
  return product === undefined || product === null || product === FREE_PLAN;
}

/** The areas a map may hold for a user of this product; null when unlimited. */
export function maxAreasPerMap(product: string | null | undefined): number | null {
  return isFreePlan(product) ? FREE_MAX_AREAS_PER_MAP : null;
}

/** Whether adding `adding` areas to a map holding `areasInMap` stays within the plan's limit. */
export function withinAreaLimit(product: string | null | undefined, areasInMap: number, adding: number): boolean {
  const max = maxAreasPerMap(product);
  return max === null || areasInMap + adding <= max;
}
