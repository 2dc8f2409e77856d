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
