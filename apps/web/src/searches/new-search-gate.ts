/**
 * What happens when a user makes a business search (SPEC §5, §6): Pro and above make as many as
 * they like (poi_create_no_limit for the catalogue's country); others their plan's first searches
 * (poi_create and fewer than maxSearches: the free plan's one), after which the limit popup says
 * so; a visitor is asked to sign up. The server decides in the end (403 SEARCH_LIMIT_REACHED counts
 * the user's searches on every map): this spares the user an editor whose search cannot be saved.
 */
import { FEATURES } from '@catchment/domain';
import type { PlanAccess } from '../plans/plan-access.js';

export type NewSearchGate = 'open' | 'limit' | 'signup';

export function newSearchGate(access: Pick<PlanAccess, 'visitor' | 'may' | 'plan'>, catalogueCountry: string, searchesOnMap: number): NewSearchGate {
  if (access.visitor) return 'signup';
  if (access.may(FEATURES.poiCreateNoLimit(catalogueCountry))) return 'open';
  const { maxSearches } = access.plan;
  const underLimit = maxSearches === null || searchesOnMap < maxSearches;
  return access.may(FEATURES.poiCreate(catalogueCountry)) && underLimit ? 'open' : 'limit';
}
