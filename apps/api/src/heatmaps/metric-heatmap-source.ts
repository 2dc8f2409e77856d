/**
 * The heatmap of one of a map's indicators: its formula evaluated on each unit's own census figures
 * (the indicators it reads evaluated the same way), then per km² of the unit's surface in density
 * mode. Only indicators made of census measures have values per unit: counting a search's
 * businesses or a dataset's rows in every unit of a country is another computation, so such an
 * indicator is refused with HEATMAP_METRIC_UNSUPPORTED rather than drawn wrong.
 */
import { createHash } from 'node:crypto';
import {
  DomainError, evaluateExpression, expressionMeasures, FEATURES, parseFormula,
  type Expression, type MeasureUnit,
} from '@catchment/domain';
import { MetricsRepository, type MetricRow } from '../metrics/metrics.repository.js';
import type { TerritoryData } from '../territories/data/territory-data.js';
import type { HeatmapsRepository } from './heatmaps.repository.js';
import { unitCountryOf, type HeatmapRequest, type HeatmapValueSource } from './heatmap-value-source.js';

/** An indicator and those it reads, parsed, with the census keys they read in all. */
interface ResolvedMetric { expressions: Map<string, Expression>; censusKeys: string[]; formulas: string }

export class MetricHeatmapSource implements HeatmapValueSource {
  constructor(private readonly repository: HeatmapsRepository, private readonly metrics: MetricsRepository, private readonly data: TerritoryData) {}

  answers({ query, mapId }: HeatmapRequest): boolean {
    return query.metricId !== undefined && mapId !== null;
  }

  feature({ query }: HeatmapRequest): string {
    return FEATURES.heatmap('metric', query.country);
  }

  valuesKey({ query, mapId }: HeatmapRequest): string {
    return ['metric', mapId, query.metricId, query.adminDivision, query.country, query.densityMode].join(':');
  }

  /** The territorial data's version and the formulas': changing the indicator, or one it reads, draws a new heatmap. */
  async version(request: HeatmapRequest): Promise<string> {
    const [dataVersion, resolved] = await Promise.all([this.data.units.dataVersion(), this.resolve(request)]);
    return `${dataVersion}-${createHash('sha256').update(resolved.formulas).digest('hex').slice(0, 16)}`;
  }

  unit(): MeasureUnit | null {
    return null;
  }

  async values(request: HeatmapRequest, codes?: readonly string[]): Promise<Map<string, number>> {
    const { query } = request;
    const resolved = await this.resolve(request);
    const scope = { kind: query.adminDivision, country: unitCountryOf(query), ...(codes ? { codes } : {}) };
    const [figures, surfaces] = await Promise.all([
      Promise.all(resolved.censusKeys.map(async (key) => [key, await this.repository.censusValues({ ...scope, measure: key, mode: 'raw' })] as const)),
      query.densityMode === 'density' ? this.repository.surfacesKm2(scope) : null,
    ]);
    const byKey = new Map(figures);
    const unitCodes = new Set(figures.flatMap(([, values]) => [...values.keys()]));
    const values = new Map<string, number>();
    for (const code of unitCodes) {
      const value = evaluateIn(query.metricId!, resolved.expressions, (key) => byKey.get(key)?.get(code) ?? null);
      if (value === null) continue;
      if (!surfaces) values.set(code, value);
      else {
        const surface = surfaces.get(code);
        if (surface !== undefined && surface > 0) values.set(code, value / surface);
      }
    }
    return values;
  }

  /** The indicator asked for and those it reads (404 when the map has no such indicator). */
  private async resolve({ query, mapId }: HeatmapRequest): Promise<ResolvedMetric> {
    const rows = new Map((await this.metrics.list(mapId!)).map((row) => [row.id, row]));
    const expressions = new Map<string, Expression>();
    const censusKeys = new Set<string>();
    const formulas: string[] = [];
    const visit = (metricId: string): void => {
      if (expressions.has(metricId)) return;
      const row: MetricRow | undefined = rows.get(metricId);
      if (!row) throw new DomainError('metricNotFound');
      const parsed = parseFormula(row.formula);
      // Saved formulas parse (checked on every write); one that does not is refused, not drawn.
      if (!parsed.ok) throw new DomainError('formulaIncorrect', { details: { at: parsed.at } });
      expressions.set(metricId, parsed.expression);
      formulas.push(`${metricId}=${JSON.stringify(row.formula)}`);
      for (const measure of expressionMeasures(parsed.expression)) {
        if (measure.source === 'census') censusKeys.add(measure.key);
        else if (measure.source === 'metric') visit(measure.metricId);
        else throw new DomainError('heatmapMetricUnsupported');
      }
    };
    visit(query.metricId!);
    return { expressions, censusKeys: [...censusKeys], formulas: formulas.sort().join('\n') };
  }
}

/** An indicator's value in one unit, the indicators it reads evaluated there too (no cycles: refused on save). */
function evaluateIn(metricId: string, expressions: ReadonlyMap<string, Expression>, census: (key: string) => number | null): number | null {
  const memo = new Map<string, number | null>();
  const valueOf = (id: string): number | null => {
    if (!memo.has(id)) {
      memo.set(id, evaluateExpression(expressions.get(id)!, (measure) => (measure.source === 'census' ? census(measure.key) : measure.source === 'metric' ? valueOf(measure.metricId) : null)));
    }
    return memo.get(id)!;
  };
  return valueOf(metricId);
}
