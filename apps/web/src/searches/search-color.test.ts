import { describe, expect, it } from 'vitest';
import { AREA_COLOR_PALETTE } from '@catchment/domain';
import { nextSearchColor } from './search-color.js';

describe('nextSearchColor', () => {
  it("starts after the areas' first colour and skips the colours taken", () => {
    expect(nextSearchColor([])).toBe(AREA_COLOR_PALETTE[1]);
    expect(nextSearchColor([AREA_COLOR_PALETTE[1]!.toUpperCase()])).toBe(AREA_COLOR_PALETTE[2]);
  });
  it('goes round the palette once every colour is taken', () => {
    const all = [...AREA_COLOR_PALETTE];
    expect(AREA_COLOR_PALETTE).toContain(nextSearchColor(all));
  });
});
