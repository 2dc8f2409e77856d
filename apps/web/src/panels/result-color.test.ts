import { describe, expect, it } from 'vitest';
import { AREA_COLOR_PALETTE } from '@catchment/domain';
import { resultColor } from './result-color.js';

const [blue, red, green, amber] = AREA_COLOR_PALETTE;

describe('resultColor', () => {
  it('takes the next palette colour no area of the map uses', () => {
    // Three blue sources (the first colour): the result is not blue.
    expect(resultColor([blue!, blue!, blue!], [blue!, blue!, blue!], 3)).toBe(AREA_COLOR_PALETTE[3]);
    expect(resultColor([blue!, red!], [blue!, red!, green!, amber!], 2)).toBe(AREA_COLOR_PALETTE[4]);
  });

  it('ignores the case of colours', () => {
    expect(resultColor([blue!.toUpperCase()], [blue!.toUpperCase()], 0)).toBe(red);
  });

  it('when the map uses every colour, takes one no source uses', () => {
    const result = resultColor([blue!, red!], [...AREA_COLOR_PALETTE], 0);
    expect(result).toBe(green);
  });
});
