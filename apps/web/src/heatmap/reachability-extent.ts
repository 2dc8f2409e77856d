/**
 * What the "where to open" layer is asked to cover: the visible map, clamped to the grid's limits
 * (REACHABILITY_LIMITS: sides of 1 to 50 km around the view's centre), and the cell sizes that keep
 * such a grid within its 2,500 cells; by default cells of the size giving about 900 cells, which the
 * server computes in seconds and still reads as a smooth surface.
 */
import { extentMeters, gridSize, REACHABILITY_LIMITS, type GridBBox } from '@catchment/domain';

const L = REACHABILITY_LIMITS;

/** The sizes offered, in metres: round figures from the smallest to the largest cell the server takes. */
export const CELL_SIZES_METERS = [100, 150, 200, 250, 300, 400, 500, 750, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000] as const;

/** About a 30 × 30 grid: fine enough to tell streets apart in a town, quick to compute. */
export const DEFAULT_TARGET_CELLS = 900;

/**
 * Sides are clamped a metre short of the limit: the server measures the box again from its degrees,
 * and a side computed to exactly 50,000 m may come back a hair over it.
 */
const MAX_SIDE_METERS = L.maxSideMeters - 1;
const MIN_SIDE_METERS = L.minSideMeters + 1;

export interface GridCoverage {
  /** [west, south, east, north] sent as the request's bbox. */
  bbox: GridBBox;
  widthMeters: number;
  heightMeters: number;
  /** The view was larger (or smaller) than a grid may be: the grid covers its centre only (or a little more). */
  clamped: boolean;
}

/** A longitude brought back into [-180, 180] (a view panned across the antimeridian goes past it). */
const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** The box the grid covers for a view's bounds: the view itself, each side clamped to 1–50 km around its centre. */
export function coverageOfView([west, south, east, north]: GridBBox): GridCoverage {
  let centerLng = wrapLongitude((west + east) / 2);
  const centerLat = Math.max(-85, Math.min(85, (south + north) / 2));
  let halfLng = Math.min(180, (east - west) / 2);
  let halfLat = Math.min(85 - Math.abs(centerLat), (north - south) / 2);
  const box = (): GridBBox => [centerLng - halfLng, centerLat - halfLat, centerLng + halfLng, centerLat + halfLat];
  const { widthMeters, heightMeters } = extentMeters({ bbox: box() });
  // Metres are proportional to degrees around a fixed centre: a side is scaled to its limit directly.
  const scale = (meters: number) => (meters > MAX_SIDE_METERS ? MAX_SIDE_METERS / meters : meters < MIN_SIDE_METERS ? MIN_SIDE_METERS / Math.max(meters, 1e-6) : 1);
  const scaleX = scale(widthMeters);
  const scaleY = scale(heightMeters);
  halfLng *= scaleX;
  halfLat *= scaleY;
  // The server takes boxes within [-180, 180]: one astride the antimeridian moves to its side.
  centerLng = Math.max(-180 + halfLng, Math.min(180 - halfLng, centerLng));
  const bbox = box();
  const measured = extentMeters({ bbox });
  return { bbox, widthMeters: measured.widthMeters, heightMeters: measured.heightMeters, clamped: scaleX !== 1 || scaleY !== 1 };
}

/** The number of cells of a grid over the box with cells of that size. */
export function cellCount(bbox: GridBBox, cellMeters: number): number {
  const { columns, rows } = gridSize({ bbox }, cellMeters);
  return columns * rows;
}

/** The sizes offered for the box: those whose grid stays within the server's cell limit (the largest always does: 50 km / 5 km). */
export function cellSizesFor(bbox: GridBBox): number[] {
  return CELL_SIZES_METERS.filter((size) => cellCount(bbox, size) <= L.maxCells);
}

/**
 * The cell size used: the one the user chose when the box allows it, else the next larger one that
 * fits; without a choice, the smallest giving at most DEFAULT_TARGET_CELLS cells.
 */
export function cellSizeFor(bbox: GridBBox, wanted: number | null): number {
  const sizes = cellSizesFor(bbox);
  if (wanted !== null) return sizes.find((size) => size >= wanted) ?? sizes[sizes.length - 1]!;
  return sizes.find((size) => cellCount(bbox, size) <= DEFAULT_TARGET_CELLS) ?? sizes[sizes.length - 1]!;
}
