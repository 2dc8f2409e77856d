/**
 * The figures of an area, from every measure source (measure-source.ts), with the SPEC §8
 * refusals that hold whatever the source: an area reaching past the analysis limit, a country
 * where no source has any figure. Labels are in the request's language.
 */
import {
  ERROR_CODES, MEASURES_BY_KEY, translate,
  type AreaGeometry, type AreaMeasures, type Country, type Locale, type MeasureValue,
} from '@catchment/domain';
import type { CountryLocator } from '@catchment/geodata';
import { areaIsoCountry, coveredCountry, isTooLargeToAnalyse } from '../territories/area-extent.js';
import type { MeasuredArea, MeasureSource, RawFigure } from './measure-source.js';

export class AreaMeasuresService {
  constructor(private readonly sources: readonly MeasureSource[], private readonly countries: CountryLocator) {}

  /** The area's country among the covered ones (`ww` elsewhere). */
  countryOf(geometry: AreaGeometry): Country {
    return coveredCountry(areaIsoCountry(geometry, (point) => this.countries.countryAt(point)));
  }

  async measuresOf(area: MeasuredArea, locale: Locale): Promise<AreaMeasures> {
    const country = this.countryOf(area.geometry);
    if (isTooLargeToAnalyse(area.geometry)) return refused(area, country, locale, ERROR_CODES.polygonTooLarge, 'errors.polygonTooLarge');
    const figures = (await Promise.all(this.sources.map((source) => source.figures(area, country)))).flat();
    if (figures.every((figure) => figure.value === null)) return refused(area, country, locale, ERROR_CODES.noDataForCountry, 'errors.noDataForCountry');
    return { areaId: area.uuid, country, measures: figures.map((figure) => labelled(figure, locale)) };
  }
}

function refused(area: MeasuredArea, country: Country, locale: Locale, code: string, key: string): AreaMeasures {
  return { areaId: area.uuid, country, measures: [], error: { code, message: translate(locale, key) } };
}

function labelled(figure: RawFigure, locale: Locale): MeasureValue {
  const definition = MEASURES_BY_KEY.get(figure.key)!;
  return {
    ...figure,
    label: translate(locale, `measures.${figure.key}`),
    unit: definition.unit,
    group: definition.group,
    aggregation: definition.aggregation.method,
  } as MeasureValue;
}
