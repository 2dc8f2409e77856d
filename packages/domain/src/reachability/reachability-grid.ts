/**
 * The grid of the "where to open" layer: square cells of a size in metres over a bounding box, or
 * around a centre with a side length, each cell with its centre (where a business would open) and
 * its outline. Metres are laid out in an equirectangular projection around the grid's centre: over
 * the 50 km a grid may span, cells stay square to well under 1 %.
 */
import type { RoutedTransportMode } from '../enums.js';

type LngLat = [number, number];
/** [west, south, east, north] in degrees. */
export type GridBBox = [number, number, number, number];

/** What the grid covers: a box, or a square of `sideMeters` around a centre. */
export type GridExtent = { bbox: GridBBox } | { center: LngLat; sideMeters: number };

/** The limits of one request: a grid of at most 2,500 cells within 50 km, a travel time of 1 to 30 minutes. */
export const REACHABILITY_LIMITS = {
  maxCells: 2_500,
  minSideMeters: 1_000,
  maxSideMeters: 50_000,
  minCellMeters: 100,
  maxCellMeters: 5_000,
  minDurationSeconds: 60,
  maxDurationSeconds: 1_800,
  /** The cells listed as the best places. */
  bestCells: 10,
} as const;

export interface GridCell {
  /** Index in the grid's cells: row by row from the south-west corner. */
  index: number;
  column: number;
  row: number;
  center: LngLat;
  /** Closed, counter-clockwise (RFC 7946): south-west, south-east, north-east, north-west, south-west. */
  ring: LngLat[];
}

export interface CellGrid {
  columns: number;
  rows: number;
  cellMeters: number;
  /** What the cells cover together (a little more than the box asked for when its sides are not whole numbers of cells). */
  bbox: GridBBox;
  cells: GridCell[];
}

const METERS_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;
const metersPerDegreeLon = (lat: number) => METERS_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);

/** The centre and the sides in metres of an extent. */
export function extentMeters(extent: GridExtent): { center: LngLat; widthMeters: number; heightMeters: number } {
  if ('center' in extent) return { center: extent.center, widthMeters: extent.sideMeters, heightMeters: extent.sideMeters };
  const [west, south, east, north] = extent.bbox;
  const center: LngLat = [(west + east) / 2, (south + north) / 2];
  return { center, widthMeters: (east - west) * metersPerDegreeLon(center[1]), heightMeters: (north - south) * METERS_PER_DEGREE_LAT };
}

/** Columns and rows of the grid: enough whole cells to cover each side (at least one). */
export function gridSize(extent: GridExtent, cellMeters: number): { columns: number; rows: number } {
  const { widthMeters, heightMeters } = extentMeters(extent);
  // A side that is a whole number of cells up to rounding is not given one more cell.
  const count = (meters: number) => Math.max(1, Math.ceil(meters / cellMeters - 1e-9));
  return { columns: count(widthMeters), rows: count(heightMeters) };
}

/** The cells, centred on the extent's centre. */
export function cellGrid(extent: GridExtent, cellMeters: number): CellGrid {
  const { center: [lng0, lat0] } = extentMeters(extent);
  const { columns, rows } = gridSize(extent, cellMeters);
  const kx = metersPerDegreeLon(lat0);
  const lng = (x: number) => round(lng0 + x / kx);
  const lat = (y: number) => round(lat0 + y / METERS_PER_DEGREE_LAT);
  const x0 = (-columns * cellMeters) / 2;
  const y0 = (-rows * cellMeters) / 2;
  const cells: GridCell[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const [w, s] = [x0 + column * cellMeters, y0 + row * cellMeters];
      const [e, n] = [w + cellMeters, s + cellMeters];
      cells.push({
        index: cells.length, column, row,
        center: [lng(w + cellMeters / 2), lat(s + cellMeters / 2)],
        ring: [[lng(w), lat(s)], [lng(e), lat(s)], [lng(e), lat(n)], [lng(w), lat(n)], [lng(w), lat(s)]],
      });
    }
  }
  return { columns, rows, cellMeters, bbox: [lng(x0), lat(y0), lng(-x0), lat(-y0)], cells };
}

/** Metres around the grid the people reached may live: what the mode's fastest roads cover in the time. */
export function reachMarginMeters(mode: RoutedTransportMode, durationSeconds: number): number {
  return (TOP_SPEED_KMH[mode] / 3.6) * durationSeconds;
}

/**
 * At least the fastest speed of each mode's profile (packages/routing/CONTEXT.md): a car at 1.34 ×
 * 110 km/h where a motorway's limit is "none"; bikes and walkers at their class speeds.
 */
const TOP_SPEED_KMH: Record<RoutedTransportMode, number> = { car: 150, truck: 90, heavy_truck: 80, bike: 20, walk: 5 };

/** A box grown by `meters` on every side. */
export function grownBBox([west, south, east, north]: GridBBox, meters: number): GridBBox {
  const dLat = meters / METERS_PER_DEGREE_LAT;
  const dLng = meters / metersPerDegreeLon(Math.max(Math.abs(south), Math.abs(north)));
  return [Math.max(-180, west - dLng), Math.max(-90, south - dLat), Math.min(180, east + dLng), Math.min(90, north + dLat)];
}

/** 6 decimals: 0.1 m, as the app's geometries. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
