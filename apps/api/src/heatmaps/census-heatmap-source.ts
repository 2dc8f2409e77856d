/** The census measures' values per unit (raw, or per km² of the unit's surface), versioned by the territorial data. */
import { FEATURES, MEASURES_BY_KEY, type MeasureUnit } from '@catchment/domain';
import type { TerritoryData } from '../territories/data/territory-data.js';
import type { HeatmapsRepository } from './heatmaps.repository.js';
import { unitCountryOf, type HeatmapRequest, type HeatmapValueSource } from './heatmap-value-source.js';

export class CensusHeatmapSource implements HeatmapValueSource {
  constructor(private readonly repository: HeatmapsRepository, private readonly data: TerritoryData) {}

  answers({ query }: HeatmapRequest): boolean {
    return query.measure !== undefined;
  }

  feature({ query }: HeatmapRequest): string {
    return FEATURES.heatmap(measureOf(query.measure), query.country);
  }

  valuesKey({ query }: HeatmapRequest): string {
    // The map does not count: a census measure has the same values on every map.
    return ['census', measureOf(query.measure), query.adminDivision, query.country, query.densityMode].join(':');
  }

  async version(): Promise<string> {
    return String(await this.data.units.dataVersion());
  }

  unit({ query }: HeatmapRequest): MeasureUnit | null {
    return MEASURES_BY_KEY.get(measureOf(query.measure))?.unit ?? null;
  }

  values({ query }: HeatmapRequest, codes?: readonly string[]): Promise<Map<string, number>> {
    return this.repository.censusValues({
      kind: query.adminDivision, country: unitCountryOf(query), measure: measureOf(query.measure), mode: query.densityMode, ...(codes ? { codes } : {}),
    });
  }
}

/** The query's measure (the source answers only queries that have one). */
function measureOf(measure: string | undefined): string {
  if (measure === undefined) throw new Error('a census heatmap without a measure');
  return measure;
}
