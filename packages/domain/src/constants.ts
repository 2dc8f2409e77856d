/** Business constants and limits (SPEC §9). */
import type { AdministrativeKind } from './enums.js';

export const DEFAULT_MAP_TITLE = 'My map';
export const DEFAULT_FOLDER_LABEL = 'Layer 1';
export const DEFAULT_AREA_COLOR = '#3b82f6';
/** Colours given to new areas without one, in turn by the area's index in its map (the first is DEFAULT_AREA_COLOR). */
export const AREA_COLOR_PALETTE = [
  '#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6',
  '#ec4899', '#14b8a6', '#f97316', '#6366f1', '#84cc16',
] as const;

/** The colours a dataset's points may take (SPEC §9: a fixed list), dark enough to read on the basemap; new datasets take them in turn. */
export const DATASET_COLOR_PALETTE = [
  '#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed',
  '#0891b2', '#db2777', '#4b5563', '#65a30d', '#b45309',
] as const;

/** Default values when an isochrone or isodistance value is not an integer. */
export const DEFAULT_ISODISTANCE_METERS = 60_000;
export const DEFAULT_ISOCHRONE_SECONDS = 3_600;
/** Analysis and extraction ranges: at most 3 hours and 300 km. */
export const MAX_ISOCHRONE_SECONDS = 3 * 3_600;
export const MAX_DISTANCE_METERS = 300_000;

export const KILOMETERS_PER_MILE = 1.60934;
/** Countries (ISO codes, upper case) whose users see miles by default; every other country gets km. */
export const MILE_COUNTRIES = ['BS', 'BZ', 'KY', 'PR', 'US', 'UK', 'GB'] as const;

export const FREE_MAX_AREAS_PER_MAP = 10;
/** Rows of own data a free user may import (SPEC §9; the demo dataset has 10 points). */
export const FREE_MAX_IMPORTED_ROWS = 10;
/** An uploaded CSV or XLSX file is refused past this size, while it streams in (SPEC §5). */
export const DATA_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** An uploaded file not imported within this time is deleted. */
export const DATA_FILE_LIFETIME_HOURS = 24;
export const CLUSTERING_FROM_AREAS = 100;
/** Businesses a search's export takes at most (SPEC §9: the export is blocked above a count); above, the user narrows the search. */
export const POI_EXPORT_MAX_ITEMS = 10_000;
/**
 * IRIS rows the IRIS detail export writes at most (SPEC §9: IRIS detail only below a count), an IRIS
 * counting once per area it lies in. Paris alone has about 990 IRIS: an area over a whole city or a
 * few suburbs fits, while a 300 km area could cover tens of thousands, a file no one reads row by
 * row and that exceljs builds in memory. Above it, the census figures of the areas and the divisions
 * export (the IRIS with their share) say what the detail would.
 */
export const IRIS_DETAIL_EXPORT_MAX_UNITS = 1_000;
export const UNDO_TOAST_MS = 5_000;
export const VERSION_CHECK_MS = 60_000;

export const MAP_STYLE = { weight: 2, fillOpacity: 0.35, selectedWeight: 6 } as const;

/** Zoom from which unit labels are drawn, per administrative kind. */
export function labelZoomThreshold(kind: AdministrativeKind): number {
  if (kind.endsWith('_postcodes')) return 8;
  if (kind === 'fr_iris') return 9;
  if (kind === 'us_counties') return 5;
  if (kind === 'gb_districts') return 7;
  return 8;
}

/** Session lifetime, sent to the browser in the token-life-time header (seconds). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3_600;

export const MAPS_PAGE_SIZE_DEFAULT = 20;
export const MAPS_PAGE_SIZE_MAX = 100;
export const BULK_AREAS_MAX = 500;
/**
 * Points an area's geometry may have, every ring counted. Far above a drawn polygon, an isochrone
 * or a merge of several; low enough that PostGIS's check of the largest one, which the embedded
 * database runs on the server's main thread, stays a few hundred milliseconds (docs/architecture.md,
 * "Geometry").
 */
export const MAX_AREA_VERTICES = 50_000;
export const LABEL_MAX_LENGTH = 200;
