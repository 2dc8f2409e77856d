/**
 * The measures a map's formulas may read (SPEC §3 Measure): census figures of the catalogue, the
 * counts of the map's business searches, counts, sums and averages of its datasets' numeric columns,
 * and its other indicators. One description serves the check of a formula ("all measures known",
 * SPEC §5) and the editor's chips (GET …/widgets/metrics), so the editor offers what a save accepts.
 */
import type { Kysely } from 'kysely';
import {
  searchMeasures, searchTitle, tokenMeasures, translate,
  type Country, type Locale, type MeasureChoice, type MeasureRef, type MetricWidget, MEASURES_BY_KEY,
} from '@catchment/domain';
import type { Database } from '../db/schema.js';
import { numericColumns } from '../datasets/column-counts.js';
import { MapDatasetsRepository, type MapDatasetEntry } from '../datasets/maps/map-datasets.repository.js';
import { SearchesRepository, type SearchRow } from '../poi/searches/searches.repository.js';
import { MetricsRepository, type MetricRow } from './metrics.repository.js';

/** What a map holds that formulas read. */
export interface MapMeasureSources {
  searches: SearchRow[];
  datasets: MapDatasetEntry[];
  metrics: MetricRow[];
}

/** The map's searches, datasets and indicators, read through `db` (a transaction's, when writing). */
export async function mapMeasureSources(db: Kysely<Database>, mapId: number): Promise<MapMeasureSources> {
  const [searches, datasets, metrics] = await Promise.all([
    new SearchesRepository(db).list(mapId), new MapDatasetsRepository(db).list(mapId), new MetricsRepository(db).list(mapId),
  ]);
  return { searches, datasets, metrics };
}

/** The indicators a formula reads, by id. */
export const metricsRead = (formula: MetricRow['formula']): string[] =>
  tokenMeasures(formula).flatMap((measure) => (measure.source === 'metric' ? [measure.metricId] : []));

/**
 * `metricId` and the indicators that read it, directly or through others: those a formula of
 * `metricId` may not read (it would read itself).
 */
export function metricAndReaders(metrics: readonly MetricRow[], metricId: string): Set<string> {
  const found = new Set([metricId]);
  for (let grown = true; grown;) {
    grown = false;
    for (const metric of metrics) {
      if (!found.has(metric.id) && metricsRead(metric.formula).some((id) => found.has(id))) { found.add(metric.id); grown = true; }
    }
  }
  return found;
}

/**
 * Whether a formula may read the measure on this map: a census key of the catalogue (of any country:
 * the data country is the analysis panel's, chosen per request, and a key a country does not publish
 * has no value there), a search or an indicator of the map, a dataset on the map (its sums and
 * averages of a numeric column).
 */
export function isKnownOn(sources: MapMeasureSources): (measure: MeasureRef) => boolean {
  return (measure) => {
    switch (measure.source) {
      case 'census': return MEASURES_BY_KEY.has(measure.key);
      case 'poi': return sources.searches.some((search) => String(search.id) === measure.searchId);
      case 'metric': return sources.metrics.some((metric) => metric.id === measure.metricId);
      case 'client_dataset': {
        const entry = sources.datasets.find(({ dataset }) => String(dataset.id) === measure.datasetId);
        if (!entry) return false;
        return measure.method === 'count' || numericColumns(entry.dataset.columns, entry.dataset.column_counts).includes(measure.column ?? '');
      }
    }
  };
}

/** The editor's chips by source, named in `locale`; `editing`: the indicator being edited, left out with its readers. */
export function metricWidgets(sources: MapMeasureSources, country: Country, locale: Locale, editing?: string): MetricWidget[] {
  const census: MeasureChoice[] = searchMeasures(country, undefined, locale)
    .map((measure) => ({ measure: { source: 'census', key: measure.key }, label: measure.label, unit: measure.unit }));
  const poi: MeasureChoice[] = sources.searches.map((search) => ({
    measure: { source: 'poi', searchId: String(search.id) },
    label: searchTitle(search, locale) ?? translate(locale, 'metrics.unnamedSearch', { id: search.id }),
  }));
  const datasets: MeasureChoice[] = sources.datasets.flatMap(({ dataset }) => {
    const datasetId = String(dataset.id);
    return [
      { measure: { source: 'client_dataset' as const, datasetId, method: 'count' as const }, label: translate(locale, 'metrics.datasetCount', { dataset: dataset.name }) },
      ...numericColumns(dataset.columns, dataset.column_counts).flatMap((column) => (['sum', 'average'] as const).map((method) => ({
        measure: { source: 'client_dataset' as const, datasetId, method, column },
        label: translate(locale, method === 'sum' ? 'metrics.datasetSum' : 'metrics.datasetAverage', { dataset: dataset.name, column }),
      }))),
    ];
  });
  const excluded = editing === undefined ? new Set<string>() : metricAndReaders(sources.metrics, editing);
  const metrics: MeasureChoice[] = sources.metrics.filter((metric) => !excluded.has(metric.id))
    .map((metric) => ({ measure: { source: 'metric', metricId: metric.id }, label: metric.name }));
  return [
    { id: 'census', measures: census },
    { id: 'poi', measures: poi },
    { id: 'client_dataset', measures: datasets },
    { id: 'metric', measures: metrics },
  ];
}

