/**
 * The figures of an area, from every measure source (measure-source.ts), with the SPEC §8
 * refusals that hold whatever the source: an area reaching past the analysis limit, a country
 * where no source has any figure. Labels are in the request's language. The figures are those of
 * the area's own country, or of the country the user chose in the analysis panel (measure-scope.ts).
 */
import {
  DomainError, ERROR_CODES, MEASURES_BY_KEY, translate,
  type AreaGeometry, type AreaMeasures, type Country, type Locale, type MeasureValue,
} from '@catchment/domain';
import type { CountryLocator } from '@catchment/geodata';
import { areaIsoCountry, coveredCountry, isTooLargeToAnalyse } from '../territories/area-extent.js';
import { measureScope, type MeasureScope } from './measure-scope.js';
import type { MeasuredArea, MeasureSource, RawFigure } from './measure-source.js';

export interface MeasuresRequest {
  locale: Locale;
  /** The country whose data the user chose; the area's own country without it. */
  country?: Country | undefined;
  /** Told of a source's failure that the area's CENSUS_RETRIEVAL_ERROR stands for. */
  onFailure?: (error: unknown) => void;
}

export class AreaMeasuresService {
  constructor(private readonly sources: readonly MeasureSource[], private readonly countries: CountryLocator) {}

  /** The area's country among the covered ones (`ww` elsewhere). */
  countryOf(geometry: AreaGeometry): Country {
    return coveredCountry(areaIsoCountry(geometry, (point) => this.countries.countryAt(point)));
  }

  /** Whose data measures the area: its own country's, or the one asked for (measure-scope.ts). */
  scopeOf(area: MeasuredArea, requested: Country | undefined): MeasureScope {
    return measureScope(this.countryOf(area.geometry), requested);
  }

  /**
   * The area's figures. A source failing for a reason of its own (not a refusal the client can act
   * on, such as a busy server) gives the area a CENSUS_RETRIEVAL_ERROR, reported to `onFailure`,
   * rather than failing the other areas of the request.
   */
  async measuresOf(area: MeasuredArea, { locale, country: requested, onFailure = () => {} }: MeasuresRequest): Promise<AreaMeasures> {
    const scope = this.scopeOf(area, requested);
    const { country } = scope;
    if (isTooLargeToAnalyse(area.geometry)) return refused(area, country, locale, ERROR_CODES.polygonTooLarge, 'errors.polygonTooLarge');
    let figures: RawFigure[];
    try {
      figures = (await Promise.all(this.sources.map((source) => source.figures(area, scope)))).flat();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      onFailure(error);
      return refused(area, country, locale, ERROR_CODES.censusRetrieval, 'errors.censusRetrieval');
    }
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
