import { z } from 'zod';
import { TRANSPORT_MODES } from '../enums.js';
import { dateTime, lngLat } from './common.js';

/** At most this many bands in one request (nested isochrones such as 10, 20, 30 minutes). */
export const ISOCHRONE_VALUES_MAX = 10;

/**
 * A travel-time (seconds) or road-distance (metres) area request. Whole numbers are expected; the
 * spec says other numbers fall back to the defaults, which the service applies and reports.
 * Bounds (positive, at most 3 h / 300 km) are checked per mode by the service's validation.
 */
export const isochronesBody = z.object({
  startPoint: lngLat,
  isoMode: z.enum(['isochrone', 'isodistance'], { error: 'validation.isoMode' }),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }),
  values: z.array(z.number({ error: 'validation.invalidValue' }), { error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' }).max(ISOCHRONE_VALUES_MAX, { error: 'validation.tooManyValues' }),
  departureDate: dateTime.optional(),
});
export type IsochronesRequest = z.infer<typeof isochronesBody>;
