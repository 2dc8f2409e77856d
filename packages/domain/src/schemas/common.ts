import { z } from 'zod';
import { validateAreaGeometry } from '../geometry/validate.js';
import type { AreaGeometry } from '../geometry/types.js';

/**
 * Messages in these schemas are i18n keys (see ../i18n); the API and the web app translate them,
 * so one schema gives the same wording on both sides and in both languages.
 */
export const uuid = z.uuid({ error: 'validation.uuid' });
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' });
export const label = z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });

export const lngLat = z.tuple([
  z.number({ error: 'validation.longitude' }).min(-180, { error: 'validation.longitude' }).max(180, { error: 'validation.longitude' }),
  z.number({ error: 'validation.latitude' }).min(-90, { error: 'validation.latitude' }).max(90, { error: 'validation.latitude' }),
], { error: 'validation.startPoint' });

const ring = z.array(lngLat).min(4, { error: 'validation.polygonTooFewPoints' });

const polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) });
const multiPolygon = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) });

/** A Polygon or MultiPolygon that a user could have drawn: closed rings that do not cross themselves. */
export const areaGeometry = z
  .discriminatedUnion('type', [polygon, multiPolygon], { error: 'validation.geometry' })
  .superRefine((geometry, ctx) => {
    const result = validateAreaGeometry(geometry as AreaGeometry);
    if (!result.valid) ctx.addIssue({ code: 'custom', message: result.reason });
  });

export const mapIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.mapId' }) });

/** Optional optimistic-concurrency token on writes: the map version the change was based on. */
export const versionField = z.number().int().positive().optional();
