/**
 * A change to how an area is made: its mode, travel mode, operation, centre, radius or value (its
 * "recipe"). Pure helpers: the area the change leads to, in the shape of a create request, so the
 * same rules and the same geometry resolvers apply to an edit as to a creation.
 */
import type { Area, AreaGeometry, CreateArea } from '@catchment/domain';

/** The fields that decide how an area's geometry is made. */
export const RECIPE_FIELDS = ['isoMode', 'transportMode', 'operation', 'startPoint', 'distance', 'duration'] as const;

export interface RecipeChange {
  isoMode?: Area['isoMode'] | undefined;
  transportMode?: Area['transportMode'] | undefined;
  operation?: Area['operation'] | undefined;
  startPoint?: Area['startPoint'] | undefined;
  distance?: Area['distance'] | undefined;
  duration?: Area['duration'] | undefined;
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
 * The area once changed, as a create request (null clears a field; the create request has no
 * nulls). Its geometry is the new one when given, else the stored one: only polygons keep it, the
 * other recipes compute theirs.
 */
export function areaAfterChange(area: Area, change: RecipeChange): CreateArea {
  const merged: Record<string, unknown> = {
    uuid: area.uuid,
    label: area.label,
    isoMode: change.isoMode ?? area.isoMode,
    transportMode: change.transportMode !== undefined ? change.transportMode : area.transportMode,
    operation: change.operation !== undefined ? change.operation : area.operation,
    startPoint: change.startPoint !== undefined ? change.startPoint : area.startPoint,
    startAddress: change.startAddress !== undefined ? change.startAddress : area.startAddress,
    distance: change.distance !== undefined ? change.distance : area.distance,
    duration: change.duration !== undefined ? change.duration : area.duration,
    unitKind: area.unitKind,
    unitCodes: area.unitCodes,
    geometry: change.geometry ?? area.geometry,
  };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return merged as CreateArea;
}
