/**
 * The heatmap of one of a map's indicators: its formula evaluated on each unit's own figures (the
 * indicators it reads evaluated the same way), then per km² of the unit's surface in density mode.
 * Each measure is read for every unit at once: a census figure from the unit's measures, a search's
 * business count and a dataset's count, sum or average from one spatial join grouped by unit
 * (unit-figures.repository.ts), with the definitions an area's indicators use (metric-values.ts):
 * the search's filter, the dataset's placed rows, the column an aggregation reads. A unit where a
 * measure has no figure (a unit known only by a point holds no business) has no value.
 *
 * The values are versioned by everything they are made of: the territorial data, the formulas, the
 * criteria of the searches read and the business data, the versions of the datasets read (moved on
 * with their rows) and their columns; a change to any draws a new heatmap, never a stale one.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DomainError, evaluateExpression, expressionMeasures, FEATURES, measureRefKey, parseFormula,
  type AggregateMethod, type Expression, type MeasureRef, type MeasureUnit,
} from '@catchment/domain';
import type { Database } from '../db/schema.js';
import { figureOf } from '../datasets/maps/dataset-figures.js';
import { aggregatedColumn, datasetNotFound } from '../datasets/maps/map-datasets.service.js';
import { mapMeasureSources } from '../metrics/map-measures.js';
import { isSerialId } from '../metrics/metric-values.js';
import { countVersions } from '../poi/count/count-versions.repository.js';
import { poiFilterKey, type PoiFilter } from '../poi/count/poi-filter.js';
import { filterOf, searchNotFound } from '../poi/searches/searches.service.js';
import type { TerritoryData } from '../territories/data/territory-data.js';
import type { HeatmapsRepository } from './heatmaps.repository.js';
import { unitCountryOf, type HeatmapRequest, type HeatmapValueSource } from './heatmap-value-source.js';
import { UnitFiguresRepository, type UnitScope } from './unit-figures.repository.js';

/** A measure as read per unit (an indicator's own measures, not the indicators it reads). */
type UnitMeasure =
  | { source: 'census'; key: string }
  | { source: 'poi'; filter: PoiFilter }
  | { source: 'client_dataset'; datasetId: number; column: number | null; method: AggregateMethod };

/** An indicator and those it reads, parsed, with the measures they read in all (by measureRefKey). */
interface ResolvedMetric {
  expressions: Map<string, Expression>;
  measures: Map<string, UnitMeasure>;
  /** What the values are made of beyond the territorial data, one line each (the version's hash). */
  madeOf: string[];
}

export class MetricHeatmapSource implements HeatmapValueSource {
  private readonly figures: UnitFiguresRepository;
  /** Each request's indicator resolved once: its plan check, version and values read the same formulas and searches. */
  private readonly resolved = new WeakMap<HeatmapRequest, Promise<ResolvedMetric>>();

  constructor(private readonly db: Kysely<Database>, private readonly repository: HeatmapsRepository, private readonly data: TerritoryData) {
    this.figures = new UnitFiguresRepository(db);
  }

  answers({ query, mapId }: HeatmapRequest): boolean {
    return query.metricId !== undefined && mapId !== null;
  }

  feature({ query }: HeatmapRequest): string {
    return FEATURES.heatmap('metric', query.country);
  }

  /** Counting a search's businesses needs what their counts in areas need. */
  async readFeatures(request: HeatmapRequest): Promise<string[]> {
    const { measures } = await this.resolve(request);
    return [...measures.values()].some((measure) => measure.source === 'poi') ? [FEATURES.poiCount] : [];
  }

  valuesKey({ query, mapId }: HeatmapRequest): string {
    return ['metric', mapId, query.metricId, query.adminDivision, query.country, query.densityMode].join(':');
  }

  async version(request: HeatmapRequest): Promise<string> {
    const [dataVersion, resolved] = await Promise.all([this.data.units.dataVersion(), this.resolve(request)]);
    return `${dataVersion}-${createHash('sha256').update(resolved.madeOf.join('\n')).digest('hex').slice(0, 16)}`;
  }

  unit(): MeasureUnit | null {
    return null;
  }

  async values(request: HeatmapRequest, codes?: readonly string[]): Promise<Map<string, number>> {
    const { query } = request;
    const resolved = await this.resolve(request);
    const scope: UnitScope = { kind: query.adminDivision, country: unitCountryOf(query), ...(codes ? { codes } : {}) };
    const [figures, surfaces] = await Promise.all([
      Promise.all([...resolved.measures].map(async ([key, measure]) => [key, await this.read(measure, scope)] as const)),
      query.densityMode === 'density' ? this.repository.surfacesKm2(scope) : null,
    ]);
    const byKey = new Map(figures);
    const unitCodes = new Set(figures.flatMap(([, values]) => [...values.keys()]));
    const values = new Map<string, number>();
    for (const code of unitCodes) {
      const value = evaluateIn(query.metricId!, resolved.expressions, (measure) => byKey.get(measureRefKey(measure))?.get(code) ?? null);
      if (value === null) continue;
      if (!surfaces) values.set(code, value);
      else {
        const surface = surfaces.get(code);
        if (surface !== undefined && surface > 0) values.set(code, value / surface);
      }
    }
    return values;
  }

