import { describe, expect, it } from 'vitest';
import { expression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { cellColorExpression } from './reachability-paint.js';

/** The colour MapLibre's own expression engine gives a cell with these properties, as rgba channels 0–255. */
function colorOf(paint: unknown, properties: Record<string, unknown>): number[] {
  const spec = { type: 'color', 'property-type': 'data-driven', expression: { interpolated: false, parameters: ['zoom', 'feature'] } } as unknown as StylePropertySpecification;
  const parsed = expression.createExpression(paint, 'fill-color', spec);
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  const color = parsed.value.evaluate({ zoom: 10 }, { type: 'Polygon', properties } as never) as { r: number; g: number; b: number; a: number };
  return [color.r, color.g, color.b, color.a].map((channel) => Math.round(channel * 255));
}

describe('cellColorExpression', () => {
  const colors = ['#ffffcc', '#fd8d3c', '#800026'];

  it('paints each cell in the colour of the class the server gave it', () => {
    const paint = cellColorExpression(colors);
    expect(colorOf(paint, { class: 0, value: 10 })).toEqual([255, 255, 204, 255]);
    expect(colorOf(paint, { class: 1, value: 10 })).toEqual([253, 141, 60, 255]);
    expect(colorOf(paint, { class: 2, value: 10 })).toEqual([128, 0, 38, 255]);
  });

  it('leaves a cell without roads (class -1) or without a class uncoloured', () => {
    const paint = cellColorExpression(colors);
    expect(colorOf(paint, { class: -1, value: null })[3]).toBe(0);
    expect(colorOf(paint, {})[3]).toBe(0);
    expect(colorOf(cellColorExpression([]), { class: 0 })[3]).toBe(0);
  });
});
