/**
 * The value a correct formula being edited would have in the selected area, before it is saved:
 * each measure it reads is asked from the call that gives it elsewhere in the panel (census
 * figures from measures/compute, a business search's count, an own-data column's aggregation,
 * another indicator's value), then the domain's evaluateExpression combines them as the API does.
 * Nothing is asked while the formula is not correct or the area not saved.
 */
import { useQueries } from '@tanstack/react-query';
import { evaluateExpression, measureRefKey, type Area, type Country, type Expression, type MeasureRef } from '@catchment/domain';
import { aggregateMapDataset } from '../api/datasets.js';
import { computeMetrics } from '../api/metrics.js';
import { countSearch } from '../api/searches.js';
import { computeMeasures } from '../api/territories.js';

/** The value of one measure in the area (null: the area has none). */
function measureValue(mapId: string, area: Area, country: Country, measure: MeasureRef, signal: AbortSignal): Promise<number | null> {
  switch (measure.source) {
    case 'census':
      return computeMeasures(mapId, [area.uuid], country, signal)
        .then((answer) => answer.areas[0]?.measures.find((entry) => entry.key === measure.key)?.value ?? null);
    case 'poi':
      return countSearch(mapId, Number(measure.searchId), [area.geometry], signal).then((answer) => answer.counts[0] ?? null);
    case 'client_dataset':
      return aggregateMapDataset(mapId, Number(measure.datasetId), {
        polygons: [area.geometry], aggregateMethod: measure.method, ...(measure.column ? { operationColumn: measure.column } : {}),
      }, signal).then((answer) => answer.values[0] ?? null);
    case 'metric':
      return computeMetrics(mapId, [area.uuid], country, [measure.metricId], signal).then((answer) => answer.areas[0]?.metrics[0]?.value ?? null);
  }
}

export type FormulaPreview = { state: 'none' } | { state: 'loading' } | { state: 'failed' } | { state: 'done'; value: number | null };

export function useFormulaPreview(mapId: string | null, area: Area | null, country: Country, expression: Expression | null, measures: readonly MeasureRef[]): FormulaPreview {
  const ready = mapId !== null && area !== null && area.hash !== '' && expression !== null;
  const answers = useQueries({
    queries: (ready ? measures : []).map((measure) => ({
      queryKey: ['metric-preview', mapId, country, `${area!.uuid}:${area!.hash}`, measureRefKey(measure)],
      queryFn: ({ signal }: { signal: AbortSignal }) => measureValue(mapId!, area!, country, measure, signal),
      staleTime: 60_000,
    })),
  });
  if (!ready) return { state: 'none' };
  if (answers.some((answer) => answer.isError)) return { state: 'failed' };
  if (answers.some((answer) => answer.isPending)) return { state: 'loading' };
  const values = new Map(measures.map((measure, index) => [measureRefKey(measure), answers[index]!.data ?? null]));
  return { state: 'done', value: evaluateExpression(expression, (measure) => values.get(measureRefKey(measure)) ?? null) };
}
