/** POST /v2/maps/generate (SPEC §7): the request, and a generation as the API shows it. */
import { z } from 'zod';
import { TRANSPORT_MODES } from '../enums.js';
import { GENERATION_MAX_ROWS, generationValueMax, type GenerationStatus } from '../generation/generation.js';
import { dateTime, hexColor, label, lngLat, uuid } from './common.js';

const column = z.string().min(1, { error: 'validation.required' }).max(255, { error: 'validation.tooLong' });

/** One place of a pasted list: where it is (a position, or an address to geocode), its name and its category for the colours. */
export const generationPlace = z.object({
  label: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  position: lngLat.optional(),
  address: z.string().trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }).optional(),
  category: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
}).refine((place) => place.position !== undefined || place.address !== undefined, { path: ['position'], error: 'validation.placeWithoutPosition' });
export type GenerationPlace = z.infer<typeof generationPlace>;

/** Where the rows come from: a list of places, or the placed rows of one of the caller's datasets (labelled and categorised by its columns). */
export const generationSource = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('places'),
    // The count is checked by the service, to answer GENERATION_TOO_MANY_ROWS with the count; this bounds the body.
    places: z.array(generationPlace).min(1, { error: 'validation.noPlaces' }).max(GENERATION_MAX_ROWS * 10, { error: 'validation.tooManyItems' }),
  }),
  z.object({
    type: z.literal('dataset'),
    datasetId: z.number({ error: 'validation.datasetId' }).int({ error: 'validation.datasetId' }).positive({ error: 'validation.datasetId' }),
    labelColumn: column.optional(),
    categoryColumn: column.optional(),
  }),
], { error: 'validation.generationSource' });

export const generationColorRule = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('single'), color: hexColor }),
  z.object({ rule: z.literal('palette') }),
  z.object({ rule: z.literal('category') }),
], { error: 'validation.colorRule' });

export const generateMapBody = z.object({
  title: label.optional(),
  source: generationSource,
  isoMode: z.enum(['isochrone', 'isodistance'], { error: 'validation.isoMode' }),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }),
  /** Seconds for an isochrone, metres for an isodistance or a circle. */
  value: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).positive({ error: 'validation.invalidValue' }),
  departureDate: dateTime.optional(),
  colors: generationColorRule.default({ rule: 'palette' }),
}).superRefine((body, ctx) => {
  if (body.isoMode === 'isochrone' && body.transportMode === 'circle') ctx.addIssue({ code: 'custom', path: ['transportMode'], message: 'validation.transportMode' });
  if (body.value > generationValueMax(body.isoMode)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: body.isoMode === 'isochrone' ? 'validation.timeTooLarge' : 'validation.distanceTooLarge' });
  }
});
export type GenerateMapBody = z.output<typeof generateMapBody>;

export const generationIdParam = z.object({ generationId: uuid });

/** A row the generation made no area for, and why (a translated message). Rows count from 1, as in the list or the file. */
export interface GenerationFailure { row: number; label: string; message: string }

/** A generation as GET /v2/maps/generate/{generationId} shows it; the map fills as it goes. */
export interface MapGenerationView {
  id: string;
  status: GenerationStatus;
  /** 0 to 1: rows dealt with out of all. */
  progress: number;
  total: number;
  created: number;
  failures: GenerationFailure[];
  /** The new map; null once it was deleted. */
  map: { id: number; accessId: string; title: string } | null;
  /** Why a failed generation stopped (GENERATION_FAILED, GENERATION_TIMEOUT, GEOCODER_UNAVAILABLE…). */
  error?: { code: string; message: string };
  createdAt: string;
}
