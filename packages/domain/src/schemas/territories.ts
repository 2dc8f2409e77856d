/**
 * Payloads of the territorial API: unit kinds and search, census measures of areas, administrative
 * divisions. Request bodies are zod schemas; responses are plain types shared with the app.
 */
import { z } from 'zod';
import { ADMINISTRATIVE_KINDS, COUNTRIES, DISTANCE_UNITS, MAP_EXPORT_FORMATS, type AdministrativeKind, type Country } from '../enums.js';
import type { MeasureAggregation, MeasureGroup, MeasureUnit } from '../territories.js';
import { uuid } from './common.js';

export const MEASURE_AREAS_MAX = 50;

export const unitKindParam = z.enum(ADMINISTRATIVE_KINDS, { error: 'errors.unknownUnitKind' });
export const countryQuery = z.object({ country: z.enum(COUNTRIES, { error: 'validation.invalid' }).default('fr') });

export const unitSearchQuery = z.object({
  q: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** The units whose union the administrative mode previews (the same limit as an area's unit list). */
export const unitUnionBody = z.object({
  codes: z.array(z.string().max(20)).min(1, { error: 'validation.unitCodesRequired' }).max(5000),
});

/** The country whose data the analysis panel shows, when the user chose one; the area's own country without it. */
export const analysisCountry = z.enum(COUNTRIES, { error: 'validation.invalid' }).optional();

export const computeMeasuresBody = z.object({
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  country: analysisCountry,
});

export const divisionsExportBody = z.object({
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' }),
  country: analysisCountry,
});

/**
 * The multi-area comparison export: two areas or more side by side (a comparison of one is the
 * census export), and the unit the areas' recipes are described in (km or mi, as the map export).
 */
export const comparisonExportBody = z.object({
  areaIds: z.array(uuid).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' })
    .refine((ids) => new Set(ids).size >= 2, { error: 'validation.comparisonNeedsTwoAreas' }),
  country: analysisCountry,
  unit: z.enum(DISTANCE_UNITS, { error: 'validation.distanceUnit' }).default('km'),
});

/** The IRIS detail export: IRIS are French, so no data country is asked for. */
export const irisDetailExportBody = z.object({
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(MEASURE_AREAS_MAX, { error: 'validation.tooManyAreas' }),
});

/** The boundaries of the units an area covers: of one kind, or of every kind its divisions list; as GeoJSON or KML. */
export const boundariesQuery = z.object({
  kind: unitKindParam.optional(),
  format: z.enum(MAP_EXPORT_FORMATS, { error: 'validation.exportFormat' }).default('geojson'),
  country: analysisCountry,
});

export const measuresQuery = z.object({
  country: z.enum(COUNTRIES, { error: 'validation.invalid' }).default('fr'),
  searchKey: z.string().trim().max(100).optional(),
  metricId: z.string().max(100).optional(),
});

/** What the server has loaded for one kind of unit. */
export interface UnitKindSummary {
  kind: AdministrativeKind;
  country: Country;
  /** Zoom from which the map labels units of this kind (SPEC §9). */
  labelZoom: number;
  units: number;
  /** `polygon` where boundaries are loaded, `point` where only positions are known (demo data without boundaries). */
  geometry: 'polygon' | 'point' | 'mixed';
  /** Where the units come from: `demo` or importer names. */
  sources: string[];
}

export interface UnitSummary {
  kind: AdministrativeKind;
  code: string;
  name: string;
  /** The parent unit's name (département of a commune, state of a county), when known. */
  parentName?: string;
  geometry: 'polygon' | 'point';
  bbox: [number, number, number, number];
}

export interface MeasureValue {
  key: string;
  label: string;
  /** null: no dataset gives this measure where the area lies. */
  value: number | null;
  unit: MeasureUnit;
  group: MeasureGroup;
  aggregation: MeasureAggregation['method'];
  /**
   * Share (0–1) of the area's surface covered by boundaries with data for this measure; null when
   * the figure comes only from points (cities known by their position), which cover no surface.
   */
  coverage: number | null;
  /** The kinds of units the figure was taken from, finest first. */
  sources: AdministrativeKind[];
}

export interface AreaMeasures {
  areaId: string;
  country: Country;
  measures: MeasureValue[];
  /** Set instead of measures when the area cannot be analysed (too large, no data for its country). */
  error?: { code: string; message: string };
}

export interface ComputeMeasuresResponse { areas: AreaMeasures[] }

export interface DivisionRow {
  code: string;
  name: string;
  parentName?: string;
  /** Share (0–1) of the unit inside the area; points are in (1) or out. */
  share: number;
  geometry: 'polygon' | 'point';
  population: number | null;
  /** Postcodes of a commune, communes of a postcode: related codes the export lists. */
  related?: string[];
}

export interface DivisionList { kind: AdministrativeKind; rows: DivisionRow[] }

export interface AreaDivisions { areaId: string; country: Country; divisions: DivisionList[] }

export interface CensusWidget { id: MeasureGroup; measures: { key: string; label: string; unit: MeasureUnit }[] }
