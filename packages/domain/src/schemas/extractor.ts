/** POST /Appkeys/{key}/extractor/{kind} (SPEC §7): the request and what it answers. */
import { z } from 'zod';
import { TRANSPORT_MODES, type AdministrativeKind } from '../enums.js';
import { EXTRACTOR_KINDS } from '../extractor/extractor.js';
import { appKeyParam } from './app-keys.js';
import { dateTime, lngLat } from './common.js';

export const extractorParams = appKeyParam.extend({
  kind: z.enum(EXTRACTOR_KINDS as [AdministrativeKind, ...AdministrativeKind[]], { error: 'validation.extractorKind' }),
});

/**
 * The area to extract from: an isochrone (value in seconds), a road isodistance or a circle
 * (isodistance with transportMode "circle", value in metres), drawn from the start point.
 */
export const extractorBody = z.object({
  startPoint: lngLat,
  isoMode: z.enum(['isochrone', 'isodistance'], { error: 'validation.isoMode' }),
  transportMode: z.enum(TRANSPORT_MODES, { error: 'validation.transportMode' }),
  value: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).positive({ error: 'validation.invalidValue' }),
  departureDate: dateTime.optional(),
}).refine((body) => !(body.isoMode === 'isochrone' && body.transportMode === 'circle'), { path: ['transportMode'], error: 'validation.transportMode' });
export type ExtractorRequest = z.infer<typeof extractorBody>;

/** A city or postcode the area covers, wholly or in part. */
export interface ExtractedItem {
  code: string;
  name: string;
  /** The département, county… it lies in, when known. */
  parentName?: string;
  /** Its share inside the area, 0 to 1 (1 for a city known only by its position). */
  share: number;
  population: number | null;
}

export interface ExtractorResponse {
  kind: AdministrativeKind;
  /** Largest share first, then by name. */
  items: ExtractedItem[];
  /** Answered from the key's most recent extractions: not counted again. */
  cached: boolean;
  /** This key's extractions this month and its monthly allowance (null: no monthly count, a demo key). */
  extractionsThisMonth: number;
  extractionsPerMonth: number | null;
  /** Items a request may list with this key (null: any number). */
  maxItems: number | null;
}
