import { describe, expect, it } from 'vitest';
import { canAddStart, startsRequest, withoutStart, withStart } from './routed-starts.js';

const start = (lng: number) => ({ center: [lng, 43.7] as [number, number], name: `P${lng}` });

describe('the starts of a routed area', () => {
  it('are sent as startPoint when one, startPoints when several', () => {
    expect(startsRequest([[7.42, 43.7]])).toEqual({ startPoint: [7.42, 43.7] });
    expect(startsRequest([[7.42, 43.7], [7.43, 43.7]])).toEqual({ startPoints: [[7.42, 43.7], [7.43, 43.7]] });
  });

  it('take another start once one is chosen, up to ten, each place once', () => {
    expect(canAddStart(0)).toBe(false);
    expect(canAddStart(1)).toBe(true);
    expect(canAddStart(9)).toBe(true);
    expect(canAddStart(10)).toBe(false);
    const two = withStart([start(1)], start(2));
    expect(two.map((item) => item.name)).toEqual(['P1', 'P2']);
    expect(withStart(two, start(2))).toBe(two);
    const ten = Array.from({ length: 10 }, (_, i) => start(i));
    expect(withStart(ten, start(20))).toHaveLength(10);
  });

  it('lose a removed start, the next becoming the first', () => {
    expect(withoutStart([start(1), start(2), start(3)], 0).map((item) => item.name)).toEqual(['P2', 'P3']);
    expect(withoutStart([start(1), start(2)], 1).map((item) => item.name)).toEqual(['P1']);
  });
});
