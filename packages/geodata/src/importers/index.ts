/**
 * The territorial importers, by the name `npm run data -- import <name> <files…>` takes. Each one
 * reads official open-data files and writes one dataset into the folder the server loads
 * (docs/data-sources.md says where to download the files).
 */
import type { ImportReport, TerritoryImporter } from './territory-importer.js';
import { frCommunes, frDepartements, frIris } from './sources/french.source.js';
import { gbDistricts } from './sources/gb-districts.source.js';
import { geonamesCities, geonamesPostcodes } from './sources/geonames.source.js';
import { usCounties, usStates, usZcta } from './sources/us-census.source.js';

export type { ImportOptions, ImportProgress, ImportReport, TerritoryImporter } from './territory-importer.js';

export const TERRITORY_IMPORTERS: Record<string, TerritoryImporter> = {
  'fr-communes': frCommunes,
  'fr-departements': frDepartements,
  'fr-iris': frIris,
  'us-states': usStates,
  'us-counties': usCounties,
  'us-zcta': usZcta,
  'gb-districts': gbDistricts,
  'geonames-cities': geonamesCities,
  'geonames-postcodes': geonamesPostcodes,
};

/** One line per unit count and measure, for the command line's summary. */
export function formatImportReport(report: ImportReport): string[] {
  const lines = [`Dataset ${report.datasetId}: ${Object.entries(report.unitsByKind).map(([kind, count]) => `${count.toLocaleString('en')} ${kind}`).join(', ')}`];
  for (const [key, count] of Object.entries(report.valuesByMeasure)) lines.push(`  ${key}: ${count.toLocaleString('en')} units with a value`);
  if (report.unitsWithoutValues > 0) lines.push(`  ${report.unitsWithoutValues.toLocaleString('en')} units without a row in the figures file`);
  if (report.unmatchedValueRows.count > 0) {
    lines.push(`  ${report.unmatchedValueRows.count.toLocaleString('en')} figure rows without a matching boundary (e.g. ${report.unmatchedValueRows.examples.join(', ')})`);
  }
  if (report.skipped.count > 0) lines.push(`  ${report.skipped.count.toLocaleString('en')} features skipped (e.g. ${report.skipped.examples.join('; ')})`);
  return lines;
}
