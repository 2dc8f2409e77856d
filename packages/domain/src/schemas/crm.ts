/** CRM connections (SPEC §7 CRM, /crm/connections): the calls' parameters and bodies, and what they answer. */
import { z } from 'zod';

export const CRM_TYPES = ['hubspot'] as const;
export type CrmType = (typeof CRM_TYPES)[number];

/** SPEC §4: a connection is connected, or expired (the CRM refused its refresh token: reconnect it). */
export type CrmConnectionState = 'connected' | 'expired';

/** Remote lists per page of GET …/remotelists, at most. */
export const CRM_REMOTE_LISTS_PAGE_MAX = 100;
/** Records a GET …/samples shows, at most. */
export const CRM_SAMPLES_MAX = 20;

const crmType = z.enum(CRM_TYPES, { error: 'validation.crmType' });
const redirectUri = z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2000, { error: 'validation.tooLong' });
const code = z.string().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.tooLong' });
const connectionId = z.coerce.number({ error: 'validation.crmConnectionId' }).int().positive({ error: 'validation.crmConnectionId' });
/** HubSpot's list ids are numbers, sent as text. */
const remoteListId = z.string().regex(/^[0-9]{1,20}$/, { error: 'validation.crmListId' });
const propertyName = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'validation.crmProperty' });

export const crmTypeParam = z.object({ type: crmType });
export const crmConnectionParam = z.object({ id: connectionId });
export const crmRemoteListParams = z.object({ id: connectionId, listId: remoteListId });

/** POST /crm/connections/{type} and POST …/{id}/reconnect: where the CRM sends the user back, with the web app's state. */
export const crmAuthorizeBody = z.object({
  redirectUri,
  state: z.string().min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }),
});

/** POST /crm/connections/create: the code the CRM sent back to the redirect URI, exchanged for the connection. */
export const crmCreateConnectionBody = z.object({ type: crmType, code, redirectUri });

/** PATCH /crm/connections/{id}: the code of a reconnection (same CRM account), renewing the connection's tokens. */
export const crmUpdateConnectionBody = z.object({ code, redirectUri });

/** GET …/remotelists: lists whose name contains `search`, a page (from 1) of `limit`. */
export const crmRemoteListsQuery = z.object({
  search: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CRM_REMOTE_LISTS_PAGE_MAX).default(20),
});

/** GET …/{listId}/samples?properties=a,b: the first records of the list with those properties. */
export const crmSamplesQuery = z.object({
  properties: z.string().max(5000, { error: 'validation.tooLong' })
    .transform((value) => [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))])
    .pipe(z.array(propertyName).min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooLong' })),
  limit: z.coerce.number().int().min(1).max(CRM_SAMPLES_MAX).default(5),
});

/** A connection as the API shows it: never its tokens. */
export interface CrmConnectionView {
  id: number;
  type: CrmType;
  state: CrmConnectionState;
  /** The CRM's account (HubSpot's hub id). */
  remoteAccountId: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /crm/types: the CRMs the app knows, and whether this server holds the app credentials to connect each (SPEC §4 "not configured"). */
export interface CrmTypeView {
  type: CrmType;
  configured: boolean;
}

/** Where to send the user to grant access. */
export interface CrmAuthorizeView {
  url: string;
}

export interface CrmRemoteListView {
  id: string;
  name: string;
  /** The records it holds; null: neither contacts nor companies (it cannot be synchronised). */
  objectType: 'contacts' | 'companies' | null;
  /** Members, when the CRM says. */
  size: number | null;
}

export interface CrmRemoteListPage {
  lists: CrmRemoteListView[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

export interface CrmPropertyView {
  name: string;
  label: string;
  /** string, number, date, enumeration, bool… */
  type: string;
  group: string | null;
}

export interface CrmSampleView {
  id: string;
  properties: Record<string, string | null>;
}

/** SPEC §4 CRM import status: with `lastSuccessAt`, "failed (or active) after an earlier success". */
export type CrmSyncStatus = 'active' | 'success' | 'warning' | 'failed';

const synchronizedListId = z.coerce.number({ error: 'validation.crmListId' }).int().positive({ error: 'validation.crmListId' });
export const crmSynchronizedListParams = z.object({ id: connectionId, listId: synchronizedListId });

/** GET …/{id}/synchronize?listId: every list of the connection, or only that synchronised list (its id, not the CRM's). */
export const crmSynchronizeQuery = z.object({ listId: synchronizedListId.optional() });

/** Which of the records' properties hold the address: its parts, or one property holding it whole. */
export const crmAddressProperties = z.object({
  street: propertyName.optional(),
  housenumber: propertyName.optional(),
  postcode: propertyName.optional(),
  city: propertyName.optional(),
  country: propertyName.optional(),
  line: propertyName.optional(),
}).refine((address) => Object.values(address).some(Boolean), { error: 'validation.addressColumns' });

/**
 * POST /crm/connections/{id}/synchronizedlists: a remote list synchronised as a dataset (the
 * stepper's list, geolocation and properties choices); its first synchronisation starts at once.
 */
export const crmSynchronizeListBody = z.object({
  listId: remoteListId,
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }).optional(),
  address: crmAddressProperties,
  properties: z.array(propertyName).max(100, { error: 'validation.tooLong' }).default([]),
  /** The numeric property summed or averaged per area by default; one of `properties`. */
  operationColumn: propertyName.optional(),
});
export type CrmSynchronizeListBody = z.output<typeof crmSynchronizeListBody>;

export interface CrmSynchronizedListView {
  id: number;
  connectionId: number;
  remoteListId: string;
  name: string;
  objectType: 'contacts' | 'companies';
  address: Partial<Record<'street' | 'housenumber' | 'postcode' | 'city' | 'country' | 'line', string>>;
  properties: string[];
  /** The dataset it feeds (its rows, on maps). */
  datasetId: number;
  status: CrmSyncStatus;
  lastSuccessAt: string | null;
  /** The error code of the last failure (SPEC §8 CRM errors); null after a success. */
  lastError: string | null;
  recordCount: number;
  placedCount: number;
  notPlacedCount: number;
  updatedAt: string;
}
