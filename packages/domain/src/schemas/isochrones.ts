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
/** Several starts for one area (the union of theirs): at least 2, at most this many. */
export const ISOCHRONE_START_POINTS_MAX = 10;

/**
 * departure (default): where one gets from the start within the value; arrival: from where one
 * gets to it within the value (one-way streets driven the right way towards it).
 */
export const ISOCHRONE_DIRECTIONS = ['departure', 'arrival'] as const;
export type IsochroneDirection = (typeof ISOCHRONE_DIRECTIONS)[number];
const direction = z.enum(ISOCHRONE_DIRECTIONS, { error: 'validation.direction' });

/**
 * A travel-time (seconds) or road-distance (metres) area request. Whole numbers are expected; the
 * spec says other numbers fall back to the defaults, which the service applies and reports.
 * Bounds (positive, at most 3 h / 300 km) are checked per mode by the service's validation.
 * One start (`startPoint`) or several (`startPoints`, 2 to 10: one area from all of them at once).
 */
export const isochronesBody = z.object({
  startPoint: lngLat.optional(),
  startPoints: z.array(lngLat, { error: 'validation.startPoints' })
    .min(2, { error: 'validation.startPoints' }).max(ISOCHRONE_START_POINTS_MAX, { error: 'validation.startPoints' }).optional(),
  direction: direction.optional(),
  isoMode: z.enum(['isochrone', 'isodistance'], { error: 'validation.isoMode' }),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }),
  values: z.array(z.number({ error: 'validation.invalidValue' }), { error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' }).max(ISOCHRONE_VALUES_MAX, { error: 'validation.tooManyValues' }),
  departureDate: dateTime.optional()
    .describe('Transit: when one leaves the start (ISO 8601 with its offset; now when absent); with direction "arrival", when one must be there by.'),
}).refine((body) => (body.startPoint === undefined) !== (body.startPoints === undefined), {
  error: 'validation.startPoints', path: ['startPoints'],
});
export type IsochronesRequest = z.infer<typeof isochronesBody>;

/**
 * POST /v2/isochrones/route: the fastest way between an isochrone's start and any point, to check
 * the area there. departure: from startPoint to point; arrival: from point to startPoint.
 */
export const isochroneRouteBody = z.object({
  startPoint: lngLat,
  point: lngLat,
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }),
  direction: direction.optional(),
});
export type IsochroneRouteRequest = z.infer<typeof isochroneRouteBody>;

/** Seconds and metres as the isochrone's own search counts them, and the road followed (both points snapped to it). */
export const isochroneRouteResponse = z.object({
  duration: z.number(),
  distance: z.number(),
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
});
export type IsochroneRouteResponse = z.infer<typeof isochroneRouteResponse>;

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
