/**
 * A heatmap's legend (GET …/heatmap/legend): the class edges and their colours, computed from the
 * values of every unit of the kind in the country, so that a unit has the same colour in every tile.
 */
import type { AdministrativeKind, Country } from '../enums.js';
import type { MeasureUnit } from '../territories.js';
import { classBreaks } from './class-breaks.js';
import { HEATMAP_NO_DATA_COLOR, heatmapColors } from './color-ramp.js';
import type { HeatmapClassification, HeatmapDensityMode } from './heatmap-query.js';

export interface HeatmapLegend {
  /**
   * The n + 1 class edges, ascending: [min, …, max]. Class i holds the values v with
   * breaks[i] <= v < breaks[i + 1], the last class its upper edge too. Empty when no unit has a value.
   */
  breaks: number[];
  /** The n class colours (#rrggbb), in the order of the classes (light to dark). */
  colors: string[];
  /** The colour of units without a value. */
  noDataColor: string;
  /** The smallest and largest value (null when no unit has one). */
  min: number | null;
  max: number | null;
  /** Units with a value. */
  count: number;
  classification: HeatmapClassification;
  densityMode: HeatmapDensityMode;
  /** What the values count (people, currency, percent), per km² in density mode; null for an indicator. */
  unit: MeasureUnit | null;
  perSquareKilometre: boolean;
  country: Country;
  adminDivision: AdministrativeKind;
  /** Zoom from which tiles carry the units (lower zooms answer 204): the kind's outline zoom. */
  minZoom: number;
  /** The data the values come from: pass it as `v` on tile URLs to let them be cached for good. */
  version: string;
}

/** The figures of a legend computed from the units' values (what the server adds: the query's echo, unit, zoom, version). */
export type HeatmapClasses = Pick<HeatmapLegend, 'breaks' | 'colors' | 'noDataColor' | 'min' | 'max' | 'count'>;

export function heatmapClasses(values: readonly number[], classes: number, classification: HeatmapClassification): HeatmapClasses {
  const finite = values.filter(Number.isFinite);
  const breaks = classBreaks(finite, classes, classification);
  return {
    breaks,
    colors: heatmapColors(Math.max(0, breaks.length - 1)),
    noDataColor: HEATMAP_NO_DATA_COLOR,
    min: breaks.length > 0 ? breaks[0]! : null,
    max: breaks.length > 0 ? breaks[breaks.length - 1]! : null,
    count: finite.length,
  };
}

/** Vector tile layer and property of the heatmap's tiles (GET …/heatmap/tiles/{z}/{x}/{y}.pbf). */
export const HEATMAP_TILE_LAYER = 'heatmap';
export const HEATMAP_VALUE_PROPERTY = 'value';
