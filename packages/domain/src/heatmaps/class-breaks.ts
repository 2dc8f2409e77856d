/**
 * Class breaks of a heatmap: the n + 1 edges [min, …, max] that cut the units' values into n
 * classes. Class i holds the values v with breaks[i] <= v < breaks[i + 1]; the last class also holds
 * the maximum. Edges never repeat: data with fewer distinct values than classes (or quantiles
 * falling on the same value, as in a skewed distribution) gets fewer classes rather than empty ones.
 * Quantiles falling on the minimum (most communes without a single restaurant) would merge every
 * unit into one class; the minimum gets a class of its own instead, and the rest are cut by
 * quantiles of the values above it, so the few units with something stand out.
 */
import { ckmeans, quantileSorted } from 'simple-statistics';
import type { HeatmapClassification } from './heatmap-query.js';

export function classBreaks(values: readonly number[], classes: number, method: HeatmapClassification): number[] {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  // One value: one class of no width, still a class the legend can show.
  if (min === max) return [min, max];
  const wanted = Math.max(1, Math.min(Math.floor(classes), distinctCount(sorted)));
  const inner = method === 'jenks' ? jenksInnerBreaks(sorted, wanted) : quantileInnerBreaks(sorted, wanted);
  if (method === 'quantile' && wanted > 1 && inner[0] === min) {
    const above = sorted.slice(sorted.findIndex((value) => value > min));
    const rest = classBreaks(above, wanted - 1, 'quantile');
    // One value above the minimum: its class has no width, and the edge is kept twice for it.
    return rest[0] === rest.at(-1) ? [min, rest[0]!, rest[0]!] : [min, ...rest];
  }
  return distinctAscending([min, ...inner, max]);
}

/** The class a value falls in (0 to breaks.length - 2), or -1 for a value outside [min, max] or no classes. */
export function classIndexOf(value: number, breaks: readonly number[]): number {
  if (breaks.length < 2 || !(value >= breaks[0]!) || !(value <= breaks[breaks.length - 1]!)) return -1;
  for (let i = breaks.length - 2; i >= 0; i--) if (value >= breaks[i]!) return i;
  return 0;
}

function quantileInnerBreaks(sorted: readonly number[], classes: number): number[] {
  return Array.from({ length: classes - 1 }, (_, i) => quantileSorted(sorted, (i + 1) / classes));
}

/** Each later cluster starts a class: its smallest value is an edge. */
function jenksInnerBreaks(sorted: readonly number[], classes: number): number[] {
  return ckmeans(sorted, classes).slice(1).map((cluster) => cluster[0]!);
}

function distinctCount(sorted: readonly number[]): number {
  let count = 1;
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) count++;
  return count;
}

function distinctAscending(edges: number[]): number[] {
  return edges.filter((edge, i) => i === 0 || edge > edges[i - 1]!);
}
