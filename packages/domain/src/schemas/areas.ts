import { z } from 'zod';
import { ADMINISTRATIVE_KINDS, AREA_MODES, AREA_OPERATIONS, TRANSPORT_MODES } from '../enums.js';
import { BULK_AREAS_MAX, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '../constants.js';
import { areaGeometry, dateTime, hexColor, label, lngLat, uuid, versionField } from './common.js';
import { ISOCHRONE_DIRECTIONS, ISOCHRONE_START_POINTS_MAX } from './isochrones.js';

const distance = z.number({ error: 'validation.invalidDistance' }).int({ error: 'validation.invalidDistance' })
  .positive({ error: 'validation.invalidDistance' }).max(MAX_DISTANCE_METERS, { error: 'validation.distanceTooLarge' });
const duration = z.number({ error: 'validation.invalidTime' }).int({ error: 'validation.invalidTime' })
  .positive({ error: 'validation.invalidTime' }).max(MAX_ISOCHRONE_SECONDS, { error: 'validation.timeTooLarge' });
const direction = z.enum(ISOCHRONE_DIRECTIONS, { error: 'validation.direction' });
/** Several starts of one routed area (the union of what each reaches): 2 to 10, in the user's order. */
const startPoints = z.array(lngLat, { error: 'validation.startPoints' })
  .min(2, { error: 'validation.startPoints' }).max(ISOCHRONE_START_POINTS_MAX, { error: 'validation.startPoints' });

/** A field of an area that the area's mode requires, and the message saying it is missing or wrong. */
export interface AreaRecipeIssue { path: [string]; message: string }

type AreaRecipeFields = {
  isoMode: (typeof AREA_MODES)[number];
  transportMode?: (typeof TRANSPORT_MODES)[number] | undefined;
  geometry?: unknown;
  startPoint?: unknown;
  startPoints?: [number, number][] | undefined;
  direction?: (typeof ISOCHRONE_DIRECTIONS)[number] | undefined;
  distance?: unknown;
  duration?: unknown;
  unitKind?: unknown;
  unitCodes?: unknown;
};

/**
 * Which fields an area needs for its mode: polygon → geometry; circle (isodistance + circle) →
 * startPoint and distance; isochrone → startPoint and duration (never a circle); routed isodistance
 * → startPoint and distance; administrative → unitKind and unitCodes. Shared by creation and by
 * changes of an area's recipe, so an edit cannot make an area that could not have been created.
 *
 * Routed areas (isochrones, road isodistances) start from startPoint or from startPoints (2 to 10;
 * startPoint, when given too, is their first), and may be computed towards the start (direction
 * arrival). A circle and a territory have one centre or none and no direction: arrival and
 * several starts are refused there rather than silently dropped. A polygon keeps whatever its
 * other fields say (a reshaped isochrone remembers how it was made), as for the other fields.
 */
export function areaRecipeIssues(area: AreaRecipeFields): AreaRecipeIssue[] {
  const issues: AreaRecipeIssue[] = [];
  const need = (field: keyof AreaRecipeFields, message: string) => {
    if (area[field] === undefined || area[field] === null) issues.push({ path: [field], message });
  };
  const needStart = () => {
    if (area.startPoints) return;
    need('startPoint', 'validation.startPointRequired');
  };
  const routedOnly = () => {
    if (area.direction === 'arrival') issues.push({ path: ['direction'], message: 'validation.routedOnly' });
    if (area.startPoints) issues.push({ path: ['startPoints'], message: 'validation.routedOnly' });
  };
  switch (area.isoMode) {
    case 'polygon':
      need('geometry', 'validation.geometryRequired');
      break;
    case 'isodistance':
      needStart();
      need('distance', 'validation.invalidDistance');
      if (area.transportMode === 'circle') routedOnly();
      break;
    case 'isochrone':
      needStart();
      need('duration', 'validation.invalidTime');
      if (area.transportMode === 'circle') issues.push({ path: ['transportMode'], message: 'validation.transportMode' });
      break;
    case 'administrative':
      need('unitKind', 'validation.unitKindRequired');
      need('unitCodes', 'validation.unitCodesRequired');
      routedOnly();
      break;
  }
  if (area.startPoints && Array.isArray(area.startPoint) && !samePoint(area.startPoint, area.startPoints[0])) {
    issues.push({ path: ['startPoints'], message: 'validation.startPoints' });
  }
  return issues;
}

function samePoint(a: unknown[], b: [number, number] | undefined): boolean {
  return b !== undefined && a[0] === b[0] && a[1] === b[1];
}

/** One area to create; which fields are required depends on the mode (areaRecipeIssues). The server computes every geometry it is not given. */
export const createAreaBody = z.object({
  uuid,
  label: label.optional(),
  color: hexColor.optional(),
  hide: z.boolean().optional(),
  isoMode: z.enum(AREA_MODES, { error: 'validation.isoMode' }),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }).optional(),
  operation: z.enum(AREA_OPERATIONS).optional(),
  geometry: areaGeometry.optional(),
  startPoint: lngLat.optional(),
  startPoints: startPoints.optional(),
  direction: direction.optional(),
  startAddress: z.string().trim().max(500).optional(),
  distance: distance.optional(),
  duration: duration.optional(),
  departureDate: dateTime.optional(),
  unitKind: z.enum(ADMINISTRATIVE_KINDS).optional(),
  unitCodes: z.array(z.string().max(20)).min(1).max(5000).optional(),
}).superRefine((area, ctx) => {
  for (const issue of areaRecipeIssues(area)) ctx.addIssue({ code: 'custom', ...issue });
});
export type CreateArea = z.infer<typeof createAreaBody>;

