/**
 * Pins (SPEC §6, §9): the points of own data an account's plan holds (free 10, ESSENTIAL 1,000,
 * PRO 10,000, ADVANCED 100,000). An import that would go past them is refused before it starts,
 * naming the cheapest plan on sale that would hold them (the upsell).
 */
import { SOLD_PLANS, type PlanDefinition } from '../plans/catalogue.js';
import type { Plan } from '../enums.js';

export interface PinsVerdict {
  allowed: boolean;
  /** The plan's pins, those its datasets use already, and those the import adds. */
  pins: number;
  used: number;
  adding: number;
  /** The cheapest plan on sale holding used + adding, if one does (null: none, or already allowed). */
  upgrade: Plan | null;
}

export function pinsVerdict(plan: PlanDefinition, used: number, adding: number): PinsVerdict {
  const needed = used + adding;
  const allowed = needed <= plan.pins;
  const upgrade = allowed ? null : SOLD_PLANS.find((candidate) => candidate.rank > plan.rank && candidate.pins >= needed)?.id ?? null;
  return { allowed, pins: plan.pins, used, adding, upgrade };
}
