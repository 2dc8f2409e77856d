/**
 * The census figures of a map's areas, as measures/compute answers them and the census exports
 * write them, for a caller (a session's user, or the account an app key acts for): who may read
 * the map first (404 otherwise, whatever the plan), then the plan (403 PLAN_REQUIRED), then the
 * figures.
 */
import { FEATURES, type AreaMeasures, type Country, type Locale } from '@catchment/domain';
import type { AreaRecord } from '../maps/areas.repository.js';
import { parseMapRef } from '../maps/map-ref.js';
import type { MapStore } from '../maps/map-store.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { readableAreas } from './map-areas.js';

export interface AreaCensusServices { store: MapStore; plans: PlanAccess; measures: AreaMeasuresService }

export interface CensusRequest {
  clientId: number | undefined;
  locale: Locale;
  mapId: string;
  areaIds: string[];
  country: Country | undefined;
  /** What the export needs besides the census, checked first so that a refusal names the plan that unlocks it all. */
  features?: string[];
  /** Told of an area whose figures could not be computed (the area then has none). */
  onFailure(area: AreaRecord, error: unknown): void;
}

/** The analysis country of a request, for the per-country features; absent: the worldwide census. */
export const featureCountry = (country: string | undefined) => country ?? 'ww';

export async function censusOfAreas({ store, plans, measures }: AreaCensusServices, request: CensusRequest): Promise<{ areas: AreaRecord[]; figures: AreaMeasures[] }> {
  const { clientId, locale, country } = request;
  const areas = await readableAreas(store, parseMapRef(request.mapId), clientId, request.areaIds);
  await plans.require(clientId, ...(request.features ?? []), FEATURES.census(featureCountry(country)));
  const figures = await Promise.all(areas.map((area) => measures.measuresOf(area, { locale, country, onFailure: (error: unknown) => request.onFailure(area, error) })));
  return { areas, figures };
}
