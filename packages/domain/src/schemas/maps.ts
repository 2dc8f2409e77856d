import { z } from 'zod';
import { DISTANCE_UNITS, MAP_EXPORT_FORMATS, MAP_SORTS } from '../enums.js';
import { MAPS_PAGE_SIZE_DEFAULT, MAPS_PAGE_SIZE_MAX } from '../constants.js';
import { email } from './auth.js';
import { label, mapIdParam, uuid, versionField } from './common.js';

export const createMapBody = z.object({ title: label.optional(), public: z.boolean().optional() });

export const patchMapBody = z.object({
  title: label.optional(),
  public: z.boolean().optional(),
  selectedUuid: uuid.nullable().optional(),
  version: versionField,
});

export const listMapsQuery = z.object({
  sortBy: z.enum(MAP_SORTS, { error: 'validation.sortBy' }).default('-updatedAt'),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAPS_PAGE_SIZE_MAX).default(MAPS_PAGE_SIZE_DEFAULT),
  page: z.coerce.number().int().min(1).default(1),
});

export const folderParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.mapId' }), folderId: uuid });

export const createFolderBody = z.object({
  label,
  closed: z.boolean().optional(),
  active: z.boolean().optional(),
  version: versionField,
});

export const patchFolderBody = z.object({
  label: label.optional(),
  closed: z.boolean().optional(),
  active: z.boolean().optional(),
  version: versionField,
});

/** Moves an item before or after a reference item of the same list. */
export const orderFolderBody = z.object({ referenceFolderUuid: uuid, before: z.boolean(), version: versionField });
export const orderAreaBody = z.object({ referenceAreaUuid: uuid, before: z.boolean(), folderId: uuid.optional(), version: versionField });

/** The export of a map's areas: the file's format, and the unit its descriptions give distances in. */
export const mapExportQuery = z.object({
  format: z.enum(MAP_EXPORT_FORMATS, { error: 'validation.exportFormat' }).default('kml'),
  unit: z.enum(DISTANCE_UNITS, { error: 'validation.distanceUnit' }).default('km'),
});

/** POST /v2/maps/{id}/clients: the e-mail address of a registered user to make a member (any case). */
export const mapMemberBody = z.object({ email });

/** DELETE /v2/maps/{id}/clients/{clientId}: the member's user id. */
export const mapMemberParams = mapIdParam.extend({
  clientId: z.coerce.number({ error: 'validation.clientId' }).int().positive({ error: 'validation.clientId' }).max(2_147_483_647, { error: 'validation.clientId' }),
});

/** A member of a map (SPEC §3 Map authorised users): a user the owner shared the map with, who reads and edits it. */
export interface MapMember {
  clientId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** When the owner added them (ISO 8601). */
  addedAt: string;
}
