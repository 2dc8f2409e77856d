import { describe, expect, it } from 'vitest';
import { areaRecipeIssues } from '@catchment/domain';
import { areaAfterChange, changesRecipe, recipeKey, storedStarts } from './area-recipe-change.js';
import { testArea } from './export/test-support/export-factories.js';

const A: [number, number] = [7.42, 43.73];
const B: [number, number] = [7.41, 43.74];
const C: [number, number] = [7.43, 43.735];
const routed = testArea({ isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: A });
const several = testArea({ isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: A, startPoints: [A, B] });

describe('a change of starts or direction', () => {
  it('is a change of recipe, and one the recipe key tells apart', () => {
    expect(changesRecipe({ direction: 'arrival' })).toBe(true);
    expect(changesRecipe({ startPoints: [A, B] })).toBe(true);
    expect(recipeKey({ ...routed, direction: 'arrival' })).not.toBe(recipeKey(routed));
    expect(recipeKey(several)).not.toBe(recipeKey(routed));
  });

  it('gives several starts their first as startPoint, and null goes back to that one', () => {
    expect(storedStarts(areaAfterChange(routed, { startPoints: [B, C] }))).toEqual({ startPoint: B, startPoints: [B, C], direction: 'departure' });
    expect(storedStarts(areaAfterChange(several, { startPoints: null }))).toEqual({ startPoint: A, startPoints: null, direction: 'departure' });
  });

  it('moves the first of several starts when startPoint changes, and keeps the direction', () => {
    const arrival = { ...several, direction: 'arrival' as const };
    expect(storedStarts(areaAfterChange(arrival, { startPoint: C }))).toEqual({ startPoint: C, startPoints: [C, B], direction: 'arrival' });
  });

  it('leaves no starts nor direction to an area whose start is cleared (reshaped into a drawn polygon)', () => {
    const next = areaAfterChange({ ...several, direction: 'arrival' }, { isoMode: 'polygon', transportMode: null, startPoint: null, duration: null });
    expect(storedStarts(next)).toEqual({ startPoint: null, startPoints: null, direction: 'departure' });
    expect(areaRecipeIssues(next)).toEqual([]);
  });

  it('leaves behind the starts and direction a circle cannot have, but refuses them when asked for', () => {
    const toCircle = { isoMode: 'isodistance' as const, transportMode: 'circle' as const, distance: 1000 };
    const next = areaAfterChange({ ...several, direction: 'arrival' }, toCircle);
    expect(areaRecipeIssues(next)).toEqual([]);
    expect(storedStarts(next)).toEqual({ startPoint: A, startPoints: null, direction: 'departure' });
    expect(areaRecipeIssues(areaAfterChange(routed, { ...toCircle, direction: 'arrival' })))
      .toEqual([{ path: ['direction'], message: 'validation.routedOnly' }]);
  });
});

describe('a change of a transit area\'s departure', () => {
  const transit = testArea({ isoMode: 'isochrone', transportMode: 'transit', duration: 1800, startPoint: A, departureDate: '2016-11-22T07:00:00.000Z' });

  it('is a change of recipe, and one the recipe key tells apart', () => {
    expect(changesRecipe({ departureDate: '2016-11-22T03:00:00+01:00' })).toBe(true);
    expect(recipeKey({ ...transit, departureDate: '2016-11-22T02:00:00.000Z' })).not.toBe(recipeKey(transit));
  });

  it('computes the area at the new departure, and keeps the old one through any other change', () => {
    expect(areaAfterChange(transit, { departureDate: '2016-11-22T03:00:00+01:00' }).departureDate).toBe('2016-11-22T03:00:00+01:00');
    expect(areaAfterChange(transit, { duration: 900 }).departureDate).toBe('2016-11-22T07:00:00.000Z');
    // Another mode clears it (null): the create request then has none.
    expect(areaAfterChange(transit, { transportMode: 'walk', departureDate: null })).not.toHaveProperty('departureDate');
  });
});
