import { describe, expect, it } from 'vitest';
import { circlePolygon, type Area } from '@catchment/domain';
import { canEditParameters, defaultEdit, editableOutline, recipeKind, reshapeConverts } from './area-edits.js';
import { makeArea, square } from './test-factories.js';

const circle = (overrides: Partial<Area> = {}) => makeArea('Circle', {
  isoMode: 'isodistance', transportMode: 'circle', startPoint: [7.26, 43.71], distance: 5000, geometry: circlePolygon([7.26, 43.71], 5000), ...overrides,
});
const isochrone = (overrides: Partial<Area> = {}) => makeArea('Isochrone', {
  isoMode: 'isochrone', transportMode: 'car', startPoint: [7.42, 43.73], duration: 600,
  geometry: { type: 'MultiPolygon', coordinates: [(square(7.4, 43.7) as { coordinates: [number, number][][] }).coordinates] }, ...overrides,
});

describe('what an area lets the user edit', () => {
  it('edits the recipe of circles and travel-time areas, the outline of drawn areas', () => {
    expect(recipeKind(circle())).toBe('circle');
    expect(recipeKind(isochrone())).toBe('routed');
    expect(recipeKind(isochrone({ isoMode: 'isodistance', duration: null, distance: 3000, transportMode: 'bike' }))).toBe('routed');
    expect(recipeKind(makeArea('Drawn'))).toBeNull();
    expect(defaultEdit(circle())).toBe('parameters');
    expect(defaultEdit(isochrone())).toBe('parameters');
    expect(defaultEdit(makeArea('Drawn', { operation: 'manualArea' }))).toBe('shape');
  });

  it('needs a centre and a value to edit a recipe', () => {
    expect(canEditParameters(circle({ startPoint: null }))).toBe(false);
    expect(canEditParameters(isochrone({ duration: null }))).toBe(false);
  });

  it('edits a public transport area\'s recipe (its departure among it), a travel time only', () => {
    expect(recipeKind(isochrone({ transportMode: 'transit', departureDate: '2016-11-22T07:00:00.000Z' }))).toBe('routed');
    expect(canEditParameters(isochrone({ transportMode: 'transit', isoMode: 'isodistance', duration: null, distance: 3000 }))).toBe(false);
  });

  it('reshapes one outline without holes, a one-part multipolygon included; not territories', () => {
    expect(editableOutline(makeArea('Drawn'))).toEqual({ ok: true, polygon: square(0, 0) });
    expect(editableOutline(isochrone())).toEqual({ ok: true, polygon: square(7.4, 43.7) });
    const twoParts = makeArea('Merged', { operation: 'union', geometry: { type: 'MultiPolygon', coordinates: [
      (square(0, 0) as { coordinates: [number, number][][] }).coordinates, (square(5, 5) as { coordinates: [number, number][][] }).coordinates,
    ] } });
    expect(editableOutline(twoParts)).toEqual({ ok: false, reason: 'severalParts' });
    const withHole = makeArea('Subtracted', { operation: 'difference', geometry: { type: 'Polygon', coordinates: [
      [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]],
    ] } });
    expect(editableOutline(withHole)).toEqual({ ok: false, reason: 'holes' });
    expect(editableOutline(makeArea('Communes', { isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['06088'] })))
      .toEqual({ ok: false, reason: 'administrative' });
    expect(defaultEdit(twoParts)).toBeNull();
  });

  it('says when a new outline turns the area into a plain polygon', () => {
    expect(reshapeConverts(circle())).toBe(true);
    expect(reshapeConverts(isochrone())).toBe(true);
    expect(reshapeConverts(makeArea('Drawn'))).toBe(false);
    expect(reshapeConverts(makeArea('Merged', { operation: 'union' }))).toBe(false);
  });
});
