/**
 * The values of a map's indicators in its areas (SPEC §7 metrics/compute): each measure a formula
 * reads is taken from the service that answers it in the app, as the report does — census figures
 * from the area measures (measures/compute's), business counts from the searches, own-data counts,
 * sums and averages from the map's datasets — then the formulas are evaluated area by area. Each
 * measure is read once for all the areas (once per area for the census, whose figures come
 * together), whatever the number of indicators reading it; an indicator read by others is evaluated
 * once per area.
 */
import {
  DomainError, evaluateExpression, measureRefKey, parseFormula, translate,
  type AreaMetrics, type Country, type Expression, type Locale, type MeasureRef, type MetricValue,
} from '@catchment/domain';
import type { MapDatasetsService } from '../datasets/maps/map-datasets.service.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import type { MapRef } from '../maps/map-ref.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { SearchesService } from '../poi/searches/searches.service.js';
import type { MetricRow } from './metrics.repository.js';

/** A measure's value in one area, or why it has none that the user should be told. */
type Reading = { value: number | null; error?: undefined } | { value: null; error: { code: string; message: string } };

export interface MetricValueSources {
  measures: AreaMeasuresService;
  searches: SearchesService;
  mapDatasets: MapDatasetsService;
}

export interface MetricValuesRequest {
  ref: MapRef;
  clientId: number | undefined;
  /** The areas, in the order of the answer. */
  areas: readonly AreaRecord[];
  /** All the map's indicators (those asked for read others). */
  metrics: readonly MetricRow[];
  /** The indicators to give, in this order. */
  metricIds: readonly string[];
  /** The analysis country asked for (each area's own without it), as for measures/compute. */
  country?: Country | undefined;
  locale: Locale;
  /** Told of a census source's failure (the area's values then carry CENSUS_RETRIEVAL_ERROR). */
  onFailure?: (error: unknown) => void;
}

/** A domain refusal as an area's reading; anything else is not the user's to read and goes on up. */
function refusal(error: unknown, locale: Locale): Reading {
  if (!(error instanceof DomainError)) throw error;
  return { value: null, error: { code: error.code, message: translate(locale, error.messageKey, stringDetails(error.details)) } };
}

const stringDetails = (details: unknown): Record<string, string | number> =>
  Object.fromEntries(Object.entries(details && typeof details === 'object' ? details : {}).filter(([, value]) => typeof value === 'string' || typeof value === 'number'));

/** Whether a measure's search or dataset id can name one (the ids are serials): anything else names nothing. */
export const isSerialId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

export class MetricValues {
  constructor(private readonly sources: MetricValueSources) {}

  async compute(request: MetricValuesRequest): Promise<AreaMetrics[]> {
    const { areas, locale } = request;
    const byId = new Map(request.metrics.map((metric) => [metric.id, metric]));
    const expressions = new Map<string, Expression | null>();
    const expressionOf = (metricId: string): Expression | null => {
      if (!expressions.has(metricId)) {
        const tokens = byId.get(metricId)?.formula;
        const parsed = tokens ? parseFormula(tokens) : null;
        expressions.set(metricId, parsed?.ok ? parsed.expression : null);
      }
      return expressions.get(metricId)!;
    };

    const { readings, countries } = await this.readMeasures(request, this.baseMeasures(request.metricIds, expressionOf));

    return areas.map((area, index): AreaMetrics => {
      // Per area: each indicator evaluated once, however many others read it.
      const evaluated = new Map<string, Reading>();
      const evaluating = new Set<string>();
      const metricReading = (metricId: string): Reading => {
        const known = evaluated.get(metricId);
        if (known) return known;
        const expression = expressionOf(metricId);
        // Cycles are refused when formulas are saved; one met anyway has no value rather than no end.
        if (!expression || evaluating.has(metricId)) return refusal(new DomainError(expression ? 'metricCycle' : 'metricNotFound'), locale);
        evaluating.add(metricId);
        let error: Reading['error'];
        const value = evaluateExpression(expression, (measure) => {
          const reading = measure.source === 'metric' ? metricReading(measure.metricId) : readings.get(measureRefKey(measure))![index]!;
          error ??= reading.error;
          return reading.value;
        });
        evaluating.delete(metricId);
        const reading: Reading = error ? { value: null, error } : { value };
        evaluated.set(metricId, reading);
        return reading;
      };
      const metrics = request.metricIds.map((metricId): MetricValue => {
        const { value, error } = metricReading(metricId);
        return error ? { metricId, value, error } : { metricId, value };
      });
      return { areaId: area.uuid, country: countries[index]!, metrics };
    });
  }

