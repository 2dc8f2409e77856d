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

/**
 * A road network the server routes in (GET /v2/isochrones/regions): its region name, its name in
 * the request language, its bounding box [west, south, east, north], and whether it is one of the
 * demo's sample regions (as opposed to an extract the operator imported).
 */
export const roadNetwork = z.object({
  id: z.string(),
  name: z.string(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  demo: z.boolean(),
});
export type RoadNetwork = z.infer<typeof roadNetwork>;

export const roadNetworksResponse = z.object({ regions: z.array(roadNetwork) });
export type RoadNetworksResponse = z.infer<typeof roadNetworksResponse>;
