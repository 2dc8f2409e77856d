/**
 * A change to how an area is made: its mode, travel mode, operation, centre, radius, value or transit
 * departure (its "recipe"). Pure helpers: the area the change leads to, in the shape of a create
 * request, so the same rules and the same geometry resolvers apply to an edit as to a creation.
 */
import type { Area, AreaGeometry, CreateArea } from '@catchment/domain';
import { areaRecipe } from './area-geometry.js';

/** The fields that decide how an area's geometry is made. */
export const RECIPE_FIELDS = ['isoMode', 'transportMode', 'operation', 'startPoint', 'startPoints', 'direction', 'distance', 'duration', 'departureDate'] as const;

export interface RecipeChange {
  isoMode?: Area['isoMode'] | undefined;
  transportMode?: Area['transportMode'] | undefined;
  operation?: Area['operation'] | undefined;
  startPoint?: Area['startPoint'] | undefined;
  startPoints?: Area['startPoints'] | undefined;
  direction?: Area['direction'] | undefined;
  distance?: Area['distance'] | undefined;
  duration?: Area['duration'] | undefined;
  /** ISO 8601 with its offset, as the request gives it. */
  departureDate?: string | null | undefined;
  startAddress?: string | null | undefined;
  geometry?: AreaGeometry | undefined;
}

export function changesRecipe(change: RecipeChange): boolean {
  return RECIPE_FIELDS.some((field) => change[field] !== undefined);
}

/** The recipe fields of an area, as one string: two equal keys make the same geometry. */
export function recipeKey(area: Pick<Area, (typeof RECIPE_FIELDS)[number]>): string {
  return JSON.stringify(RECIPE_FIELDS.map((field) => area[field] ?? null));
}

/**
 * The starts and direction of the area once changed. A new startPoint on an area with several
 * starts moves the first of them (startPoint is always the first); new startPoints bring their
 * first as startPoint, null goes back to one start (the former first).
 */
function startsAfterChange(area: Area, change: RecipeChange) {
  // A start cleared (a reshaped isochrone become a drawn polygon): no starts and no direction left.
  if (change.startPoint === null && change.startPoints === undefined) {
    return { startPoint: null, startPoints: null, direction: change.direction ?? 'departure' };
  }
  let startPoints = change.startPoints !== undefined ? change.startPoints : area.startPoints;
  const startPoint = change.startPoint !== undefined ? change.startPoint : (change.startPoints?.[0] ?? area.startPoint);
  if (change.startPoints === undefined && change.startPoint && startPoints) startPoints = [change.startPoint, ...startPoints.slice(1)];
  return { startPoint, startPoints, direction: change.direction ?? area.direction };
}

/**
 * The area once changed, as a create request (null clears a field; the create request has no
 * nulls). Its geometry is the new one when given, else the stored one: only polygons keep it, the
 * other recipes compute theirs. A direction or starts the area had, but that its new mode (a
 * circle, territories) cannot have, are left behind; given in the change, they are refused.
 */
export function areaAfterChange(area: Area, change: RecipeChange): CreateArea {
  const starts = startsAfterChange(area, change);
  const merged: Record<string, unknown> = {
    uuid: area.uuid,
    label: area.label,
    isoMode: change.isoMode ?? area.isoMode,
    transportMode: change.transportMode !== undefined ? change.transportMode : area.transportMode,
    operation: change.operation !== undefined ? change.operation : area.operation,
    ...starts,
    startAddress: change.startAddress !== undefined ? change.startAddress : area.startAddress,
    distance: change.distance !== undefined ? change.distance : area.distance,
    duration: change.duration !== undefined ? change.duration : area.duration,
    // A transit area keeps its departure through any other change (else it would be computed at now).
    departureDate: change.departureDate !== undefined ? change.departureDate : area.departureDate,
    unitKind: area.unitKind,
    unitCodes: area.unitCodes,
    geometry: change.geometry ?? area.geometry,
  };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  const next = merged as CreateArea;
  const recipe = areaRecipe(next);
  if (recipe === 'circle' || recipe === 'administrative') {
    if (change.direction === undefined) delete next.direction;
    if (change.startPoints === undefined) delete next.startPoints;
  }
  return next;
}

/** What the repository stores of a changed area's starts and direction (startPoint the first start). */
export function storedStarts(next: CreateArea): { startPoint: [number, number] | null; startPoints: [number, number][] | null; direction: Area['direction'] } {
  return { startPoint: next.startPoints?.[0] ?? next.startPoint ?? null, startPoints: next.startPoints ?? null, direction: next.direction ?? 'departure' };
}
