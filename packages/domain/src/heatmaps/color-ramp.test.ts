import { describe, expect, it } from 'vitest';
import { HEATMAP_RAMP, heatmapColors } from './color-ramp.js';

const lightness = (color: string) => [1, 3, 5].reduce((sum, start) => sum + Number.parseInt(color.slice(start, start + 2), 16), 0);

describe('heatmapColors', () => {
  it('gives n hex colours from the lightest of the ramp to the darkest', () => {
    for (let n = 3; n <= 9; n++) {
      const colors = heatmapColors(n);
      expect(colors).toHaveLength(n);
      expect(colors.every((color) => /^#[0-9a-f]{6}$/.test(color))).toBe(true);
      expect(colors[0]).toBe(HEATMAP_RAMP[0]);
      expect(colors.at(-1)).toBe(HEATMAP_RAMP.at(-1));
      // Each class darker than the one before.
      expect(colors.every((color, i) => i === 0 || lightness(color) < lightness(colors[i - 1]!))).toBe(true);
    }
  });

  it('gives the ramp itself for 9 classes, and interpolates between anchors for fewer', () => {
    expect(heatmapColors(9)).toEqual(HEATMAP_RAMP);
    // Halfway along the ramp is its middle anchor.
    expect(heatmapColors(3)[1]).toBe(HEATMAP_RAMP[4]);
    expect(heatmapColors(5)).toEqual([0, 2, 4, 6, 8].map((i) => HEATMAP_RAMP[i]));
    // Two thirds of the way from the third anchor (#fed976) to the fourth (#feb24c).
    expect(heatmapColors(4)[1]).toBe('#febf5a');
  });

  it('gives the middle colour for one class and none for none', () => {
    expect(heatmapColors(1)).toEqual([HEATMAP_RAMP[4]]);
    expect(heatmapColors(0)).toEqual([]);
  });
});
