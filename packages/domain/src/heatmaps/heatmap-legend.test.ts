import { describe, expect, it } from 'vitest';
import { heatmapClasses } from './heatmap-legend.js';
import { HEATMAP_NO_DATA_COLOR } from './color-ramp.js';

describe('heatmapClasses', () => {
  it('gives one colour per class between the edges, with the extremes and the count', () => {
    const values = Array.from({ length: 100 }, (_, i) => i * i);
    const classes = heatmapClasses(values, 5, 'quantile');
    expect(classes.breaks).toHaveLength(6);
    expect(classes.colors).toHaveLength(5);
    expect(classes).toMatchObject({ min: 0, max: 99 * 99, count: 100, noDataColor: HEATMAP_NO_DATA_COLOR });
  });

  it('gives no classes and no extremes without values', () => {
    expect(heatmapClasses([], 5, 'jenks')).toEqual({ breaks: [], colors: [], noDataColor: HEATMAP_NO_DATA_COLOR, min: null, max: null, count: 0 });
  });

  it('gives one colour for values all equal', () => {
    const classes = heatmapClasses([4, 4], 5, 'jenks');
    expect(classes.breaks).toEqual([4, 4]);
    expect(classes.colors).toHaveLength(1);
  });
});
