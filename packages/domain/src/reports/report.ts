/**
 * The market-study report (SPEC §2 tab 4 and its customisation panel, §6 reports from PRO, §8 report
 * export errors): what a user orders (`reportOrderBody`), and the document the API gathers for it
 * and the app's print page lays out (`ReportDocument`), printed to PDF by Chromium. Shared by the
 * API, the web app's report tab and its print page.
 */
import { z } from 'zod';
import type { AreaGeometry } from '../geometry/types.js';
import type { Country, Locale } from '../enums.js';
import type { AreaMeasures, DivisionList } from '../schemas/territories.js';
import type { SearchView } from '../schemas/search-responses.js';
import { analysisCountry } from '../schemas/territories.js';
import { areaGeometry, hexColor, uuid } from '../schemas/common.js';

/** Countries whose data a report is offered for (SPEC §2: the report tab's countries). */
export const REPORT_COUNTRIES = ['fr', 'us', 'gb', 'be', 'ca'] as const satisfies readonly Country[];

/**
 * Most areas in one report: a page or two each, so twenty areas is a 30-page document already,
 * printed in about a minute; more would be a document no one reads, and a job that holds a browser
 * for minutes.
 */
export const REPORT_MAX_AREAS = 20;

/** Longest texts of the customisation panel, in characters. */
export const REPORT_TEXT_LIMITS = { title: 120, comment: 2000 } as const;

/** The parts of a report the customisation panel turns on and off, in the order they are printed per area. */
export const REPORT_SECTIONS = ['map', 'census', 'businesses', 'ownData', 'indicators', 'divisions'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** Where the report's logo comes from: the organisation's, an image the user uploaded (an asset), or none. */
export const reportLogo = z.union([
  z.literal('organization'),
  z.literal('none'),
  z.object({ assetId: uuid }),
]);
export type ReportLogo = z.infer<typeof reportLogo>;

/** POST /v2/maps/{id}/report: the areas and the customisation panel's choices; absent ones take the organisation's defaults. */
export const reportOrderBody = z.object({
  areaIds: z.array(uuid).min(1, { error: 'validation.noAreas' }).max(REPORT_MAX_AREAS, { error: 'validation.tooManyAreas' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
  country: analysisCountry,
  title: z.string({ error: 'validation.invalid' }).trim().max(REPORT_TEXT_LIMITS.title, { error: 'validation.tooLong' }).optional(),
  comment: z.string({ error: 'validation.invalid' }).trim().max(REPORT_TEXT_LIMITS.comment, { error: 'validation.tooLong' }).optional(),
  sections: z.array(z.enum(REPORT_SECTIONS, { error: 'validation.invalid' })).max(REPORT_SECTIONS.length).optional(),
  colors: z.object({ primary: hexColor.optional(), secondary: hexColor.optional() }).optional(),
  logo: reportLogo.optional(),
});
export type ReportOrderBody = z.infer<typeof reportOrderBody>;

/** The sections printed: those asked for in the report's order, every one when none was said. */
export function reportSections(asked: readonly ReportSection[] | undefined): ReportSection[] {
  return asked ? REPORT_SECTIONS.filter((section) => asked.includes(section)) : [...REPORT_SECTIONS];
}

/** What one business search of the map finds in an area (the page names the search as the POI tab does). */
export interface ReportBusinessCount { search: Omit<SearchView, 'version'>; count: number; estimated: boolean }

/** What one of the user's datasets on the map holds in an area. */
export interface ReportOwnDataCount { name: string; count: number }

/** One of the map's indicators in an area: its value (null: none, e.g. a division by zero) and how it is made. */
export interface ReportIndicatorValue { name: string; symbol: string; formula: string; value: number | null }

export interface ReportArea {
  id: string;
  label: string;
  color: string;
  /** How the area was made (mode, duration or distance, start address), as the KML export describes it. */
  description: string;
  /** Surface in km². */
  areaKm2: number;
  geometry: AreaGeometry;
  /** Per section, absent when the section is off or the user's plan does not include it. */
  census?: AreaMeasures;
  businesses?: ReportBusinessCount[];
  ownData?: ReportOwnDataCount[];
  indicators?: ReportIndicatorValue[];
  divisions?: DivisionList[];
}

/** Everything the print page lays out: it asks the server nothing. */
export interface ReportDocument {
  locale: Locale;
  country: Country;
  title: string;
  mapName: string;
  /** ISO time the report was made. */
  createdAt: string;
  comment: string | null;
  sections: ReportSection[];
  colors: { primary: string; secondary: string };
  organization: { name: string | null; contact: string | null; website: string | null; logo: string | null };
  /** The operator's MapLibre style for the map pictures; null: this server's basemap, labelled in the report's language. */
  mapStyleUrl: string | null;
  areas: ReportArea[];
}

/** Sizes of a picture of a map, in pixels (drawn at twice that for sharpness). */
export const MAP_PICTURE_LIMITS = { minWidth: 320, maxWidth: 2400, minHeight: 240, maxHeight: 2400 } as const;

/** GET /v2/maps/{id}/screenshot: the picture's size; the map's visible areas framed together. */
export const mapPictureQuery = z.object({
  width: z.coerce.number({ error: 'validation.invalid' }).int().min(MAP_PICTURE_LIMITS.minWidth, { error: 'validation.invalid' }).max(MAP_PICTURE_LIMITS.maxWidth, { error: 'validation.invalid' }).default(1600),
  height: z.coerce.number({ error: 'validation.invalid' }).int().min(MAP_PICTURE_LIMITS.minHeight, { error: 'validation.invalid' }).max(MAP_PICTURE_LIMITS.maxHeight, { error: 'validation.invalid' }).default(1000),
});

/** Most polygons in one app-key picture. */
export const MAP_PICTURE_MAX_POLYGONS = 50;

/** POST /Appkeys/{key}/screenshot: polygons (and their colours) framed together on the basemap, at a size. */
export const appKeyScreenshotBody = z.object({
  polygons: z.array(areaGeometry).min(1, { error: 'validation.noAreas' }).max(MAP_PICTURE_MAX_POLYGONS, { error: 'validation.tooManyAreas' }),
  colors: z.array(hexColor).max(MAP_PICTURE_MAX_POLYGONS).optional(),
  width: mapPictureQuery.shape.width,
  height: mapPictureQuery.shape.height,
});

/** What the map print page draws: areas framed together on the basemap, at a size. */
export interface MapPictureRequest {
  locale: Locale;
  width: number;
  height: number;
  mapStyleUrl: string | null;
  areas: { id: string; color: string; geometry: AreaGeometry }[];
}

/** The globals the renderer sets before a print page loads (its input), and the one the page sets once done. */
export const REPORT_DOCUMENT_GLOBAL = '__catchmentReport';
export const MAP_PICTURE_GLOBAL = '__catchmentMapPicture';
export const REPORT_READY_GLOBAL = '__catchmentReportReady';
