/**
 * Plan limits on maps. The free plan ('default' product) may have at most FREE_MAX_AREAS_PER_MAP
 * areas in a map; paid products are unlimited. The caller's own plan counts: the web app shows
 * the limit to the user who hits it.
 */
import { DomainError, FREE_MAX_AREAS_PER_MAP, type Plan } from '@catchment/domain';

export const FREE_PLAN: Plan = 'default';

export const isFreePlan = (product: string | undefined) => product === undefined || product === FREE_PLAN;

export const areaLimitReached = () => new DomainError('areaLimitReached', { details: { maxAreas: FREE_MAX_AREAS_PER_MAP } });

/** Throws 403 AREA_LIMIT_REACHED when a free-plan caller would end up with too many areas in the map. */
export function assertAreaLimit(product: string | undefined, areasInMap: number, adding: number): void {
  if (isFreePlan(product) && areasInMap + adding > FREE_MAX_AREAS_PER_MAP) throw areaLimitReached();
}
