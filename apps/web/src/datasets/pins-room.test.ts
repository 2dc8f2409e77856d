import { describe, expect, it } from 'vitest';
import { planDefinition } from '@catchment/domain';
import { pinsRoom, pinsUsedBy } from './pins-room.js';

const dataset = (status: 'importing' | 'ready' | 'failed', rowCount: number, pointCount: number) => ({ status, rowCount, pointCount });

describe('pinsUsedBy', () => {
  it('counts an import under way by its rows, a ready dataset by its points, a failed one not at all', () => {
    expect(pinsUsedBy([dataset('importing', 100, 0), dataset('ready', 50, 42), dataset('failed', 30, 0)])).toBe(142);
  });
});

describe('pinsRoom', () => {
  it("refuses a free user's file of more than 10 rows, and names the plan that holds it", () => {
    const verdict = pinsRoom(planDefinition('default'), [], 742);
    expect(verdict).toMatchObject({ allowed: false, pins: 10, used: 0, adding: 742, upgrade: 'essential_2019' });
  });
  it('counts the points used already', () => {
    expect(pinsRoom(planDefinition('default'), [dataset('ready', 8, 8)], 2).allowed).toBe(true);
    expect(pinsRoom(planDefinition('default'), [dataset('ready', 8, 8)], 3).allowed).toBe(false);
    expect(pinsRoom(planDefinition('pro_2020'), [dataset('ready', 8, 8)], 742).allowed).toBe(true);
  });
});
