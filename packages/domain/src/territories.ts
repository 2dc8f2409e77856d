/**
 * Territorial units and census measures: the catalogue shared by the server (statistics, importers,
 * tiles) and the app (administrative mode, analysis panel). Labels live in the i18n catalogues under
 * `unitKinds.<kind>` and `measures.<key>`.
 */
import type { AdministrativeKind, Country } from './enums.js';

export interface UnitKindInfo {
  kind: AdministrativeKind;
  /** The country the kind belongs to; `ww` kinds cover every country. */
  country: Country;
  /**
   * The kind its units nest in, when they do (IRIS in communes, counties in states). A finer unit
   * with data stands for its part of the parent, so the parent's figure is not added on top.
   */
  parentKind?: AdministrativeKind;
  /** Larger is finer; where two kinds give the same measure for the same ground, the finer one is used. */
  fineness: number;
}

const kind = (info: UnitKindInfo) => info;

export const UNIT_KINDS: Record<AdministrativeKind, UnitKindInfo> = {
  fr_departements: kind({ kind: 'fr_departements', country: 'fr', fineness: 1 }),
  fr_cities: kind({ kind: 'fr_cities', country: 'fr', parentKind: 'fr_departements', fineness: 2 }),
  fr_postcodes: kind({ kind: 'fr_postcodes', country: 'fr', fineness: 2 }),
  fr_iris: kind({ kind: 'fr_iris', country: 'fr', parentKind: 'fr_cities', fineness: 3 }),
  us_states: kind({ kind: 'us_states', country: 'us', fineness: 1 }),
  us_counties: kind({ kind: 'us_counties', country: 'us', parentKind: 'us_states', fineness: 2 }),
  us_zipcodes: kind({ kind: 'us_zipcodes', country: 'us', parentKind: 'us_counties', fineness: 3 }),
  gb_districts: kind({ kind: 'gb_districts', country: 'gb', fineness: 1 }),
  gb_sectors: kind({ kind: 'gb_sectors', country: 'gb', parentKind: 'gb_districts', fineness: 2 }),
  gb_units: kind({ kind: 'gb_units', country: 'gb', parentKind: 'gb_sectors', fineness: 3 }),
  be_cities: kind({ kind: 'be_cities', country: 'be', fineness: 1 }),
  ca_provinces_territories: kind({ kind: 'ca_provinces_territories', country: 'ca', fineness: 1 }),
  ca_cities: kind({ kind: 'ca_cities', country: 'ca', parentKind: 'ca_provinces_territories', fineness: 2 }),
  ca_cfsa: kind({ kind: 'ca_cfsa', country: 'ca', parentKind: 'ca_provinces_territories', fineness: 2 }),
  ww_cities: kind({ kind: 'ww_cities', country: 'ww', fineness: 0 }),
  ww_postcodes: kind({ kind: 'ww_postcodes', country: 'ww', fineness: 0 }),
};

/** The kinds the administrative divisions tab lists for an area in a country, in that order. */
export function divisionKinds(country: Country): AdministrativeKind[] {
  switch (country) {
    case 'fr': return ['fr_cities', 'fr_postcodes', 'fr_iris'];
    case 'us': return ['us_counties', 'us_zipcodes'];
    case 'gb': return ['gb_districts', 'gb_sectors', 'gb_units'];
    case 'be': return ['be_cities'];
    case 'ca': return ['ca_cities', 'ca_cfsa'];
    default: return ['ww_cities', 'ww_postcodes'];
  }
}

/** How a measure adds up over several units: counts are summed, rates and medians averaged with a weight. */
export type MeasureAggregation = { method: 'sum' } | { method: 'weightedMean'; weight: string };

export const MEASURE_GROUPS = ['population', 'age', 'socioProfessional', 'income'] as const;
export type MeasureGroup = (typeof MEASURE_GROUPS)[number];

export type MeasureUnit = 'people' | 'currency' | 'percent';

export interface MeasureDefinition {
  key: string;
  /** Where the figure comes from, as the catalogue names it (dataset/variable). */
  datasetPath: string;
  /** Countries it is published for; `ww` means every country (e.g. the population of cities). */
  countries: readonly Country[];
  unit: MeasureUnit;
  aggregation: MeasureAggregation;
  group: MeasureGroup;
}

const SUM = { method: 'sum' } as const;
const count = (key: string, datasetPath: string, countries: readonly Country[], group: MeasureGroup): MeasureDefinition =>
  ({ key, datasetPath, countries, unit: 'people', aggregation: SUM, group });

/** INSEE age bands of the IRIS census tables (P{yy}_POP0014 …), in order. */
export const FR_AGE_BANDS = ['0014', '1529', '3044', '4559', '6074', '75P'] as const;
/** INSEE socio-professional categories of people aged 15 or more (C{yy}_POP15P_CS1 … CS8), in order. */
export const FR_SOCIO_PROFESSIONAL_CATEGORIES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const MEASURES: readonly MeasureDefinition[] = [
  count('population', 'census/population', ['fr', 'us', 'gb', 'be', 'de', 'es', 'at', 'ca', 'ww'], 'population'),
  ...FR_AGE_BANDS.map((band) => count(`population_${band.toLowerCase()}`, `fr/insee/iris/P_POP${band}`, ['fr'], 'age')),
  count('population_15p', 'fr/insee/iris/C_POP15P', ['fr'], 'socioProfessional'),
  ...FR_SOCIO_PROFESSIONAL_CATEGORIES.map((cs) => count(`csp_${cs}`, `fr/insee/iris/C_POP15P_CS${cs}`, ['fr'], 'socioProfessional')),
  {
    key: 'median_household_income', datasetPath: 'us/census/acs/B19013_001E', countries: ['us'], unit: 'currency',
    aggregation: { method: 'weightedMean', weight: 'population' }, group: 'income',
  },
];

export const MEASURES_BY_KEY: ReadonlyMap<string, MeasureDefinition> = new Map(MEASURES.map((measure) => [measure.key, measure]));

/**
 * The measure a figure is a part of, for the share a comparison shows: an age band of the whole
 * population, a socio-professional category of the people aged 15 or more (whom the categories
 * count), those people of the population; null where a share means nothing (the population itself,
 * an income).
 */
export function shareBaseOf(key: string): string | null {
  const measure = MEASURES_BY_KEY.get(key);
  if (!measure || measure.unit !== 'people' || key === 'population') return null;
  if (measure.group === 'socioProfessional' && key !== 'population_15p') return 'population_15p';
  return 'population';
}

/** The measures published for a country (its own and the worldwide ones). */
export function measuresOfCountry(country: Country): MeasureDefinition[] {
  return MEASURES.filter((measure) => measure.countries.includes(country) || measure.countries.includes('ww'));
}

/**
 * Zoom from which the map draws a kind's units at all: a whole country of IRIS or a world of city
 * points would make unreadable (and heavy) small-zoom tiles. Labels start later, at the kind's
 * label zoom (labelZoomThreshold).
 */
export function outlineMinZoom(kind: AdministrativeKind): number {
  switch (kind) {
    case 'us_states':
    case 'ca_provinces_territories':
    case 'fr_departements': return 0;
    case 'us_counties':
    case 'gb_districts': return 3;
    case 'fr_cities':
    case 'be_cities':
    case 'ca_cities':
    case 'ca_cfsa':
    case 'gb_sectors': return 6;
    case 'fr_iris':
    case 'gb_units': return 8;
    default: return 6;
  }
}

/** Analysis panel limit (SPEC §9: 3 hours and 300 km): an area reaching farther than this from its centre is too large. */
export const ANALYSIS_MAX_RADIUS_METERS = 300_000;
