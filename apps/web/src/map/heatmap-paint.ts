/**
 * The colour of a heatmap unit from its legend: a MapLibre `step` on the tile's `value` (class i
 * from breaks[i], the last class up to and with the maximum), the legend's no-data colour for a
 * unit without a value. Kept pure so the classes the map paints are the ones the legend lists.
 */
import type { ExpressionSpecification } from 'maplibre-gl';
import { HEATMAP_VALUE_PROPERTY, type HeatmapLegend } from '@catchment/domain';

export type HeatmapColors = Pick<HeatmapLegend, 'breaks' | 'colors' | 'noDataColor'>;

export function heatmapColorExpression({ breaks, colors, noDataColor }: HeatmapColors): ExpressionSpecification | string {
  if (colors.length === 0 || breaks.length < 2) return noDataColor;
  const value: ExpressionSpecification = ['to-number', ['get', HEATMAP_VALUE_PROPERTY]];
  // step's stops must rise strictly: of two classes starting at the same edge, the first holds no
  // value (breaks[i] <= v < breaks[i]) and the second takes the edge.
  const stops: (number | string)[] = [];
  for (let i = 1; i < colors.length; i += 1) {
    const edge = breaks[i]!;
    if (stops.length > 0 && stops[stops.length - 2] === edge) stops[stops.length - 1] = colors[i]!;
    else stops.push(edge, colors[i]!);
  }
  const classed: ExpressionSpecification | string = stops.length === 0 ? colors[0]! : ['step', value, colors[0]!, ...stops] as ExpressionSpecification;
  // A feature without a numeric `value` is a unit without data.
  return ['case', ['==', ['typeof', ['get', HEATMAP_VALUE_PROPERTY]], 'number'], classed, noDataColor];
}