export const createAreasBulkBody = z.object({
  areas: z.array(createAreaBody).min(1, { error: 'validation.noAreas' }).max(BULK_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  version: versionField,
});

/**
 * Changes to an area. Besides its name, colour, visibility and drawn geometry, an area's recipe can
 * change: its mode, centre, radius, travel mode, value or transit departure (null clears a field,
 * e.g. when a reshaped circle becomes a plain polygon). An area whose recipe changes must still be one the create schema
 * accepts, and the server recomputes the geometry of circles and travel-time areas from it.
 * On an area with several starts, startPoint moves the first of them.
 */
export const patchAreaBody = z.object({
  label: label.optional(),
  color: hexColor.optional(),
  hide: z.boolean().optional(),
  geometry: areaGeometry.optional(),
  startAddress: z.string().trim().max(500).nullable().optional(),
  isoMode: z.enum(AREA_MODES, { error: 'validation.isoMode' }).optional(),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }).nullable().optional(),
  operation: z.enum(AREA_OPERATIONS).nullable().optional(),
  startPoint: lngLat.nullable().optional(),
  /** null: back to one start (startPoint, or the first of the former starts). */
  startPoints: startPoints.nullable().optional(),
  direction: direction.optional(),
  distance: distance.nullable().optional(),
  duration: duration.nullable().optional(),
  /** A transit area's departure (ISO 8601 with its offset): the timetables are read then; null clears it (another mode). */
  departureDate: dateTime.nullable().optional(),
  version: versionField,
});
export type PatchArea = z.infer<typeof patchAreaBody>;

export const patchAreasBulkBody = z.object({
  areas: z.array(patchAreaBody.omit({ version: true }).extend({ uuid })).min(1, { error: 'validation.noAreas' }).max(BULK_AREAS_MAX),
  version: versionField,
});

export const deleteAreasBulkBody = z.object({
  uuids: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(BULK_AREAS_MAX),
  version: versionField,
});

export const areaParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.mapId' }),
  folderId: uuid,
  areaId: uuid,
});

/** An area as the API returns it. */
export interface Area {
  uuid: string;
  label: string;
  color: string;
  hide: boolean;
  isoMode: (typeof AREA_MODES)[number];
  transportMode: (typeof TRANSPORT_MODES)[number] | null;
  operation: (typeof AREA_OPERATIONS)[number] | null;
  distance: number | null;
  duration: number | null;
  departureDate: string | null;
  startAddress: string | null;
  /** The start; for an area from several starts, the first of them. */
  startPoint: [number, number] | null;
  /** Every start of an area computed from several (2 to 10), else null. */
  startPoints: [number, number][] | null;
  /** departure: where one gets from the start(s); arrival: from where one gets to them (routed areas only). */
  direction: (typeof ISOCHRONE_DIRECTIONS)[number];
  unitKind: string | null;
  unitCodes: string[] | null;
  geometry: import('../geometry/types.js').AreaGeometry;
  hash: string;
  createdAt: string;
  updatedAt: string;
}

export interface Folder {
  uuid: string;
  label: string;
  closed: boolean;
  active: boolean;
  areas: Area[];
}

export interface MapSummary {
  id: number;
  accessId: string;
  title: string;
  public: boolean;
  version: number;
  /** The owner's user id, for the owner and members only: absent from a public map read by anyone else. */
  ownerId?: number;
  areaCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface MapDocument extends MapSummary {
  /** The selected area, always one of the document's areas (null once it is deleted). */
  selectedUuid: string | null;
  canEdit: boolean;
  folders: Folder[];
}
