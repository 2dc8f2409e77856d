import { describe, expect, it } from 'vitest';
import { cellsOf } from '../../territories/unit-cache/cell-grid.js';
import { PoiCellStore } from './poi-cell-store.js';
import { pointCell } from './point-cell.js';

/** Andorra la Vella's box meets two cells (3:84 and 3:85): a point in each. */
const ANDORRA_LA_VELLA: [number, number, number, number] = [1.50, 42.49, 1.56, 42.52];
const [SOUTH, NORTH] = [cellsOf(ANDORRA_LA_VELLA)[0]!, cellsOf(ANDORRA_LA_VELLA)[1]!];
const southPoints = pointCell(SOUTH.bbox, Float64Array.of(1.5218, 42.4987));
const northPoints = pointCell(NORTH.bbox, Float64Array.of(1.5341, 42.5063));

describe('PoiCellStore', () => {
  it('gives the cells a box meets only when it holds every one of them, for the version asked', () => {
    const store = new PoiCellStore(1024 * 1024);
    expect([SOUTH.key, NORTH.key]).toEqual(['3:84', '3:85']);
    store.setCell('restaurants', SOUTH, southPoints, 7);
    expect(store.cellsMeeting('restaurants', ANDORRA_LA_VELLA, 7)).toBeUndefined();
    store.setCell('restaurants', NORTH, northPoints, 7);
    expect(store.cellsMeeting('restaurants', ANDORRA_LA_VELLA, 7)).toEqual([southPoints, northPoints]);
    // Another search's are its own.
    expect(store.cellsMeeting('bakeries', ANDORRA_LA_VELLA, 7)).toBeUndefined();
  });

  it('forgets everything when another version is asked for, its cells and its counts by IRIS alike', () => {
    const store = new PoiCellStore(1024 * 1024);
    store.setCell('restaurants', SOUTH, southPoints, 7);
    store.setCell('restaurants', NORTH, northPoints, 7);
    store.setIrisCounts('restaurants', new Map(), 7);
    expect(store.irisCounts('restaurants', 7)).toEqual(new Map());
    expect(store.cellsMeeting('restaurants', ANDORRA_LA_VELLA, 8)).toBeUndefined();
    expect(store.stats.entries).toBe(0);
    store.setCell('restaurants', SOUTH, southPoints, 8);
    // A late answer for the older version does not mix with the newer one's.
    expect(store.irisCounts('restaurants', 7)).toBeUndefined();
    expect(store.cell('restaurants', SOUTH, 8)).toBeUndefined();
  });
});
