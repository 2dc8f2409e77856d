/**
 * What a user may do: the plan in force (a plan whose end date has passed is over: the account is
 * back on the free plan until it renews) and the features it grants. One pure module that the API
 * enforces and the web app shows from, so that they never disagree.
 */
import type { Plan } from '../enums.js';
import { PLAN_CATALOGUE, planDefinition, SOLD_PLANS, type PlanDefinition } from './catalogue.js';
import { featureGranted } from './features.js';
import { PIN_PACK_SIZE } from '../billing/prices.js';

export interface PlanHolder {
  product: string | null | undefined;
  /** ISO date or Date; null or absent: the plan does not end. */
  productEndDate?: string | Date | null | undefined;
  /** Extra packs of pins (SPEC §9) the holder's subscription pays for; they count while a paid plan is in force. */
  pinPacks?: number | null | undefined;
}

export interface Access {
  plan: PlanDefinition;
  /** The feature patterns the plan grants. */
  features: readonly string[];
  /** Points of own data the holder may keep: the plan's pins and its extra packs (SPEC §6, §9). */
  pins: number;
}

/** The plan in force at `now` for a stored product and end date (visitors: the free plan). */
export function planInForce(holder: PlanHolder | null | undefined, now: Date = new Date()): PlanDefinition {
  if (!holder) return PLAN_CATALOGUE.default;
  const end = holder.productEndDate ? new Date(holder.productEndDate) : null;
  if (end && !(end.getTime() > now.getTime())) return PLAN_CATALOGUE.default;
  return planDefinition(holder.product);
}

export function accessOf(holder: PlanHolder | null | undefined, now: Date = new Date()): Access {
  const plan = planInForce(holder, now);
  // Packs are sold with a paid plan and end with it: an account back on the free plan keeps its 10 pins.
  const packs = plan.tier === 'free' ? 0 : Math.max(0, Math.trunc(holder?.pinPacks ?? 0));
  return { plan, features: plan.features, pins: plan.pins + packs * PIN_PACK_SIZE };
}

/** Whether the holder may use `feature` now. */
export function mayUse(holder: PlanHolder | null | undefined, feature: string, now: Date = new Date()): boolean {
  return featureGranted(planInForce(holder, now).features, feature);
}

/** The cheapest plan on sale that grants `feature` (what the lock and the 403 offer); null: none does. */
export function cheapestPlanGranting(feature: string): Plan | null {
  return SOLD_PLANS.find((plan) => featureGranted(plan.features, feature))?.id ?? null;
}
