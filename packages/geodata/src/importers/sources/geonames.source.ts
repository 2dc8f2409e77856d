/**
 * GeoNames dumps (download.geonames.org): populated places (cities1000.txt, allCountries.txt, FR.txt…)
 * as world cities with their population, and postal codes (the postal-code dump's allCountries.txt
 * or a country's file) as world postcodes. Both are tab-separated, without a header; units are points.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { datasetId, writeTerritoryDataset, type TerritoryUnitRecord } from '../../territories/territory-dataset.js';
import type { ImportOptions, ImportReport, TerritoryImporter } from '../territory-importer.js';

async function* tsvLines(files: string[], options: ImportOptions): AsyncGenerator<string[]> {
  const sizes = await Promise.all(files.map(async (file) => (await fs.stat(file)).size));
  const total = Math.max(1, sizes.reduce((sum, size) => sum + size, 0));
  let before = 0;
  for (const [i, file] of files.entries()) {
    const stream = createReadStream(file, 'utf8');
    let read = 0;
    stream.on('data', (chunk) => {
      read += Buffer.byteLength(chunk);
      options.onProgress?.({ phase: 'read', fraction: (before + read) / total });
    });
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) if (line.trim()) yield line.split('\t');
    before += sizes[i]!;
  }
}

const coordinate = (value: string | undefined) => (value === undefined || value.trim() === '' ? NaN : Number(value));

async function writePoints(source: string, kind: 'ww_cities' | 'ww_postcodes', files: string[], options: ImportOptions, units: AsyncIterable<TerritoryUnitRecord> | Iterable<TerritoryUnitRecord>): Promise<ImportReport> {
  const valuesByMeasure: Record<string, number> = {};
  async function* counted(): AsyncGenerator<TerritoryUnitRecord> {
    for await (const unit of units) {
      for (const key of Object.keys(unit.values)) valuesByMeasure[key] = (valuesByMeasure[key] ?? 0) + 1;
      yield unit;
    }
  }
  const written = await writeTerritoryDataset(options.outputDir, { id: datasetId(source, files[0]!), source, files: files.map((file) => path.basename(file)) }, counted());
  return {
    datasetId: written.header.id, file: written.file, unitsByKind: { [kind]: written.header.units }, valuesByMeasure,
    unmatchedValueRows: { count: 0, examples: [] }, unitsWithoutValues: 0, skipped: { count: 0, examples: [] },
  };
}

export const geonamesCities: TerritoryImporter = {
  usage: 'geonames-cities <cities.txt>…',
  summary: 'World cities with their population (GeoNames dumps: cities1000.txt, allCountries.txt or a country file)',
  run: (files, options) => {
    if (files.length === 0) throw new Error('import geonames-cities needs at least one GeoNames dump (e.g. cities1000.txt)');
    async function* units(): AsyncGenerator<TerritoryUnitRecord> {
      // geonameid, name, asciiname, alternatenames, latitude, longitude, feature class, feature code, country code, cc2,
      // admin1…admin4, population, elevation, dem, timezone, modification date.
      for await (const cells of tsvLines(files, options)) {
        const [id, name, , , lat, lng, featureClass, featureCode, country] = cells;
        const population = Number(cells[14]);
        // Parts of cities (PPLX) are counted in their city.
        if (featureClass !== 'P' || featureCode === 'PPLX' || !id || !name || !country) continue;
        const position = [coordinate(lng), coordinate(lat)];
        if (!position.every(Number.isFinite)) continue;
        yield {
          kind: 'ww_cities', code: id, name, country: country.toLowerCase(),
          geometry: { type: 'Point', coordinates: position }, values: population > 0 ? { population } : {},
        };
      }
    }
    return writePoints('geonames-cities', 'ww_cities', files, options, units());
  },
};

export const geonamesPostcodes: TerritoryImporter = {
  usage: 'geonames-postcodes <postcodes.txt>…',
  summary: 'World postal codes as points (GeoNames postal code dumps: allCountries.txt or a country file)',
  run: async (files, options) => {
    if (files.length === 0) throw new Error('import geonames-postcodes needs at least one GeoNames postal code dump');
    // country code, postal code, place name, admin name1, admin code1, admin name2, admin code2, admin name3, admin code3,
    // latitude, longitude, accuracy. A postal code serving several places has a line per place: one unit each.
    const grouped = new Map<string, { country: string; postcode: string; names: string[]; lngs: number[]; lats: number[] }>();
    for await (const cells of tsvLines(files, options)) {
      const [country, postcode, place] = cells;
      const lat = coordinate(cells[9]);
      const lng = coordinate(cells[10]);
      if (!country || !postcode || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      const key = `${country.toUpperCase()}-${postcode}`;
      const entry = grouped.get(key) ?? { country, postcode, names: [], lngs: [], lats: [] };
      if (place && !entry.names.includes(place)) entry.names.push(place);
      entry.lngs.push(lng);
      entry.lats.push(lat);
      grouped.set(key, entry);
    }
    const mean = (values: number[]) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1e6) / 1e6;
    const units = [...grouped].map(([code, entry]): TerritoryUnitRecord => ({
      kind: 'ww_postcodes', code, name: `${entry.postcode} ${entry.names.join(', ')}`.trim(), country: entry.country.toLowerCase(),
      geometry: { type: 'Point', coordinates: [mean(entry.lngs), mean(entry.lats)] }, values: {},
    }));
    return writePoints('geonames-postcodes', 'ww_postcodes', files, options, units);
  },
};