  /** One measure's figure in each unit of the scope that has one. */
  private async read(measure: UnitMeasure, scope: UnitScope): Promise<Map<string, number | null>> {
    switch (measure.source) {
      case 'census': return this.repository.censusValues({ ...scope, measure: measure.key, mode: 'raw' });
      case 'poi': return this.figures.poiCounts(scope, measure.filter);
      case 'client_dataset': {
        const figures = await this.figures.datasetFigures(scope, measure.datasetId, measure.column);
        return new Map([...figures].map(([code, figure]) => [code, figureOf(figure, measure.method)]));
      }
    }
  }

  /**
   * The indicator asked for and those it reads, and the searches and datasets they read, refused as
   * an area's values refuse them (metric-values.ts): 404 for an indicator, search or dataset the map
   * no longer has, a column the dataset has not.
   */
  private resolve(request: HeatmapRequest): Promise<ResolvedMetric> {
    let resolving = this.resolved.get(request);
    if (!resolving) {
      resolving = this.resolveNow(request);
      this.resolved.set(request, resolving);
    }
    return resolving;
  }

  private async resolveNow({ query, mapId }: HeatmapRequest): Promise<ResolvedMetric> {
    const sources = await mapMeasureSources(this.db, mapId!);
    const rows = new Map(sources.metrics.map((row) => [row.id, row]));
    const expressions = new Map<string, Expression>();
    const measures = new Map<string, UnitMeasure>();
    const madeOf: string[] = [];
    const unitMeasure = (measure: Exclude<MeasureRef, { source: 'metric' }>): { measure: UnitMeasure; madeOf: string } => {
      switch (measure.source) {
        case 'census': return { measure, madeOf: measure.key };
        case 'poi': {
          if (!isSerialId(measure.searchId)) throw new DomainError('formulaUnknownMeasures');
          const search = sources.searches.find((row) => row.id === Number(measure.searchId));
          if (!search) throw searchNotFound();
          const filter = filterOf(search);
          return { measure: { source: 'poi', filter }, madeOf: poiFilterKey(filter) };
        }
        case 'client_dataset': {
          if (!isSerialId(measure.datasetId)) throw new DomainError('formulaUnknownMeasures');
          const entry = sources.datasets.find(({ dataset }) => dataset.id === Number(measure.datasetId));
          if (!entry) throw datasetNotFound(Number(measure.datasetId));
          const { column, index } = aggregatedColumn(entry, measure.method, measure.method === 'count' ? undefined : measure.column);
          const { dataset } = entry;
          return { measure: { source: 'client_dataset', datasetId: dataset.id, column: index, method: measure.method }, madeOf: `${dataset.id}@${dataset.version}:${JSON.stringify(column)}` };
        }
      }
    };
    const visit = (metricId: string): void => {
      if (expressions.has(metricId)) return;
      const row = rows.get(metricId);
      if (!row) throw new DomainError('metricNotFound');
      const parsed = parseFormula(row.formula);
      // Saved formulas parse (checked on every write); one that does not is refused, not drawn.
      if (!parsed.ok) throw new DomainError('formulaIncorrect', { details: { at: parsed.at } });
      expressions.set(metricId, parsed.expression);
      madeOf.push(`${metricId}=${JSON.stringify(row.formula)}`);
      for (const measure of expressionMeasures(parsed.expression)) {
        if (measure.source === 'metric') visit(measure.metricId);
        else {
          const key = measureRefKey(measure);
          if (measures.has(key)) continue;
          const read = unitMeasure(measure);
          measures.set(key, read.measure);
          madeOf.push(`${key}=${read.madeOf}`);
        }
      }
    };
    visit(query.metricId!);
    // Business counts are of the business data in force.
    if ([...measures.values()].some((measure) => measure.source === 'poi')) madeOf.push(`poi@${(await countVersions(this.db)).poiVersion}`);
    return { expressions, measures, madeOf: madeOf.sort() };
  }
}

/** An indicator's value in one unit, the indicators it reads evaluated there too (no cycles: refused on save). */
function evaluateIn(metricId: string, expressions: ReadonlyMap<string, Expression>, figure: (measure: MeasureRef) => number | null): number | null {
  const memo = new Map<string, number | null>();
  const valueOf = (id: string): number | null => {
    if (!memo.has(id)) {
      memo.set(id, evaluateExpression(expressions.get(id)!, (measure) => (measure.source === 'metric' ? valueOf(measure.metricId) : figure(measure))));
    }
    return memo.get(id)!;
  };
  return valueOf(metricId);
}