  /** The measures other than indicators that the indicators read, directly or through others, each once. */
  private baseMeasures(metricIds: readonly string[], expressionOf: (metricId: string) => Expression | null): MeasureRef[] {
    const found = new Map<string, MeasureRef>();
    const seen = new Set<string>();
    const visit = (node: Expression): void => {
      if (node.kind === 'negate') visit(node.operand);
      else if (node.kind === 'binary') { visit(node.left); visit(node.right); }
      else if (node.kind === 'measure') {
        if (node.measure.source !== 'metric') found.set(measureRefKey(node.measure), node.measure);
        else visitMetric(node.measure.metricId);
      }
    };
    const visitMetric = (metricId: string) => {
      if (seen.has(metricId)) return;
      seen.add(metricId);
      const expression = expressionOf(metricId);
      if (expression) visit(expression);
    };
    metricIds.forEach(visitMetric);
    return [...found.values()];
  }

  /**
   * Each measure's reading in every area (in the areas' order), by measureRefKey, and each area's
   * data country (the census figures say it; placing the area in its country again costs as much).
   */
  private async readMeasures(request: MetricValuesRequest, measures: readonly MeasureRef[]): Promise<{ readings: Map<string, Reading[]>; countries: Country[] }> {
    const { ref, clientId, areas, locale } = request;
    const polygons = areas.map((area) => area.geometry);
    const everywhere = (reading: Reading): Reading[] => areas.map(() => reading);
    const census = measures.some((measure) => measure.source === 'census')
      ? Promise.all(areas.map((area) => this.sources.measures.measuresOf(area, { locale, country: request.country, ...(request.onFailure ? { onFailure: request.onFailure } : {}) })))
      : Promise.resolve([]);
    const unknown = refusal(new DomainError('formulaUnknownMeasures'), locale);

    const read = async (measure: MeasureRef): Promise<Reading[]> => {
      switch (measure.source) {
        case 'census': return (await census).map((figures): Reading => {
          if (figures.error) return { value: null, error: figures.error };
          return { value: figures.measures.find((figure) => figure.key === measure.key)?.value ?? null };
        });
        case 'poi': {
          if (!isSerialId(measure.searchId)) return everywhere(unknown);
          try {
            const counts = await this.sources.searches.count(ref, clientId, Number(measure.searchId), polygons);
            return counts.map((count) => ({ value: count.count }));
          } catch (error) { return everywhere(refusal(error, locale)); }
        }
        case 'client_dataset': {
          if (!isSerialId(measure.datasetId)) return everywhere(unknown);
          try {
            const { values } = await this.sources.mapDatasets.aggregate(ref, clientId, Number(measure.datasetId), {
              polygons, aggregateMethod: measure.method, operationColumn: measure.method === 'count' ? undefined : measure.column,
            });
            return values.map((value) => ({ value }));
          } catch (error) { return everywhere(refusal(error, locale)); }
        }
        case 'metric': throw new Error('indicators are evaluated, not read');
      }
    };
    const readings = new Map(await Promise.all(measures.map(async (measure) => [measureRefKey(measure), await read(measure)] as const)));
    const figures = await census;
    const countries = areas.map((area, index) => figures[index]?.country ?? this.sources.measures.scopeOf(area, request.country).country);
    return { readings, countries };
  }
}

