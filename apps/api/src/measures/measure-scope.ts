/**
 * Whose data measures an area. By default the area's own country (where its centre lies), with
 * every dataset loaded over the ground it covers: national kinds, and the worldwide ones where no
 * national kind has the measure (a neighbour country's cities at a border). A country the user
 * chose in the analysis panel instead keeps only that country's datasets, and `ww` (the rest of
 * the world) only the worldwide ones (GeoNames cities), even where a national dataset has the
 * measure: the user asked for the figures of that source, not for the best one.
 */
import { UNIT_KINDS, type AdministrativeKind, type Country } from '@catchment/domain';

export interface MeasureScope {
  /** The country whose measures are given. */
  country: Country;
  /** True when the user chose another country than the area's own: only that country's kinds count. */
  chosen: boolean;
}

/** The scope of an area whose own country is `detected`, for the country a request asked for (if any). */
export function measureScope(detected: Country, requested: Country | undefined): MeasureScope {
  return requested === undefined || requested === detected ? { country: detected, chosen: false } : { country: requested, chosen: true };
}

/** Of the loaded kinds, those whose units count in the scope. */
export function kindsInScope(scope: MeasureScope, loaded: readonly AdministrativeKind[]): AdministrativeKind[] {
  return scope.chosen ? loaded.filter((kind) => UNIT_KINDS[kind].country === scope.country) : [...loaded];
}

/** Whether a worldwide unit gives way to a national kind that has the measure (not when the worldwide data was asked for). */
export const nationalDataPrevails = (scope: MeasureScope): boolean => !(scope.chosen && scope.country === 'ww');

/** What figures of an area are cached under: its geometry hash, and the country when one was chosen. */
export const scopedCacheKey = (areaHash: string, scope: MeasureScope): string => (scope.chosen ? `${areaHash}|${scope.country}` : areaHash);
