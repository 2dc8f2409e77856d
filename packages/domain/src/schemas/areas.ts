import { z } from 'zod';
import { ADMINISTRATIVE_KINDS, AREA_MODES, AREA_OPERATIONS, TRANSPORT_MODES } from '../enums.js';
import { BULK_AREAS_MAX, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '../constants.js';
import { areaGeometry, dateTime, hexColor, label, lngLat, uuid, versionField } from './common.js';

const distance = z.number({ error: 'validation.invalidDistance' }).int({ error: 'validation.invalidDistance' })
  .positive({ error: 'validation.invalidDistance' }).max(MAX_DISTANCE_METERS, { error: 'validation.distanceTooLarge' });
const duration = z.number({ error: 'validation.invalidTime' }).int({ error: 'validation.invalidTime' })
  .positive({ error: 'validation.invalidTime' }).max(MAX_ISOCHRONE_SECONDS, { error: 'validation.timeTooLarge' });

/** A field of an area that the area's mode requires, and the message saying it is missing or wrong. */
export interface AreaRecipeIssue { path: [string]; message: string }

type AreaRecipeFields = {
  isoMode: (typeof AREA_MODES)[number];
  transportMode?: (typeof TRANSPORT_MODES)[number] | undefined;
  geometry?: unknown;
  startPoint?: unknown;
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
 */
export function areaRecipeIssues(area: AreaRecipeFields): AreaRecipeIssue[] {
  const issues: AreaRecipeIssue[] = [];
  const need = (field: keyof AreaRecipeFields, message: string) => {
    if (area[field] === undefined || area[field] === null) issues.push({ path: [field], message });
  };
  switch (area.isoMode) {
    case 'polygon':
      need('geometry', 'validation.geometryRequired');
      break;
    case 'isodistance':
      need('startPoint', 'validation.startPointRequired');
      need('distance', 'validation.invalidDistance');
      break;
    case 'isochrone':
      need('startPoint', 'validation.startPointRequired');
      need('duration', 'validation.invalidTime');
      if (area.transportMode === 'circle') issues.push({ path: ['transportMode'], message: 'validation.transportMode' });
      break;
    case 'administrative':
      need('unitKind', 'validation.unitKindRequired');
      need('unitCodes', 'validation.unitCodesRequired');
      break;
  }
  return issues;
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
 * change: its mode, centre, radius, travel mode or value (null clears a field, e.g. when a reshaped
 * circle becomes a plain polygon). An area whose recipe changes must still be one the create schema
 * accepts, and the server recomputes the geometry of circles and travel-time areas from it.
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
  distance: distance.nullable().optional(),
  duration: duration.nullable().optional(),
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
  startPoint: [number, number] | null;
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
