/**
 * Plan limits on maps, by the rule of packages/domain (plan-limits.ts): the free plan ('default'
 * product) may have at most FREE_MAX_AREAS_PER_MAP areas in a map; paid products are unlimited.
 * The caller's own plan in force counts: the web app shows the limit to the user who hits it.
 */
import { DomainError, maxAreasPerMap, withinAreaLimit } from '@catchment/domain';
import type { ClientRow } from '../clients/clients.repository.js';
import { planInForceOf } from '../plans/plan-access.js';

export { FREE_PLAN, isFreePlan } from '@catchment/domain';

export const areaLimitReached = (product?: string) => new DomainError('areaLimitReached', { details: { maxAreas: maxAreasPerMap(product) } });

/** Throws 403 AREA_LIMIT_REACHED when a free-plan caller would end up with too many areas in the map. */
export function assertAreaLimit(caller: ClientRow | undefined, areasInMap: number, adding: number): void {
  const product = planInForceOf(caller);
  if (!withinAreaLimit(product, areasInMap, adding)) throw areaLimitReached(product);
}
