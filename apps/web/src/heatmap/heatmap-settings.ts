/**
 * What the user chose for a map's heatmap (shown or not, country, measure or indicator, level,
 * raw or per km², classification, classes, opacity), kept in this browser per map, and the
 * heatmap query it stands for. Pure, so that the defaults and the repairs (a level of another
 * country, a density of units known only by a point) are tested apart from the screen.
 */
import {
  ADMINISTRATIVE_KINDS, COUNTRIES, HEATMAP_CLASSES, HEATMAP_CLASSIFICATIONS, HEATMAP_DENSITY_MODES, HEATMAP_POINT_KINDS, heatmapKinds, measuresOfCountry,
  type AdministrativeKind, type Country, type HeatmapClassification, type HeatmapDensityMode, type HeatmapQuery,
} from '@catchment/domain';

/** A census measure by its key, or one of the map's indicators by its id. */
export type HeatmapMeasure = { kind: 'census'; key: string } | { kind: 'metric'; id: string };

export interface HeatmapSettings {
  shown: boolean;
  /** The country the user chose; null to follow the one the map shows. */
  country: Country | null;
  measure: HeatmapMeasure;
  adminDivision: AdministrativeKind | null;
  densityMode: HeatmapDensityMode;
  classification: HeatmapClassification;
  classes: number;
  /** 0.2 to 1. */
  opacity: number;
}

export const HEATMAP_OPACITY = { min: 0.2, max: 1, default: 0.7 } as const;
export const POPULATION: HeatmapMeasure = { kind: 'census', key: 'population' };

export const DEFAULT_HEATMAP_SETTINGS: HeatmapSettings = {
  shown: false, country: null, measure: POPULATION, adminDivision: null, densityMode: 'density', classification: 'quantile',
  classes: HEATMAP_CLASSES.default, opacity: HEATMAP_OPACITY.default,
};

/** The level a country's heatmap opens on: its municipalities where it has its own, else the worldwide cities. */
const PREFERRED_KINDS: readonly AdministrativeKind[] = ['fr_cities', 'us_counties', 'gb_districts', 'be_cities', 'ca_cities', 'ww_cities'];

/** The levels offered in a country: its heatmap kinds, those loaded on the server when the list is known. */
export function offeredKinds(country: Country, loaded: readonly AdministrativeKind[] | null): AdministrativeKind[] {
  const kinds = heatmapKinds(country);
  if (!loaded) return kinds;
  const available = kinds.filter((kind) => loaded.includes(kind));
  return available.length > 0 ? available : kinds;
}

/**
 * Whether a level's units have a surface to divide by: not the worldwide points, nor a level this
 * server knows only by points (the demo's communes before their boundaries are imported).
 */
export const densityAllowed = (kind: AdministrativeKind, pointKinds: readonly AdministrativeKind[] = []) =>
  !HEATMAP_POINT_KINDS.includes(kind) && !pointKinds.includes(kind);

/** The settings made valid for a country: a level and a census measure of its own, no density of points. */
export function settingsIn(settings: HeatmapSettings, country: Country, loaded: readonly AdministrativeKind[] | null, pointKinds: readonly AdministrativeKind[] = []): HeatmapSettings & { adminDivision: AdministrativeKind } {
  const kinds = offeredKinds(country, loaded);
  const adminDivision = settings.adminDivision && kinds.includes(settings.adminDivision)
    ? settings.adminDivision
    : PREFERRED_KINDS.find((kind) => kinds.includes(kind)) ?? kinds[0]!;
  const { measure } = settings;
  const measureValid = measure.kind === 'metric' || measuresOfCountry(country).some((entry) => entry.key === measure.key);
  return {
    ...settings,
    measure: measureValid ? measure : POPULATION,
    adminDivision,
    densityMode: densityAllowed(adminDivision, pointKinds) ? settings.densityMode : 'raw',
  };
}

/** The heatmap query of valid settings in a country. */
export function heatmapQueryOf(settings: HeatmapSettings & { adminDivision: AdministrativeKind }, country: Country): HeatmapQuery {
  const { measure, adminDivision, densityMode, classification, classes } = settings;
  return {
    country, adminDivision, densityMode, classification, classes,
    ...(measure.kind === 'census' ? { measure: measure.key } : { metricId: measure.id }),
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? value as T : fallback);

/** Settings read back from storage: whatever is missing or unknown takes its default. */
export function parseHeatmapSettings(stored: unknown): HeatmapSettings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_HEATMAP_SETTINGS;
  const raw = stored as Record<string, unknown>;
  const defaults = DEFAULT_HEATMAP_SETTINGS;
  const measure = raw.measure as Partial<{ kind: string; key: unknown; id: unknown }> | undefined;
  return {
    shown: raw.shown === true,
    country: COUNTRIES.includes(raw.country as Country) ? raw.country as Country : null,
    measure: measure?.kind === 'metric' && typeof measure.id === 'string' ? { kind: 'metric', id: measure.id }
      : measure?.kind === 'census' && typeof measure.key === 'string' ? { kind: 'census', key: measure.key } : POPULATION,
    adminDivision: ADMINISTRATIVE_KINDS.includes(raw.adminDivision as AdministrativeKind) ? raw.adminDivision as AdministrativeKind : null,
    densityMode: oneOf(HEATMAP_DENSITY_MODES, raw.densityMode, defaults.densityMode),
    classification: oneOf(HEATMAP_CLASSIFICATIONS, raw.classification, defaults.classification),
    classes: typeof raw.classes === 'number' ? clamp(Math.round(raw.classes), HEATMAP_CLASSES.min, HEATMAP_CLASSES.max) : defaults.classes,
    opacity: typeof raw.opacity === 'number' ? clamp(raw.opacity, HEATMAP_OPACITY.min, HEATMAP_OPACITY.max) : defaults.opacity,
  };
}
