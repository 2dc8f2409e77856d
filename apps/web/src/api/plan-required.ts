/**
 * The API's 403 PLAN_REQUIRED (SPEC §6): something the user's plan does not include. The client
 * announces every such answer here, whichever call met it, so that one listener (the plans dialog,
 * plans/plans-dialog-context.tsx) offers the plan that unlocks it: no screen handles it on its own.
 */
import { ERROR_CODES, isPlan, type Plan } from '@catchment/domain';

export interface PlanRequired {
  /** The feature refused (plans/features.ts: `census:fr`, `export:multi_area`). */
  feature: string | null;
  /** The cheapest plan on sale that unlocks it; null when none does (or the server did not say). */
  plan: Plan | null;
}

type Listener = (required: PlanRequired) => void;
const listeners = new Set<Listener>();

/** The refusal an error answer stands for; null for any other answer. */
export function planRequiredOf(code: string, details: unknown): PlanRequired | null {
  if (code !== ERROR_CODES.planRequired) return null;
  const { feature, plan } = (typeof details === 'object' && details !== null ? details : {}) as { feature?: unknown; plan?: unknown };
  return { feature: typeof feature === 'string' ? feature : null, plan: isPlan(plan) ? plan : null };
}

/** Listens to every PLAN_REQUIRED answer; returns the way to stop. */
export function onPlanRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announcePlanRequired(required: PlanRequired): void {
  for (const listener of listeners) listener(required);
}
