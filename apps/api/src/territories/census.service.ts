/**
 * Census figures of areas: every measure of the area's country, apportioned over the territorial
 * units it covers (packages/geodata's TerritoryIndex), with the SPEC §8 refusals. Results are
 * cached by the area's geometry hash and the loaded data's generation, so the panel re-opening an
 * unchanged area costs nothing and a new import is never hidden by the cache.
 */
import {
  ERROR_CODES, MEASURES_BY_KEY, measuresOfCountry, translate,
  type AreaGeometry, type AreaMeasures, type Country, type Locale, type MeasureValue,
} from '@catchment/domain';
import type { CountryLocator, TerritoryStore } from '@catchment/geodata';
import { areaIsoCountry, coveredCountry, isTooLargeToAnalyse } from './area-extent.js';
import { RecentCache } from '../cache/recent-cache.js';

export interface AnalysedArea { uuid: string; hash: string; geometry: AreaGeometry }

type RawMeasure = Omit<MeasureValue, 'label' | 'unit' | 'group' | 'aggregation'>;
type RawResult = { country: Country; measures: RawMeasure[] } | { country: Country; error: 'polygonTooLarge' | 'noDataForCountry' };

const CACHE_ENTRIES = 500;

const ERROR_KEYS = {
  polygonTooLarge: { code: ERROR_CODES.polygonTooLarge, key: 'errors.polygonTooLarge' },
  noDataForCountry: { code: ERROR_CODES.noDataForCountry, key: 'errors.noDataForCountry' },
} as const;

export class CensusService {
  private readonly cache = new RecentCache<RawResult>(CACHE_ENTRIES);

  constructor(private readonly territories: TerritoryStore, private readonly countries: CountryLocator) {}

  /** The area's country among the covered ones (`ww` elsewhere). */
  countryOf(geometry: AreaGeometry): Country {
    return coveredCountry(areaIsoCountry(geometry, (point) => this.countries.countryAt(point)));
  }

  measuresOf(area: AnalysedArea, locale: Locale): AreaMeasures {
    const raw = this.rawMeasures(area);
    if ('error' in raw) {
      const { code, key } = ERROR_KEYS[raw.error];
      return { areaId: area.uuid, country: raw.country, measures: [], error: { code, message: translate(locale, key) } };
    }
    return { areaId: area.uuid, country: raw.country, measures: raw.measures.map((measure) => labelled(measure, locale)) };
  }

  private rawMeasures(area: AnalysedArea): RawResult {
    const cacheKey = `${this.territories.generation}:${area.hash}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const result = this.compute(area.geometry);
    this.cache.set(cacheKey, result);
    return result;
  }

  private compute(geometry: AreaGeometry): RawResult {
    const country = this.countryOf(geometry);
    if (isTooLargeToAnalyse(geometry)) return { country, error: 'polygonTooLarge' };
    const keys = measuresOfCountry(country).map((measure) => measure.key);
    const measures = this.territories.index.measures(geometry, keys);
    if (measures.every((measure) => measure.value === null)) return { country, error: 'noDataForCountry' };
    return { country, measures };
  }
}

function labelled(measure: RawMeasure, locale: Locale): MeasureValue {
  const definition = MEASURES_BY_KEY.get(measure.key)!;
  return {
    ...measure,
    label: translate(locale, `measures.${measure.key}`),
    unit: definition.unit,
    group: definition.group,
    aggregation: definition.aggregation.method,
  };
}
