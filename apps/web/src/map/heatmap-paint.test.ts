import { describe, expect, it } from 'vitest';
import { expression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { heatmapColorExpression } from './heatmap-paint.js';

const legend = { breaks: [0, 10, 100, 1000], colors: ['#ffffcc', '#fd8d3c', '#800026'], noDataColor: '#bdbdbd' };

/** The colour MapLibre's own expression engine gives a feature with these properties, as #rrggbb. */
function colorOf(paint: unknown, properties: Record<string, unknown>): string {
  const spec = { type: 'color', 'property-type': 'data-driven', expression: { interpolated: false, parameters: ['zoom', 'feature'] } } as unknown as StylePropertySpecification;
  const parsed = expression.createExpression(paint, 'fill-color', spec);
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  const color = parsed.value.evaluate({ zoom: 10 }, { type: 'Polygon', properties } as never) as { r: number; g: number; b: number };
  return `#${[color.r, color.g, color.b].map((channel) => Math.round(channel * 255).toString(16).padStart(2, '0')).join('')}`;
}

describe('heatmapColorExpression', () => {
  it('paints each value with the colour of its class, the top edge in the last class', () => {
    const paint = heatmapColorExpression(legend);
    expect(colorOf(paint, { value: 0 })).toBe('#ffffcc');
    expect(colorOf(paint, { value: 9.99 })).toBe('#ffffcc');
    expect(colorOf(paint, { value: 10 })).toBe('#fd8d3c');
    expect(colorOf(paint, { value: 99.9 })).toBe('#fd8d3c');
    expect(colorOf(paint, { value: 100 })).toBe('#800026');
    expect(colorOf(paint, { value: 1000 })).toBe('#800026');
  });

  it('paints units without a value in the no-data colour', () => {
    const paint = heatmapColorExpression(legend);
    expect(colorOf(paint, {})).toBe('#bdbdbd');
    expect(colorOf(paint, { value: null })).toBe('#bdbdbd');
  });

  it('gives a repeated edge to the later class (the earlier one holds no value), which step needs', () => {
    const paint = heatmapColorExpression({ breaks: [0, 5, 5, 9], colors: ['#ffffcc', '#fd8d3c', '#800026'], noDataColor: '#bdbdbd' });
    expect(colorOf(paint, { value: 4 })).toBe('#ffffcc');
    expect(colorOf(paint, { value: 5 })).toBe('#800026');
    expect(colorOf(paint, { value: 9 })).toBe('#800026');
  });

  it('paints everything as no data when no unit has a value', () => {
    expect(heatmapColorExpression({ breaks: [], colors: [], noDataColor: '#bdbdbd' })).toBe('#bdbdbd');
  });
});
