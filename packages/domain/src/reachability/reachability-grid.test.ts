import { describe, expect, it } from 'vitest';
import { cellGrid, extentMeters, gridSize, grownBBox, reachMarginMeters, REACHABILITY_LIMITS } from './reachability-grid.js';
import { bestCells, reachabilityHeatmapBody } from './reachability-request.js';

const METERS_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;
/** Metres between two points, equirectangular at their mean latitude (enough at a cell's scale). */
const meters = ([x1, y1]: [number, number], [x2, y2]: [number, number]) =>
  Math.hypot((x2 - x1) * METERS_PER_DEGREE_LAT * Math.cos((((y1 + y2) / 2) * Math.PI) / 180), (y2 - y1) * METERS_PER_DEGREE_LAT);

describe('cellGrid', () => {
  it('covers a 20 km square around a centre with 40 × 40 square cells of 500 m, row by row from the south-west', () => {
    const grid = cellGrid({ center: [8.5, 49.45], sideMeters: 20_000 }, 500);
    expect([grid.columns, grid.rows, grid.cells.length]).toEqual([40, 40, 1_600]);
    const [first, second, last] = [grid.cells[0]!, grid.cells[1]!, grid.cells.at(-1)!];
    expect([first.column, first.row, second.column, second.row, last.column, last.row]).toEqual([0, 0, 1, 0, 39, 39]);
    expect(second.center[0]).toBeGreaterThan(first.center[0]);
    expect(grid.cells[40]!.center[1]).toBeGreaterThan(first.center[1]);
    for (const cell of [first, last, grid.cells[777]!]) {
      const [sw, se, ne, nw, closing] = cell.ring;
      expect(closing).toEqual(sw);
      expect(meters(sw!, se!)).toBeCloseTo(500, -1);
      expect(meters(se!, ne!)).toBeCloseTo(500, -1);
      expect(meters(nw!, ne!)).toBeCloseTo(500, -1);
      // The centre is the middle of the outline.
      expect(cell.center[0]).toBeCloseTo((sw![0] + ne![0]) / 2, 5);
      expect(cell.center[1]).toBeCloseTo((sw![1] + ne![1]) / 2, 5);
    }
    // Neighbours share their sides; the whole grid is centred on the centre and 20 km wide.
    expect(grid.cells[1]!.ring[0]).toEqual(first.ring[1]);
    expect((grid.bbox[0] + grid.bbox[2]) / 2).toBeCloseTo(8.5, 5);
    expect((grid.bbox[1] + grid.bbox[3]) / 2).toBeCloseTo(49.45, 5);
    expect(meters([grid.bbox[0], 49.45], [grid.bbox[2], 49.45])).toBeCloseTo(20_000, -2);
  });

  it('covers a box with whole cells, one more where a side is not a whole number of them', () => {
    const box: [number, number, number, number] = [7.2, 43.65, 7.3, 43.72];
    const { widthMeters, heightMeters } = extentMeters({ bbox: box });
    const size = gridSize({ bbox: box }, 1_000);
    expect(size).toEqual({ columns: Math.ceil(widthMeters / 1_000), rows: Math.ceil(heightMeters / 1_000) });
    const grid = cellGrid({ bbox: box }, 1_000);
    expect(grid.bbox[0]).toBeLessThanOrEqual(box[0]);
    expect(grid.bbox[1]).toBeLessThanOrEqual(box[1]);
    expect(grid.bbox[2]).toBeGreaterThanOrEqual(box[2]);
    expect(grid.bbox[3]).toBeGreaterThanOrEqual(box[3]);
    // A side of exactly 3 cells gets 3, a side smaller than one cell gets one.
    expect(gridSize({ center: [0, 45], sideMeters: 3_000 }, 1_000)).toEqual({ columns: 3, rows: 3 });
    expect(gridSize({ center: [0, 45], sideMeters: 1_000 }, 5_000)).toEqual({ columns: 1, rows: 1 });
  });

  it('grows a box by metres on every side, and gives the distance a mode may cover in the time', () => {
    const grown = grownBBox([8, 49, 8.1, 49.1], 10_000);
    expect(meters([grown[0], 49], [8, 49])).toBeGreaterThanOrEqual(9_999);
    expect(meters([8, grown[1]], [8, 49])).toBeCloseTo(10_000, -1);
    expect(reachMarginMeters('car', 900)).toBe(37_500);
    expect(reachMarginMeters('walk', 3_600)).toBeCloseTo(5_000, 6);
  });
});

describe('reachabilityHeatmapBody', () => {
  const valid = { center: [8.5, 49.45], sideMeters: 20_000, cellMeters: 500, transportMode: 'car', durationSeconds: 900 };
  const messages = (body: unknown) => {
    const result = reachabilityHeatmapBody.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts a centre with a side, or a box, and the limits themselves', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, center: undefined, sideMeters: undefined, bbox: [8.4, 49.4, 8.6, 49.5] })).toEqual([]);
    expect(messages({ ...valid, sideMeters: 50_000, cellMeters: 1_000, durationSeconds: 1_800 })).toEqual([]);
    expect(messages({ ...valid, competitorSearchId: 12 })).toEqual([]);
  });

  it('refuses what it cannot compute, each with its message', () => {
    expect(messages({ ...valid, center: undefined })).toEqual(['validation.reachabilityExtent']);
    expect(messages({ ...valid, bbox: [8.4, 49.4, 8.6, 49.5] })).toEqual(['validation.reachabilityExtent']);
    expect(messages({ ...valid, center: undefined, sideMeters: undefined, bbox: [8.6, 49.4, 8.4, 49.5] })).toEqual(['validation.reachabilityBbox']);
    expect(messages({ ...valid, center: undefined, sideMeters: undefined, bbox: [8, 49, 9, 50] })).toEqual(['validation.reachabilitySide']);
    expect(messages({ ...valid, sideMeters: 60_000 })).toEqual(['validation.reachabilitySide']);
    expect(messages({ ...valid, cellMeters: 50 })).toEqual(['validation.reachabilityCell']);
    expect(messages({ ...valid, cellMeters: 250.5 })).toEqual(['validation.reachabilityCell']);
    expect(messages({ ...valid, durationSeconds: 3_600 })).toEqual(['validation.reachabilityDuration']);
    expect(messages({ ...valid, transportMode: 'transit' })).toEqual(['validation.transportMode']);
    // 20 km in 250 m cells: 6,400 cells.
    const tooMany = reachabilityHeatmapBody.safeParse({ ...valid, cellMeters: 250 });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error!.issues[0]).toMatchObject({ message: 'validation.reachabilityTooManyCells', params: { cells: 6_400, max: REACHABILITY_LIMITS.maxCells } });
  });
});

describe('bestCells', () => {
  it('lists the highest values first, without the cells reaching nobody or off the roads, at most as many as asked', () => {
    const centers: [number, number][] = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]];
    expect(bestCells([5, null, 0, 9, 5], centers, 3)).toEqual([
      { index: 3, center: [3, 0], value: 9 }, { index: 0, center: [0, 0], value: 5 }, { index: 4, center: [4, 0], value: 5 },
    ]);
    expect(bestCells([null, 0], centers.slice(0, 2))).toEqual([]);
  });
});
