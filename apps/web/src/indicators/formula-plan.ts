/**
 * Which plan a formula needs (SPEC §6: indicators from Pro, formulas reading several measures from
 * Advanced), as the API decides it: the editor names the plan before the server would refuse.
 */
import { FEATURES, tokenMeasures, type FormulaToken } from '@catchment/domain';

/** The feature a formula needs: reading two measures or more, or another indicator, is an advanced formula. */
export function formulaFeature(tokens: readonly FormulaToken[]): string {
  const measures = tokenMeasures(tokens);
  return measures.length > 1 || measures.some((measure) => measure.source === 'metric') ? FEATURES.metricFormulas : FEATURES.metrics;
}
