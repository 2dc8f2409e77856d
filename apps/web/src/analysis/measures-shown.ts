/**
 * Which figures the census tab shows: only measures with a value where the areas lie (the demo's
 * French communes have a population but no age bands), and, said once, which groups of the
 * country's catalogue have none there.
 */
import { MEASURE_GROUPS, type AreaMeasures, type MeasureGroup, type MeasureValue } from '@catchment/domain';

/** The groups of measures without any value in the area, in the catalogue's order. */
export function missingGroups(measures: readonly MeasureValue[]): MeasureGroup[] {
  const missing = new Set(measures.filter((measure) => measure.value === null).map((measure) => measure.group));
  for (const measure of measures) if (measure.value !== null) missing.delete(measure.group);
  return MEASURE_GROUPS.filter((group) => missing.has(group));
}

/** The measures that have a value in at least one of the areas, in the order the server gave them. */
export function measuresWithValues(results: readonly AreaMeasures[]): MeasureValue[] {
  const shown = new Map<string, MeasureValue>();
  for (const result of results) {
    for (const measure of result.measures) if (measure.value !== null && !shown.has(measure.key)) shown.set(measure.key, measure);
  }
  const order = results.flatMap((result) => result.measures.map((measure) => measure.key));
  return [...shown.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}
