/**
 * Pins (SPEC §6, §9): the points of own data an account holds (free 10, ESSENTIAL 1,000, PRO
 * 10,000, ADVANCED 100,000, and 10,000 more per extra pack bought with a paid plan). An import that
 * would go past them is refused before it starts, naming the cheapest plan on sale that would hold
 * them and, on a plan sold with packs, how many packs would (the upsell).
 */
import { MAX_PIN_PACKS, PIN_PACK_SIZE, isPurchasablePlan } from '../billing/prices.js';
import { SOLD_PLANS, type PlanDefinition } from '../plans/catalogue.js';
import type { Plan } from '../enums.js';

export interface PinsVerdict {
  allowed: boolean;
  /** The account's pins (its packs included), those its datasets use already, and those the import adds. */
  pins: number;
  used: number;
  adding: number;
  /** The cheapest plan on sale holding used + adding, if one does (null: none, or already allowed). */
  upgrade: Plan | null;
  /** Extra packs to add to the plan in force for used + adding to fit (null: allowed, or no packs on this plan). */
  packs: number | null;
}

/** `pins`: the account's (Access.pins, packs included); the plan's own by default. */
export function pinsVerdict(plan: PlanDefinition, used: number, adding: number, pins: number = plan.pins): PinsVerdict {
  const needed = used + adding;
  const allowed = needed <= pins;
  const upgrade = allowed ? null : SOLD_PLANS.find((candidate) => candidate.rank > plan.rank && candidate.pins >= needed)?.id ?? null;
  const packsOwned = Math.max(0, Math.round((pins - plan.pins) / PIN_PACK_SIZE));
  const packsToAdd = Math.ceil((needed - pins) / PIN_PACK_SIZE);
  const packs = allowed || !isPurchasablePlan(plan.id) || packsOwned + packsToAdd > MAX_PIN_PACKS ? null : packsToAdd;
  return { allowed, pins, used, adding, upgrade, packs };
}
