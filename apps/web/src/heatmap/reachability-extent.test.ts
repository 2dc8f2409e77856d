import { describe, expect, it } from 'vitest';
import { extentMeters, REACHABILITY_LIMITS, reachabilityHeatmapBody, type GridBBox } from '@catchment/domain';
import { cellCount, cellSizeFor, cellSizesFor, CELL_SIZES_METERS, coverageOfView, DEFAULT_TARGET_CELLS } from './reachability-extent.js';

/** Monaco and Beausoleil at zoom 13.5 in a 1280 × 720 window: about 5.5 × 2.3 km. */
const MONACO_VIEW: GridBBox = [7.3927, 43.7284, 7.4613, 43.7490];
/** The Côte d'Azur from Cannes to Menton at zoom 9: about 160 × 70 km. */
const RIVIERA_VIEW: GridBBox = [6.5, 43.4, 7.9, 44.0];

describe('coverageOfView', () => {
  it('covers the view itself when it is within the limits', () => {
    const coverage = coverageOfView(MONACO_VIEW);
    expect(coverage.clamped).toBe(false);
    coverage.bbox.forEach((edge, i) => expect(edge).toBeCloseTo(MONACO_VIEW[i]!, 9));
    const { widthMeters, heightMeters } = extentMeters({ bbox: MONACO_VIEW });
    expect(coverage.widthMeters).toBeCloseTo(widthMeters, 3);
    expect(coverage.heightMeters).toBeCloseTo(heightMeters, 3);
  });

  it('keeps the centre 50 km of a larger view, and the server takes the box', () => {
    const coverage = coverageOfView(RIVIERA_VIEW);
    expect(coverage.clamped).toBe(true);
    expect(coverage.widthMeters).toBeLessThanOrEqual(REACHABILITY_LIMITS.maxSideMeters);
    expect(coverage.widthMeters).toBeGreaterThan(REACHABILITY_LIMITS.maxSideMeters - 10);
    expect(coverage.heightMeters).toBeLessThanOrEqual(REACHABILITY_LIMITS.maxSideMeters);
    const [west, south, east, north] = coverage.bbox;
    expect((west + east) / 2).toBeCloseTo(7.2, 9);
    expect((south + north) / 2).toBeCloseTo(43.7, 9);
    const body = { bbox: coverage.bbox, cellMeters: cellSizeFor(coverage.bbox, null), transportMode: 'car', durationSeconds: 600 };
    expect(reachabilityHeatmapBody.safeParse(body).success).toBe(true);
  });

  it('widens a view narrower than a kilometre to the smallest grid', () => {
    const coverage = coverageOfView([7.42, 43.735, 7.421, 43.7355]);
    expect(coverage.clamped).toBe(true);
    expect(coverage.widthMeters).toBeGreaterThanOrEqual(REACHABILITY_LIMITS.minSideMeters);
    expect(coverage.heightMeters).toBeGreaterThanOrEqual(REACHABILITY_LIMITS.minSideMeters);
    expect(reachabilityHeatmapBody.safeParse({ bbox: coverage.bbox, cellMeters: 100, transportMode: 'walk', durationSeconds: 60 }).success).toBe(true);
  });

  it('brings a view panned past the antimeridian back to longitudes the server takes, beside it', () => {
    const coverage = coverageOfView([179.9 + 360, -17.2, 180.1 + 360, -17.0]);
    const [west, , east] = coverage.bbox;
    expect(west).toBeGreaterThanOrEqual(-180);
    expect(west).toBeLessThan(-179.7);
    expect(east - west).toBeCloseTo(0.2, 9);
    expect(reachabilityHeatmapBody.safeParse({ bbox: coverage.bbox, cellMeters: 500, transportMode: 'car', durationSeconds: 600 }).success).toBe(true);
  });
});

describe('cell sizes', () => {
  it('offers the sizes whose grid stays within 2,500 cells, and picks about 900 cells by default', () => {
    const sizes = cellSizesFor(MONACO_VIEW);
    expect(sizes[0]).toBe(100);
    for (const size of sizes) expect(cellCount(MONACO_VIEW, size)).toBeLessThanOrEqual(REACHABILITY_LIMITS.maxCells);
    const size = cellSizeFor(MONACO_VIEW, null);
    expect(cellCount(MONACO_VIEW, size)).toBeLessThanOrEqual(DEFAULT_TARGET_CELLS);
    // The next smaller size would give more than the default's target.
    const smaller = CELL_SIZES_METERS[CELL_SIZES_METERS.indexOf(size as never) - 1]!;
    expect(cellCount(MONACO_VIEW, smaller)).toBeGreaterThan(DEFAULT_TARGET_CELLS);
  });

  it('on a 50 km grid, offers only cells of a kilometre and more', () => {
    const { bbox } = coverageOfView(RIVIERA_VIEW);
    expect(cellSizesFor(bbox)[0]).toBe(1_000);
    expect(cellCount(bbox, 1_000)).toBe(2_500);
    expect(cellSizesFor(bbox).at(-1)).toBe(5_000);
  });

  it('keeps the size the user chose while it fits, else the next larger that does', () => {
    const { bbox } = coverageOfView(RIVIERA_VIEW);
    expect(cellSizeFor(bbox, 2_000)).toBe(2_000);
    expect(cellSizeFor(bbox, 250)).toBe(1_000);
    expect(cellSizeFor(MONACO_VIEW, 250)).toBe(250);
  });
});
