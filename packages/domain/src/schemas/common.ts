import { z } from 'zod';
import { MAX_AREA_VERTICES } from '../constants.js';
import { checkAreaGeometryShape, GEOMETRY_REASONS } from '../geometry/validate.js';
import type { AreaGeometry } from '../geometry/types.js';

/**
 * Messages in these schemas are i18n keys (see ../i18n); the API and the web app translate them,
 * so one schema gives the same wording on both sides and in both languages.
 */
export const uuid = z.uuid({ error: 'validation.uuid' });
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' });
export const label = z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });

/**
 * Dates the product stores (departure times): from 1970 to 2100. Beyond that range PGlite's and
 * PostgreSQL's timestamps disagree (year 0 is refused by one and stored by the other), and no
 * departure is planned there. ISO 8601 in UTC (`Z`) or with an offset (`+01:00`).
 */
export const DATE_RANGE = { min: '1970-01-01T00:00:00Z', max: '2100-12-31T23:59:59Z' } as const;
export const dateTime = z.iso.datetime({ offset: true, error: 'validation.date' }).refine((value) => {
  const time = Date.parse(value);
  return time >= Date.parse(DATE_RANGE.min) && time <= Date.parse(DATE_RANGE.max);
}, { error: 'validation.dateOutOfRange' });

export const lngLat = z.tuple([
  z.number({ error: 'validation.longitude' }).min(-180, { error: 'validation.longitude' }).max(180, { error: 'validation.longitude' }),
  z.number({ error: 'validation.latitude' }).min(-90, { error: 'validation.latitude' }).max(90, { error: 'validation.latitude' }),
], { error: 'validation.startPoint' });

const ring = z.array(lngLat).min(4, { error: 'validation.polygonTooFewPoints' });

const polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) });
const multiPolygon = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) });

/**
 * A Polygon or MultiPolygon of at most MAX_AREA_VERTICES points with closed rings. Whether a ring
 * crosses itself is not checked here: that costs O(n log n) and a schema runs on the server's event
 * loop, so the API checks it in a worker (validateAreaGeometry) and the web app as the user draws.
 */
export const areaGeometry = z
  .discriminatedUnion('type', [polygon, multiPolygon], { error: 'validation.geometry' })
  .superRefine((geometry, ctx) => {
    const result = checkAreaGeometryShape(geometry as AreaGeometry);
    if (result.valid) return;
    const params = result.reason === GEOMETRY_REASONS.tooManyVertices ? { max: MAX_AREA_VERTICES } : undefined;
    ctx.addIssue({ code: 'custom', message: result.reason, ...(params ? { params } : {}) });
  });

export const mapIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.mapId' }) });

/** Optional optimistic-concurrency token on writes: the map version the change was based on. */
export const versionField = z.number().int().positive().optional();
