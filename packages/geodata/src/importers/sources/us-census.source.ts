/**
 * US Census Bureau cartographic boundaries (states, counties, ZIP Code Tabulation Areas) as
 * Shapefile, GeoJSON, GeoPackage or the us-atlas TopoJSON, with decennial or ACS figures from a
 * data.census.gov download or a Census API answer saved as CSV.
 */
import type { AdministrativeKind } from '@catchment/domain';
import { importContours, numberCell, pick, type TerritoryImporter, type ValueRow } from '../territory-importer.js';

/** The geography's code of a figures row: GEO_ID "0500000US36007" → 36007, GEOID, or state + county columns. */
function geographyCode(row: Record<string, string>): string | undefined {
  const geoId = pick(row, 'GEO_ID', 'Geography', 'GEOID', 'geoid', 'id');
  if (geoId) return geoId.includes('US') ? geoId.slice(geoId.lastIndexOf('US') + 2) : geoId;
  const state = pick(row, 'state', 'STATE');
  const county = pick(row, 'county', 'COUNTY');
  const zcta = pick(row, 'zip code tabulation area', 'ZCTA5', 'zcta');
  if (zcta) return zcta;
  if (state && county) return `${state.padStart(2, '0')}${county.padStart(3, '0')}`;
  return state?.padStart(2, '0');
}

export function usCensusValues(row: Record<string, string>): ValueRow | null {
  const code = geographyCode(row);
  const values: Record<string, number> = {};
  const population = numberCell(pick(row, 'P1_001N', 'B01003_001E', 'P001001', 'POP', 'population', 'Population'));
  if (population !== undefined) values.population = population;
  const income = numberCell(pick(row, 'B19013_001E'));
  // The ACS marks missing medians with large negative sentinels (-666666666).
  if (income !== undefined && income >= 0) values.median_household_income = income;
  return code && Object.keys(values).length > 0 ? { code, values } : null;
}

function usImporter(source: string, kind: AdministrativeKind, topologyObject: string, describe: string): TerritoryImporter {
  return {
    usage: `${source} <boundaries> [figures.csv]`,
    summary: `US ${describe} (Census Bureau cartographic boundaries or us-atlas TopoJSON) with decennial/ACS population`,
    run: ([contours, values], options) => {
      if (!contours) throw new Error(`import ${source} needs a boundary file`);
      return importContours({
        source, kind, contours, values, topologyObject,
        unitOf(properties) {
          const code = pick(properties, 'GEOID', 'GEOID20', 'ZCTA5CE20', 'ZCTA5CE10', 'GEOID10', 'id');
          if (!code) return 'a feature without GEOID';
          const name = pick(properties, 'NAME', 'name', 'NAMELSAD') ?? code;
          const parentCode = kind === 'us_counties' ? pick(properties, 'STATEFP') ?? code.slice(0, 2) : undefined;
          return { kind, code, name, country: 'us', ...(parentCode ? { parentCode } : {}) };
        },
        valuesOf: usCensusValues,
      }, options);
    },
  };
}

export const usStates = usImporter('us-states', 'us_states', 'states', 'states');
export const usCounties = usImporter('us-counties', 'us_counties', 'counties', 'counties');
export const usZcta = usImporter('us-zcta', 'us_zipcodes', 'zcta', 'ZIP Code Tabulation Areas');
