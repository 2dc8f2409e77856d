import { describe, expect, it } from 'vitest';
import type { DisplayArea } from '../map/map-context.js';
import { areaLabelPoints, labelPoint, pointInside } from './label-points.js';

const square = (x: number, y: number, side: number): Array<[number, number]> => [[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]];

describe('label points', () => {
  it('is the middle of a square', () => {
    expect(pointInside([square(0, 0, 2)])).toEqual([1, 1]);
  });

  it('stays inside a U shape, whose middle is empty', () => {
    // A U: two arms (x 0–1 and x 3–4) joined at the bottom (y 0–1), open between x 1 and 3 above y 1.
    const u = [[0, 0], [4, 0], [4, 4], [3, 4], [3, 1], [1, 1], [1, 4], [0, 4], [0, 0]];
    const [x, y] = pointInside([u])!;
    expect(y).toBe(2);
    expect(x === 0.5 || x === 3.5).toBe(true);
  });

  it('avoids a hole', () => {
    const [x] = pointInside([square(0, 0, 10), square(2, 2, 7)])!;
    expect(x).toBe(1);
  });

  it('names a multipolygon in its largest part, and skips unnamed areas', () => {
    expect(labelPoint({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(10, 10, 4)]] })).toEqual([12, 12]);
    const area = (label: string): DisplayArea => ({ uuid: label || 'none', label, color: '#000', hide: false, selected: false, geometry: { type: 'Polygon', coordinates: [square(0, 0, 2)] } });
    expect(areaLabelPoints([area('Shop'), area('')]).features).toEqual([
      { type: 'Feature', properties: { label: 'Shop' }, geometry: { type: 'Point', coordinates: [1, 1] } },
    ]);
  });
});
