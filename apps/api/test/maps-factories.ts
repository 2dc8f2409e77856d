/** Factories for the maps tests: requests as a user, maps, folders, areas, plans and memberships. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MapDocument, PolygonGeometry } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { expect } from 'vitest';
import type { TestUser } from './harness.js';

export interface RequestOptions {
  as?: TestUser | undefined;
  payload?: unknown;
  lang?: 'en' | 'fr';
  headers?: Record<string, string>;
}

/** One API request, as `as` (anonymous without it). */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(options.as ? { cookie: options.as.cookie } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload as InjectOptions['payload'] } : {}),
  });
}

/** A call that must answer `status`; returns the parsed body. */
export async function expectStatus<T = unknown>(status: number, response: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return (r.body ? r.json() : undefined) as T;
}

export function createMap(app: FastifyInstance, user: TestUser, body: Record<string, unknown> = {}): Promise<MapDocument> {
  return expectStatus<MapDocument>(201, call(app, 'POST', '/v2/maps', { as: user, payload: body }));
}

export function getMap(app: FastifyInstance, user: TestUser | undefined, id: number | string): Promise<MapDocument> {
  return expectStatus<MapDocument>(200, call(app, 'GET', `/v2/maps/${id}`, { as: user }));
}

export async function createFolder(app: FastifyInstance, user: TestUser, mapId: number, label = 'Layer', extra: Record<string, unknown> = {}): Promise<string> {
  const uuid = randomUUID();
  await expectStatus(201, call(app, 'PUT', `/v2/maps/${mapId}/folders/${uuid}`, { as: user, payload: { label, ...extra } }));
  return uuid;
}

/** An axis-aligned square, south-west corner (lng, lat), side in degrees. */
export function square(lng: number, lat: number, side = 0.01): PolygonGeometry {
  return { type: 'Polygon', coordinates: [[[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side], [lng, lat]]] };
}

export const polygonArea = (fields: Record<string, unknown> = {}) => ({ uuid: randomUUID(), isoMode: 'polygon', geometry: square(2.3, 48.8), ...fields });
export const circleArea = (fields: Record<string, unknown> = {}) =>
  ({ uuid: randomUUID(), isoMode: 'isodistance', transportMode: 'circle', startPoint: [2.35, 48.85], distance: 5000, ...fields });

export function postAreas(app: FastifyInstance, user: TestUser | undefined, mapId: number | string, folderId: string, areas: unknown[], extra: RequestOptions = {}) {
  return call(app, 'POST', `/v2/maps/${mapId}/folders/${folderId}/areas/bulk`, { as: user, ...extra, payload: { areas, ...(extra.payload as object) } });
}

/** A map with one folder holding `count` polygon areas. */
export async function mapWithAreas(app: FastifyInstance, user: TestUser, count: number, body: Record<string, unknown> = {}) {
  const map = await createMap(app, user, body);
  const folderId = await createFolder(app, user, map.id);
  const areas = Array.from({ length: count }, (_, i) => polygonArea({ geometry: square(2 + i * 0.02, 48) }));
  if (count > 0) await expectStatus(201, postAreas(app, user, map.id, folderId, areas));
  return { map: await getMap(app, user, map.id), folderId };
}

export async function setProduct(ctx: AppContext, user: TestUser, product: string): Promise<void> {
  await ctx.database.db.updateTable('clients').set({ product }).where('id', '=', user.id).execute();
}

/**
 * Shares a map with a user by a row in map_clients, leaving the map's version as it was: the tests
 * that count versions and announcements start from a member already there. The API that manages
 * members (POST /v2/maps/{id}/clients, which moves the version on) has its own tests: map-members.test.ts.
 */
export async function addMember(ctx: AppContext, mapId: number, user: TestUser): Promise<void> {
  await ctx.database.db.insertInto('map_clients').values({ map_id: mapId, client_id: user.id }).execute();
}

/** Great-circle distance in metres, on the sphere turf uses for circles. */
export function haversineMeters([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const radians = Math.PI / 180;
  const dLat = (lat2 - lat1) * radians;
  const dLng = (lng2 - lng1) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** Checks a refusal's status and code (and its message, exact or by pattern); returns the error. */
export function expectError(response: LightMyRequestResponse, status: number, code: string, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const error = response.json().error as { code: string; message: string; details?: unknown };
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error;
}
