/** The account's pins (packages/domain datasets/pins.ts) as the API enforces them when rows are added. */
import { DomainError, pinsVerdict, type ErrorName, type PlanDefinition } from '@catchment/domain';

/**
 * Throws unless the account's pins (`pins`: Access.pins, the plan's and its extra packs') hold
 * `adding` more points; the error (INSUFFICIENT_STORAGE for a file, CRM_DATA_LIMIT_REACHED for a
 * CRM list) names the pins, those used, those asked, the cheapest plan on sale that would hold them
 * and the extra packs that would.
 */
export function assertPins(
  plan: PlanDefinition, used: number, adding: number,
  kind: Extract<ErrorName, 'insufficientStorage' | 'crmDataLimitReached'> = 'insufficientStorage', pins: number = plan.pins,
): void {
  const verdict = pinsVerdict(plan, used, adding, pins);
  if (!verdict.allowed) throw new DomainError(kind, { details: { pins: verdict.pins, used: verdict.used, adding: verdict.adding, plan: verdict.upgrade, packs: verdict.packs } });
}
