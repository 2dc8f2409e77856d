/**
 * What the current user may do, as the app reads it: the plan in force and the feature patterns
 * the server sent with the user (GET /auth/me), a visitor having the free plan's. The rules are the
 * domain's (plans/): featureGranted reads the patterns, cheapestPlanGranting names the plan a lock
 * offers, the same function the API's 403 PLAN_REQUIRED uses.
 */
import { accessOf, cheapestPlanGranting, featureGranted, planDefinition, type Plan, type PlanDefinition, type User } from '@catchment/domain';

export interface PlanAccess {
  /** The plan in force (the server's `product`: the free plan once a plan has ended). */
  plan: PlanDefinition;
  /** Points of own data the account may keep: the plan's pins and its extra packs (the server's `pins`). */
  pins: number;
  /** Not logged in: the free plan, and locks offer to sign up. */
  visitor: boolean;
  /** Whether the plan grants `feature`. */
  may(feature: string): boolean;
  /** The cheapest plan on sale that unlocks `feature`, or null when the plan grants it (or no plan does). */
  lockOf(feature: string): Plan | null;
}

/** The access of a logged-in user, or of a visitor (null). */
export function planAccessOf(user: Pick<User, 'product' | 'features' | 'pins'> | null): PlanAccess {
  const visitorAccess = accessOf(undefined);
  const plan = user ? planDefinition(user.product) : visitorAccess.plan;
  const features = user ? user.features : visitorAccess.features;
  const may = (feature: string) => featureGranted(features, feature);
  return {
    plan,
    pins: user ? user.pins : visitorAccess.pins,
    visitor: user === null,
    may,
    lockOf: (feature) => (may(feature) ? null : cheapestPlanGranting(feature)),
  };
}
