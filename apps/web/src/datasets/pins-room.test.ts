import { describe, expect, it } from 'vitest';
import { planDefinition } from '@catchment/domain';
import { pinPacksOrderPath, pinsRoom, pinsUsedBy } from './pins-room.js';

const allowance = (plan: string, packs = 0) => ({ plan: planDefinition(plan), pins: planDefinition(plan).pins + packs * 10_000 });
const dataset = (status: 'importing' | 'ready' | 'failed', rowCount: number, pointCount: number) => ({ status, rowCount, pointCount });

describe('pinsUsedBy', () => {
  it('counts an import under way by its rows, a ready dataset by its points, a failed one not at all', () => {
    expect(pinsUsedBy([dataset('importing', 100, 0), dataset('ready', 50, 42), dataset('failed', 30, 0)])).toBe(142);
  });
});

describe('pinsRoom', () => {
  it("refuses a free user's file of more than 10 rows, and names the plan that holds it", () => {
    const verdict = pinsRoom(allowance('default'), [], 742);
    expect(verdict).toMatchObject({ allowed: false, pins: 10, used: 0, adding: 742, upgrade: 'essential_2019' });
  });
  it('counts the points used already', () => {
    expect(pinsRoom(allowance('default'), [dataset('ready', 8, 8)], 2).allowed).toBe(true);
    expect(pinsRoom(allowance('default'), [dataset('ready', 8, 8)], 3).allowed).toBe(false);
    expect(pinsRoom(allowance('pro_2020'), [dataset('ready', 8, 8)], 742).allowed).toBe(true);
  });
  it("counts the account's extra packs, and says how many more would hold the file", () => {
    expect(pinsRoom(allowance('pro_2020', 1), [dataset('ready', 15_000, 15_000)], 5_000).allowed).toBe(true);
    expect(pinsRoom(allowance('pro_2020', 1), [dataset('ready', 15_000, 15_000)], 5_001)).toMatchObject({ allowed: false, pins: 20_000, packs: 1 });
  });
});

describe('pinPacksOrderPath', () => {
  it('orders the packs held and those missing, on the plan in force', () => {
    expect(pinPacksOrderPath(allowance('pro_2020', 2), 1)).toBe('/payment/pro_2020?pinPacks=3');
    expect(pinPacksOrderPath(allowance('essential_2019'), 3)).toBe('/payment/essential_2019?pinPacks=3');
  });
});
