import { z } from 'zod';
import { ADMINISTRATIVE_KINDS, AREA_MODES, AREA_OPERATIONS, TRANSPORT_MODES } from '../enums.js';
import { BULK_AREAS_MAX, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '../constants.js';
import { areaGeometry, dateTime, hexColor, label, lngLat, uuid, versionField } from './common.js';

const distance = z.number({ error: 'validation.invalidDistance' }).int({ error: 'validation.invalidDistance' })
  .positive({ error: 'validation.invalidDistance' }).max(MAX_DISTANCE_METERS, { error: 'validation.distanceTooLarge' });
const duration = z.number({ error: 'validation.invalidTime' }).int({ error: 'validation.invalidTime' })
  .positive({ error: 'validation.invalidTime' }).max(MAX_ISOCHRONE_SECONDS, { error: 'validation.timeTooLarge' });

/**
 * One area to create. Which fields are required depends on the mode:
 * polygon → geometry; circle (isodistance + circle) → startPoint and distance;
 * isochrone → startPoint and duration; routed isodistance → startPoint and distance;
 * administrative → unitKind and unitCodes. The server computes every geometry it is not given.
 */
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
  const need = (field: keyof typeof area, message: string) => {
    if (area[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
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
      if (area.transportMode === 'circle') ctx.addIssue({ code: 'custom', path: ['transportMode'], message: 'validation.transportMode' });
      break;
    case 'administrative':
      need('unitKind', 'validation.unitKindRequired');
      need('unitCodes', 'validation.unitCodesRequired');
      break;
  }
});
export type CreateArea = z.infer<typeof createAreaBody>;

export const createAreasBulkBody = z.object({
  areas: z.array(createAreaBody).min(1, { error: 'validation.noAreas' }).max(BULK_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  version: versionField,
});

export const patchAreaBody = z.object({
  label: label.optional(),
  color: hexColor.optional(),
  hide: z.boolean().optional(),
  geometry: areaGeometry.optional(),
  startAddress: z.string().trim().max(500).optional(),
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
