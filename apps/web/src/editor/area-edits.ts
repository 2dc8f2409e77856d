/**
 * Which edits an area allows once created. A circle or a travel-time area changes its recipe (centre,
 * radius, travel mode, time or distance; a public transport area's departure) and is recomputed as
 * at creation. An outline is reshaped
 * by moving its vertices when the area is one outline without holes (what terra-draw edits); an
 * administrative area is defined by its territories, not by a drawing, so it is not reshaped. A
 * circle or travel-time area reshaped by hand is no longer what its recipe computes: it becomes a
 * plain polygon. Pure, so the rules are tested without a map.
 */
import { isRoutedTransportMode, type Area, type PolygonGeometry, type Ring } from '@catchment/domain';
import type { AreaFields } from './commands.js';

export type AreaEditKind = 'shape' | 'parameters';

/** An area being edited, and how. */
export interface AreaEditing { uuid: string; kind: AreaEditKind }

/** How an area is computed from its recipe, when it is. */
export type AreaRecipeKind = 'circle' | 'routed';

export type ShapeRefusal = 'administrative' | 'severalParts' | 'holes';

export type EditableOutline = { ok: true; polygon: PolygonGeometry } | { ok: false; reason: ShapeRefusal };

/** What a reshaped circle or travel-time area becomes: a drawn polygon, its recipe cleared. */
export const PLAIN_POLYGON_FIELDS: Partial<AreaFields> = {
  isoMode: 'polygon', operation: 'manualArea', transportMode: null, startPoint: null, startPoints: null, direction: 'departure', startAddress: null,
  distance: null, duration: null, departureDate: null,
};

export function recipeKind(area: Area): AreaRecipeKind | null {
  if (!area.startPoint) return null;
  if (area.isoMode === 'isodistance' && area.transportMode === 'circle' && area.distance) return 'circle';
  // Public transport: travel times only (no road distance by timetable).
  if (area.transportMode === 'transit') return area.isoMode === 'isochrone' && area.duration ? 'routed' : null;
  if (!area.transportMode || !isRoutedTransportMode(area.transportMode)) return null;
  if (area.isoMode === 'isochrone' && area.duration) return 'routed';
  if (area.isoMode === 'isodistance' && area.distance) return 'routed';
  return null;
}

export function canEditParameters(area: Area): boolean {
  return recipeKind(area) !== null;
}

/** The single outline of an area, as a polygon to reshape, or why it cannot be reshaped. */
export function editableOutline(area: Area): EditableOutline {
  if (area.isoMode === 'administrative') return { ok: false, reason: 'administrative' };
  const polygons: Ring[][] = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
  if (polygons.length !== 1) return { ok: false, reason: 'severalParts' };
  const [rings] = polygons;
  if (rings!.length !== 1) return { ok: false, reason: 'holes' };
  return { ok: true, polygon: { type: 'Polygon', coordinates: [rings![0]!] } };
}

/** Whether saving a new outline turns the area into a plain polygon. */
export function reshapeConverts(area: Area): boolean {
  return area.isoMode !== 'polygon';
}

/** What double-clicking an area (or pressing E) opens: its recipe when it has one, else its outline. */
export function defaultEdit(area: Area): AreaEditKind | null {
  if (canEditParameters(area)) return 'parameters';
  return editableOutline(area).ok ? 'shape' : null;
}

export function canEdit(area: Area, kind: AreaEditKind): boolean {
  return kind === 'parameters' ? canEditParameters(area) : editableOutline(area).ok;
}
