/** App keys (SPEC §3 User appKeys, §7): the calls that list and revoke them, and what they answer. */
import { z } from 'zod';
import { APP_KEY_PATTERN, type AppKeyKind } from '../appkeys/app-keys.js';
import { ADMINISTRATIVE_KINDS, type AdministrativeKind } from '../enums.js';
import { clientIdParam } from './auth.js';
import { mapIdParam, uuid } from './common.js';
import { analysisCountry, MEASURE_AREAS_MAX } from './territories.js';
import { REPORT_COUNTRIES, reportOrderBody } from '../reports/report.js';
import { autocompleteQuery, countDraftSearchBody } from './searches.js';

const appKey = z.string().regex(APP_KEY_PATTERN, { error: 'validation.appKey' });

export const appKeyParam = z.object({ key: appKey });
export const clientAppKeyParams = clientIdParam.extend({ key: appKey });

/** An account's key, as GET /Clients/{id}/appKeys lists it. */
export interface AppKeyView {
  key: string;
  kind: AppKeyKind;
  createdAt: string;
  /** False for a paid key while the account's plan is free: its calls answer APP_KEY_PLAN_ENDED. */
  active: boolean;
  /** Calls answered this month (UTC), every call together. */
  callsThisMonth: number;
  /** Calls per minute the key is allowed. */
  requestsPerMinute: number;
}

/** POST /Appkeys/{key}/business: how many of a catalogue's businesses each polygon holds (the editor's draft count). */
export const appKeyBusinessBody = countDraftSearchBody;

/** POST /Appkeys/{key}/searches/autocompleteNames and …/autocompleteCategories: the editor's suggestions, by key. */
export const appKeyAutocompleteBody = autocompleteQuery;

/** The unit kinds each keyed search of SPEC §7 (GET /Appkeys/{key}/cities, postcode, iris) looks in; the first is its default. */
export const APP_KEY_UNIT_SEARCHES = {
  cities: ADMINISTRATIVE_KINDS.filter((kind) => kind.endsWith('_cities')),
  postcode: ['fr_postcodes', ...ADMINISTRATIVE_KINDS.filter((kind) => kind !== 'fr_postcodes' && /_(postcodes|zipcodes|sectors|units|cfsa)$/.test(kind))],
  iris: ['fr_iris'],
} as const satisfies Record<string, readonly AdministrativeKind[]>;
export type AppKeyUnitSearch = keyof typeof APP_KEY_UNIT_SEARCHES;

/** GET /Appkeys/{key}/cities|postcode|iris?q=…: units by code prefix or name, of one kind of the search's. */
export function appKeyUnitSearchQuery(search: AppKeyUnitSearch) {
  const kinds = APP_KEY_UNIT_SEARCHES[search] as readonly AdministrativeKind[] as [AdministrativeKind, ...AdministrativeKind[]];
  return z.object({
    q: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
    kind: z.enum(kinds, { error: 'errors.unknownUnitKind' }).default(kinds[0]),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  });
}

/** Units at most in one GET /Appkeys/{key}/stats. */
export const APP_KEY_STATS_MAX_UNITS = 100;

/** GET /Appkeys/{key}/stats?kind=fr_cities&codes=06088,06004: the census figures of units. */
export const appKeyStatsQuery = z.object({
  kind: z.enum(ADMINISTRATIVE_KINDS, { error: 'errors.unknownUnitKind' }),
  codes: z.string().transform((text) => [...new Set(text.split(',').map((code) => code.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(20)).min(1, { error: 'validation.unitCodesRequired' }).max(APP_KEY_STATS_MAX_UNITS, { error: 'validation.tooManyUnits' })),
});

export interface AppKeyUnitsAnswer {
  items: { kind: AdministrativeKind; code: string; name: string; parentName?: string; bbox: [number, number, number, number] }[];
}

export interface AppKeyStatsAnswer {
  kind: AdministrativeKind;
  /** The units found, in the order asked, with their figures (population, households…: the measures imported). */
  items: { code: string; name: string; measures: Record<string, number> }[];
  /** Codes asked for that name no unit of the kind. */
  missing: string[];
}

/** Areas of one of the key's account's maps (its id or its access id), and the name of the file made of them. */
export const appKeyAreasBody = z.object({
  mapId: mapIdParam.shape.id,
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  name: z.string().trim().min(1).max(120, { error: 'validation.tooLong' }).optional(),
});

/** POST /Appkeys/{key}/xlsxreport/generic: the census workbook of areas (PRO, as the census export). */
export const appKeyCensusWorkbookBody = appKeyAreasBody.extend({ country: analysisCountry });

/** POST /Appkeys/{key}/report/{kind} and …/sync: {kind} is the report's country (fr, us, gb, be, ca). */
export const appKeyReportParams = appKeyParam.extend({ kind: z.enum(REPORT_COUNTRIES, { error: 'errors.reportCountryUnsupported' }) });
/** The report's order, as the customisation panel makes it, for areas of one of the account's maps. */
export const appKeyReportBody = reportOrderBody.omit({ country: true }).extend({ mapId: mapIdParam.shape.id });
