import { describe, expect, it } from 'vitest';
import { AREA_COLOR_PALETTE } from '../constants.js';
import { generatedAreaRecipe, generationColors, generationProgress, UNCATEGORISED_COLOR } from './generation.js';

describe('the colours of generated areas', () => {
  it('gives every row the one colour', () => {
    expect(generationColors({ rule: 'single', color: '#112233' }, ['a', null, 'b'])).toEqual(['#112233', '#112233', '#112233']);
  });

  it('takes the palette in turn, starting again after its last colour', () => {
    const colors = generationColors({ rule: 'palette' }, Array.from({ length: AREA_COLOR_PALETTE.length + 2 }, () => null));
    expect(colors.slice(0, AREA_COLOR_PALETTE.length)).toEqual([...AREA_COLOR_PALETTE]);
    expect(colors.slice(-2)).toEqual([AREA_COLOR_PALETTE[0], AREA_COLOR_PALETTE[1]]);
  });

  it('gives one colour per category in the order they appear, case and spaces aside, and grey to rows without one', () => {
    expect(generationColors({ rule: 'category' }, ['Outlet', 'Flagship', ' outlet ', '', null, 'FLAGSHIP', 'Kiosk'])).toEqual([
      AREA_COLOR_PALETTE[0], AREA_COLOR_PALETTE[1], AREA_COLOR_PALETTE[0], UNCATEGORISED_COLOR, UNCATEGORISED_COLOR, AREA_COLOR_PALETTE[1], AREA_COLOR_PALETTE[2],
    ]);
  });
});

describe('the recipe of a generated area', () => {
  it('is a duration for an isochrone and a distance for an isodistance or a circle', () => {
    expect(generatedAreaRecipe({ isoMode: 'isochrone', transportMode: 'car', value: 900 }, [2, 48])).toEqual({
      isoMode: 'isochrone', transportMode: 'car', startPoint: [2, 48], duration: 900,
    });
    expect(generatedAreaRecipe({ isoMode: 'isodistance', transportMode: 'circle', value: 5_000, departureDate: '2026-01-05T08:00:00Z' }, [2, 48])).toEqual({
      isoMode: 'isodistance', transportMode: 'circle', startPoint: [2, 48], distance: 5_000, departureDate: '2026-01-05T08:00:00Z',
    });
  });
});

describe('how far a generation got', () => {
  it('is the share of rows dealt with, and whole once done', () => {
    expect(generationProgress('waiting', 0, 10)).toBe(0);
    expect(generationProgress('running', 4, 10)).toBe(0.4);
    expect(generationProgress('failed', 4, 10)).toBe(0.4);
    expect(generationProgress('done', 10, 10)).toBe(1);
    expect(generationProgress('done', 0, 0)).toBe(1);
  });
});
