import { describe, expect, it } from 'vitest';
import { coastlineLandAndSea } from './coastline-land.js';
import { pointInRing, signedArea, type Box, type Position } from './ring-geometry.js';

const BOX: Box = [0, 0, 10, 10];

/** Area (in square degrees) of polygons with holes. */
const area = (polygons: Position[][][]) => polygons.reduce((sum, [outer, ...holes]) =>
  sum + signedArea(outer!) / 2 + holes.reduce((h, hole) => h + signedArea(hole) / 2, 0), 0);

/** Whether a point lies in the polygons (inside an outer ring and no hole). */
const covers = (polygons: Position[][][], point: Position) =>
  polygons.some(([outer, ...holes]) => pointInRing(point, outer!) && !holes.some((hole) => pointInRing(point, hole)));

describe('coastlineLandAndSea', () => {
  it('makes the whole box land when there is no coastline', () => {
    const { land, sea } = coastlineLandAndSea({ rings: [], open: [] }, BOX);
    expect(area(land)).toBeCloseTo(100);
    expect(sea).toEqual([]);
  });

  it('puts the land on the left of a coast that crosses the box', () => {
    // West to east across the middle: land to the north.
    const eastward = coastlineLandAndSea({ rings: [], open: [[[-1, 5], [4, 4], [6, 6], [11, 5]]] }, BOX);
    expect(area(eastward.land) + area(eastward.sea)).toBeCloseTo(100);
    expect(covers(eastward.land, [5, 9])).toBe(true);
    expect(covers(eastward.sea, [5, 1])).toBe(true);
    expect(covers(eastward.land, [5, 1])).toBe(false);
    // The same coast drawn the other way: the land is south.
    const westward = coastlineLandAndSea({ rings: [], open: [[[11, 5], [6, 6], [4, 4], [-1, 5]]] }, BOX);
    expect(covers(westward.land, [5, 1])).toBe(true);
    expect(covers(westward.sea, [5, 9])).toBe(true);
    expect(area(westward.land)).toBeCloseTo(area(eastward.sea));
  });

  it('carries an end the extract cut inside the box to the nearest side', () => {
    // A coast coming from the west that stops at (6, 8), 2 from the north side: carried up to (6, 10).
    const { land, sea } = coastlineLandAndSea({ rings: [], open: [[[-1, 2], [6, 2], [6, 8]]] }, BOX);
    // Land on the left: north-west of the coast.
    expect(covers(land, [2, 6])).toBe(true);
    expect(covers(sea, [8, 5])).toBe(true);
    expect(covers(sea, [2, 1])).toBe(true);
    expect(area(land)).toBeCloseTo(6 * 8);
    expect(area(land) + area(sea)).toBeCloseTo(100);
  });

  it('joins several chains along the sides: a peninsula entering and leaving by the south', () => {
    // Coast enters at (3, 0), goes round a cape and leaves at (7, 0), land on its left (inside the cape).
    const cape: Position[] = [[7, -1], [7, 6], [3, 6], [3, -1]];
    const { land, sea } = coastlineLandAndSea({ rings: [], open: [cape] }, BOX);
    expect(covers(land, [5, 3])).toBe(true);
    expect(covers(sea, [1, 8])).toBe(true);
    expect(area(land)).toBeCloseTo(4 * 6);
  });

  it('keeps islands as land and as holes in the sea', () => {
    // The box is sea with one island (counter-clockwise ring).
    const island: Position[] = [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]];
    const { land, sea } = coastlineLandAndSea({ rings: [island], open: [] }, BOX);
    expect(area(land)).toBeCloseTo(4);
    expect(area(sea)).toBeCloseTo(96);
    expect(covers(sea, [5, 5])).toBe(false);
    expect(covers(land, [5, 5])).toBe(true);
  });

  it('cuts a closed coast that crosses the box like an open one', () => {
    // A big island covering the box's west half, drawn counter-clockwise and starting inside the box.
    const big: Position[] = [[2, 5], [5, 5.0001], [5, 20], [-20, 20], [-20, -20], [5, -20], [5, 4.9999], [2, 5]];
    const { land, sea } = coastlineLandAndSea({ rings: [big], open: [] }, BOX);
    expect(covers(land, [1, 1])).toBe(true);
    expect(covers(sea, [8, 5])).toBe(true);
    expect(area(land) + area(sea)).toBeCloseTo(100);
  });
});
