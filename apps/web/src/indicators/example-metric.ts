/**
 * The indicator the empty state offers to start from, made of what the map has: the population per
 * business of the first search ("Population ÷ Restaurants"), else the population in thousands.
 * Null when the country's census gives no population.
 */
import { measureRefKey, type FormulaToken, type MetricWidgets } from '@catchment/domain';

export interface ExampleMetric { formula: FormulaToken[]; /** The search the population is divided by; null for the thousands. */ searchLabel: string | null }

export function exampleMetric(widgets: MetricWidgets | undefined): ExampleMetric | null {
  const choices = widgets?.widgets.flatMap((widget) => widget.measures) ?? [];
  const population = choices.find((choice) => measureRefKey(choice.measure) === 'census:population');
  if (!population) return null;
  const search = choices.find((choice) => choice.measure.source === 'poi');
  const divide: FormulaToken = { type: 'operator', value: '/' };
  return search
    ? { formula: [{ type: 'measure', measure: population.measure }, divide, { type: 'measure', measure: search.measure }], searchLabel: search.label }
    : { formula: [{ type: 'measure', measure: population.measure }, divide, { type: 'value', value: 1000 }], searchLabel: null };
}
