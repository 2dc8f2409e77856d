/**
 * POST /v2/maps/{id}/heatmap/reachability: the "where to open" layer's request and answer. Messages
 * are i18n keys (../i18n), so the API and the web app give the same wording in English and French.
 */
import { z } from 'zod';
import { ROUTED_TRANSPORT_MODES, type RoutedTransportMode } from '../enums.js';
import { lngLat } from '../schemas/common.js';
import { extentMeters, gridSize, REACHABILITY_LIMITS, type GridBBox, type GridExtent } from './reachability-grid.js';

type LngLat = [number, number];

const L = REACHABILITY_LIMITS;

const bbox = z.tuple([
  z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90),
], { error: 'validation.reachabilityBbox' }).refine(([west, south, east, north]) => west < east && south < north, { error: 'validation.reachabilityBbox' });

export const reachabilityHeatmapBody = z.object({
  center: lngLat.optional(),
  bbox: bbox.optional(),
  sideMeters: z.number({ error: 'validation.reachabilitySide' }).int({ error: 'validation.reachabilitySide' })
    .min(L.minSideMeters, { error: 'validation.reachabilitySide' }).max(L.maxSideMeters, { error: 'validation.reachabilitySide' }).optional(),
  cellMeters: z.number({ error: 'validation.reachabilityCell' }).int({ error: 'validation.reachabilityCell' })
    .min(L.minCellMeters, { error: 'validation.reachabilityCell' }).max(L.maxCellMeters, { error: 'validation.reachabilityCell' }),
  transportMode: z.enum(ROUTED_TRANSPORT_MODES, { error: 'validation.transportMode' }),
  durationSeconds: z.number({ error: 'validation.reachabilityDuration' }).int({ error: 'validation.reachabilityDuration' })
    .min(L.minDurationSeconds, { error: 'validation.reachabilityDuration' }).max(L.maxDurationSeconds, { error: 'validation.reachabilityDuration' }),
  /** A business search of the map: the people its businesses reach within the same time are not counted. */
  competitorSearchId: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).optional(),
}).superRefine((body, ctx) => {
  const extent = reachabilityExtent(body);
  if (!extent) {
    ctx.addIssue({ code: 'custom', message: 'validation.reachabilityExtent', path: ['center'] });
    return;
  }
  // A side or a cell size out of its bounds has its own message already (zod goes on past a field's failure).
  const within = (value: number | undefined, min: number, max: number) => value === undefined || (Number.isInteger(value) && value >= min && value <= max);
  if (!within(body.sideMeters, L.minSideMeters, L.maxSideMeters) || !within(body.cellMeters, L.minCellMeters, L.maxCellMeters)) return;
  const { widthMeters, heightMeters } = extentMeters(extent);
  if (Math.max(widthMeters, heightMeters) > L.maxSideMeters) {
    ctx.addIssue({ code: 'custom', message: 'validation.reachabilitySide', path: ['bbox'] });
    return;
  }
  const { columns, rows } = gridSize(extent, body.cellMeters);
  if (columns * rows > L.maxCells) {
    ctx.addIssue({ code: 'custom', message: 'validation.reachabilityTooManyCells', path: ['cellMeters'], params: { cells: columns * rows, max: L.maxCells } });
  }
});
export type ReachabilityHeatmapRequest = z.infer<typeof reachabilityHeatmapBody>;

/** The grid's extent from a request: a centre with a side, or a box (exactly one of the two); undefined otherwise. */
export function reachabilityExtent(body: { center?: LngLat | undefined; bbox?: GridBBox | undefined; sideMeters?: number | undefined }): GridExtent | undefined {
  if (body.center && body.sideMeters !== undefined && !body.bbox) return { center: body.center, sideMeters: body.sideMeters };
  if (body.bbox && !body.center && body.sideMeters === undefined) return { bbox: body.bbox };
  return undefined;
}

export interface ReachabilityCellProperties {
  /** The cell's index in the grid (row by row from the south-west corner). */
  index: number;
  /** People reachable from the cell's centre within the time (net of the competitors'); null: no road in the cell. */
  value: number | null;
  /** Its class in `breaks` (0 = lowest); -1 when it reaches nobody or has no road (left uncoloured). */
  class: number;
}

export interface ReachabilityHeatmap {
  cells: {
    type: 'FeatureCollection';
    features: Array<{ type: 'Feature'; properties: ReachabilityCellProperties; geometry: { type: 'Polygon'; coordinates: LngLat[][] } }>;
  };
  /** The best cells, highest value first (at most REACHABILITY_LIMITS.bestCells, only cells reaching someone). */
  best: Array<{ index: number; center: LngLat; value: number }>;
  /** Class edges (quantiles of the cells reaching someone, n + 1 of them) and a colour per class, light to dark. */
  breaks: number[];
  colors: string[];
  grid: { columns: number; rows: number; cellMeters: number; bbox: GridBBox };
  transportMode: RoutedTransportMode;
  durationSeconds: number;
  population: {
    /** The people placed on the roads around the grid, of the territorial kinds named. */
    placed: number;
    /** People too far from any road of the mode to be counted. */
    unplaced: number;
    /** People the competitors already reach (left out of every cell). */
    excludedByCompetitors: number;
    sources: string[];
  };
  competitors: { searchId: number; found: number; placed: number } | null;
  /** The road network routed on. */
  region: string;
  computeMs: number;
}

/** The cells with the highest values, highest first (ties: the lower index), without those reaching nobody. */
export function bestCells(values: readonly (number | null)[], centers: readonly LngLat[], count: number = L.bestCells): ReachabilityHeatmap['best'] {
  return values
    .map((value, index) => ({ index, value }))
    .filter((cell): cell is { index: number; value: number } => cell.value !== null && cell.value > 0)
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .slice(0, count)
    .map(({ index, value }) => ({ index, center: centers[index]!, value }));
}
