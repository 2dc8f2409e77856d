/** The plan's pins (packages/domain datasets/pins.ts) as the API enforces them when rows are added. */
import { DomainError, pinsVerdict, type ErrorName, type PlanDefinition } from '@catchment/domain';

/**
 * Throws unless the plan's pins hold `adding` more points; the error (INSUFFICIENT_STORAGE for a
 * file, CRM_DATA_LIMIT_REACHED for a CRM list) names the pins, those used, those asked and the
 * cheapest plan on sale that would hold them.
 */
export function assertPins(plan: PlanDefinition, used: number, adding: number, kind: Extract<ErrorName, 'insufficientStorage' | 'crmDataLimitReached'> = 'insufficientStorage'): void {
  const verdict = pinsVerdict(plan, used, adding);
  if (!verdict.allowed) throw new DomainError(kind, { details: { pins: verdict.pins, used: verdict.used, adding: verdict.adding, plan: verdict.upgrade } });
}
