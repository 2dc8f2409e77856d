import { z } from 'zod';
import { PLACE_KINDS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from '@catchment/geodata';

export const geocodeSearchQuery = z.object({
  q: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  limit: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' }).max(SEARCH_LIMIT_MAX, { error: 'validation.invalid' })
    .default(SEARCH_LIMIT_DEFAULT),
});

export const placeResult = z.object({
  id: z.string(),
  label: z.string(),
  detail: z.string(),
  kind: z.enum(PLACE_KINDS),
  country: z.string(),
  center: z.tuple([z.number(), z.number()]),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});

export const geocodeSearchResponse = z.object({ results: z.array(placeResult) });

/** Farther than this from every town, a point is named by its coordinates (a town's centre this far away would mislead). */
export const REVERSE_MAX_DISTANCE_METERS = 25_000;

export const geocodeReverseQuery = z.object({
  lng: z.coerce.number({ error: 'validation.longitude' }).min(-180, { error: 'validation.longitude' }).max(180, { error: 'validation.longitude' }),
  lat: z.coerce.number({ error: 'validation.latitude' }).min(-90, { error: 'validation.latitude' }).max(90, { error: 'validation.latitude' }),
});

export const geocodeReverseResponse = z.object({
  /** The nearest town within REVERSE_MAX_DISTANCE_METERS, or null. */
  place: placeResult.nullable(),
  distanceMeters: z.number().nullable(),
});
