/**
 * The importers on the real open-data samples of test-data/: counts and known values checked
 * against the source files. Shapefile and GeoPackage inputs are made from the GeoJSON samples with
 * GDAL's ogr2ogr (the reference implementation of both formats), in IGN's Lambert-93 projection.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTerritoryUnits, type TerritoryUnitRecord } from '../territories/territory-dataset.js';
import { TERRITORY_IMPORTERS } from './index.js';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../../test-data');
const shared = (file: string) => path.join(TEST_DATA, file);
const COMMUNES_06 = shared('fr/communes-06-alpes-maritimes.geojson');
const POPULATION_06 = shared('fr/population-communes-06-alpes-maritimes.csv');

const temporary = () => mkdtempSync(path.join(tmpdir(), 'catchment-import-'));

async function unitsOf(file: string): Promise<Map<string, TerritoryUnitRecord>> {
  const units = new Map<string, TerritoryUnitRecord>();
  for await (const unit of readTerritoryUnits(file)) units.set(unit.code, unit);
  return units;
}

function csvColumn(file: string, key: string, value: string): Map<string, number> {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return new Map(rows.map((row) => row.split(',')).map((cells) => [cells[columns.indexOf(key)]!, Number(cells[columns.indexOf(value)])]));
}

function firstVertex(unit: TerritoryUnitRecord): number[] {
  const geometry = unit.geometry;
  if (geometry.type === 'Point') return geometry.coordinates;
  return (geometry.type === 'Polygon' ? geometry.coordinates[0]![0] : geometry.coordinates[0]![0]![0])!;
}

describe('fr-communes', () => {
  it('imports the communes of Alpes-Maritimes with their legal population', async () => {
    const outputDir = temporary();
    const report = await TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, POPULATION_06], { outputDir });
    expect(report).toMatchObject({
      datasetId: 'fr-communes--communes-06-alpes-maritimes', unitsByKind: { fr_cities: 163 }, valuesByMeasure: { population: 163 },
      unmatchedValueRows: { count: 0 }, unitsWithoutValues: 0, skipped: { count: 0 },
    });
    const units = await unitsOf(report.file);
    const expected = csvColumn(POPULATION_06, 'code_insee', 'population');
    expect(units.get('06088')).toMatchObject({ name: 'Nice', country: 'fr', parentCode: '06', values: { population: expected.get('06088') } });
    expect(units.get('06088')!.related).toEqual(['06000', '06100', '06200', '06300']);
    expect([...units.values()].reduce((sum, unit) => sum + unit.values.population!, 0)).toBe(1_128_418);
    // The boundary file says "Turbie"; INSEE's table names the commune in full.
    expect(units.get('06150')!.name).toBe('La Turbie');
    expect(units.get('06044')!.name).toBe('La Colle-sur-Loup');
  });

  it('is idempotent: importing the same files again replaces the dataset', async () => {
    const outputDir = temporary();
    const first = await TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, POPULATION_06], { outputDir });
    const before = [...(await unitsOf(first.file)).values()];
    const second = await TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, POPULATION_06], { outputDir });
    expect(readdirSync(outputDir)).toEqual([`${first.datasetId}.ndjson`]);
    expect([...(await unitsOf(second.file)).values()]).toEqual(before);
  });

  it('keeps the previous dataset when a later import of the same file fails', async () => {
    const outputDir = temporary();
    const input = path.join(temporary(), 'communes-06-alpes-maritimes.geojson');
    copyFileSync(COMMUNES_06, input);
    const first = await TERRITORY_IMPORTERS['fr-communes']!.run([input], { outputDir });
    const before = readFileSync(first.file, 'utf8');
    writeFileSync(input, '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"code":"06001"');
    await expect(TERRITORY_IMPORTERS['fr-communes']!.run([input], { outputDir })).rejects.toThrow();
    expect(readFileSync(first.file, 'utf8')).toBe(before);
    expect(readdirSync(outputDir)).toEqual([`${first.datasetId}.ndjson`]);
  });

  it('reports figure rows without a commune and refuses a table without the expected columns', async () => {
    const outputDir = temporary();
    const directory = temporary();
    const table = path.join(directory, 'population.csv');
    writeFileSync(table, 'CODGEO;PMUN\n06088;357737\n99999;12\n');
    const report = await TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, table], { outputDir });
    expect(report.unmatchedValueRows).toEqual({ count: 1, examples: ['99999'] });
    expect(report.unitsWithoutValues).toBe(162);
    const wrong = path.join(directory, 'wrong.csv');
    writeFileSync(wrong, 'town,people\nNice,357737\n');
    await expect(TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, wrong], { outputDir })).rejects.toThrow(/check the column names/);
  });

  it('reads the same communes from a Shapefile and a GeoPackage in Lambert-93', async () => {
    const reference = await unitsOf((await TERRITORY_IMPORTERS['fr-communes']!.run([COMMUNES_06, POPULATION_06], { outputDir: temporary() })).file);
    const directory = temporary();
    for (const [format, file] of [['ESRI Shapefile', 'communes.shp'], ['GPKG', 'communes.gpkg']] as const) {
      execFileSync('ogr2ogr', ['-f', format, '-t_srs', 'EPSG:2154', path.join(directory, file), COMMUNES_06]);
      const report = await TERRITORY_IMPORTERS['fr-communes']!.run([path.join(directory, file), POPULATION_06], { outputDir: temporary() });
      expect(report.unitsByKind, file).toEqual({ fr_cities: 163 });
      const units = await unitsOf(report.file);
      expect(units.get('06088')!.values.population, file).toBe(reference.get('06088')!.values.population);
      const [x, y] = firstVertex(units.get('06088')!);
      const [rx, ry] = firstVertex(reference.get('06088')!);
      expect(Math.abs(x! - rx!), file).toBeLessThan(2e-6);
      expect(Math.abs(y! - ry!), file).toBeLessThan(2e-6);
    }
  });
});

describe('fr-iris', () => {
  it('imports the IRIS of Bas-Rhin with the 2016 census table, whatever its year prefix', async () => {
    const table = shared('fr/population-iris-67-bas-rhin-2016.csv');
    const report = await TERRITORY_IMPORTERS['fr-iris']!.run([shared('fr/iris-67-bas-rhin.geojson'), table], { outputDir: temporary() });
    expect(report.unitsByKind).toEqual({ fr_iris: 742 });
    expect(report.valuesByMeasure).toMatchObject({ population: 210, population_0014: 210, population_75p: 210, csp_3: 210 });
    expect(report.unmatchedValueRows.count).toBe(0);
    expect(report.unitsWithoutValues).toBe(742 - 210);
    const units = await unitsOf(report.file);
    expect(units.get('670210101')).toMatchObject({ parentCode: '67021', values: { population: 3395.58, population_0014: 619.676, csp_3: 204.702 } });
    // A commune not divided into IRIS (type Z) bears the commune's name.
    expect(units.get('671080000')).toMatchObject({ name: 'Duppigheim', parentCode: '67108', values: {} });
    const total = [...units.values()].reduce((sum, unit) => sum + (unit.values.population ?? 0), 0);
    expect(total).toBeCloseTo(562_306.4, 1);
  });
});

describe('fr-departements', () => {
  it('imports a file of départements and a file holding a single Feature', async () => {
    const all = await TERRITORY_IMPORTERS['fr-departements']!.run([shared('fr/departements-france-simplified.geojson')], { outputDir: temporary() });
    expect(all.unitsByKind).toEqual({ fr_departements: 96 });
    const one = await TERRITORY_IMPORTERS['fr-departements']!.run([shared('fr/departement-06-alpes-maritimes.geojson')], { outputDir: temporary() });
    expect([...(await unitsOf(one.file)).values()].map((unit) => [unit.code, unit.name])).toEqual([['06', 'Alpes-Maritimes']]);
  });
});

describe('us-states and us-counties', () => {
  it('imports the us-atlas boundaries and joins Census figures by GEO_ID', async () => {
    // County populations of 1980 summed from the NY8 census tracts (GEOID: state 2 + county 3 + tract 6 digits).
    const tracts = JSON.parse(readFileSync(shared('us/ny8-census-tracts-1980.geojson'), 'utf8')) as { features: { properties: { GEOID: string; pop1980: number } }[] };
    const byCounty = new Map<string, number>();
    for (const { properties } of tracts.features) byCounty.set(properties.GEOID.slice(0, 5), (byCounty.get(properties.GEOID.slice(0, 5)) ?? 0) + properties.pop1980);
    const table = path.join(temporary(), 'ny8-counties.csv');
    writeFileSync(table, ['GEO_ID,NAME,P1_001N', 'Geography,Geographic Area Name,Total population',
      ...[...byCounty].map(([fips, population]) => `0500000US${fips},County ${fips},${population}`)].join('\n'));
    const topology = shared('us/us-atlas-counties-10m.topo.json');
    const counties = await TERRITORY_IMPORTERS['us-counties']!.run([topology, table], { outputDir: temporary() });
    expect(counties.unitsByKind).toEqual({ us_counties: 3_231 });
    expect(counties.valuesByMeasure).toEqual({ population: 8 });
    const units = await unitsOf(counties.file);
    expect(units.get('36067')).toMatchObject({ name: 'Onondaga', parentCode: '36', values: { population: byCounty.get('36067') } });
    const states = await TERRITORY_IMPORTERS['us-states']!.run([topology], { outputDir: temporary() });
    expect(states.unitsByKind).toEqual({ us_states: 56 });
  });
});

describe('gb-districts', () => {
  it('imports the local authority districts of Great Britain', async () => {
    const report = await TERRITORY_IMPORTERS['gb-districts']!.run([shared('uk/gb-local-authority-districts.topo.json')], { outputDir: temporary() });
    expect(report.unitsByKind).toEqual({ gb_districts: 380 });
    expect((await unitsOf(report.file)).get('E06000001')).toMatchObject({ name: 'Hartlepool', country: 'gb' });
  });
});

describe('GeoNames', () => {
  it('imports populated places as world cities, leaving parts of cities out', async () => {
    const file = path.join(temporary(), 'cities-sample.txt');
    writeFileSync(file, [
      ['2990440', 'Nice', 'Nice', 'Nica,Nizza', '43.70313', '7.26608', 'P', 'PPLA2', 'FR', '', '93', '06', '062', '06088', '342669', '', '25', 'Europe/Paris', '2023-01-01'],
      ['6457381', 'Nice-Nord', 'Nice-Nord', '', '43.71', '7.26', 'P', 'PPLX', 'FR', '', '93', '06', '062', '06088', '50000', '', '', 'Europe/Paris', '2023-01-01'],
      ['3017382', 'France', 'France', '', '46', '2', 'A', 'PCLI', 'FR', '', '00', '', '', '', '68000000', '', '', 'Europe/Paris', '2023-01-01'],
    ].map((cells) => cells.join('\t')).join('\n'));
    const report = await TERRITORY_IMPORTERS['geonames-cities']!.run([file], { outputDir: temporary() });
    expect(report.unitsByKind).toEqual({ ww_cities: 1 });
    expect((await unitsOf(report.file)).get('2990440')).toMatchObject({
      name: 'Nice', country: 'fr', geometry: { type: 'Point', coordinates: [7.26608, 43.70313] }, values: { population: 342_669 },
    });
  });

  it('imports postal codes, one unit per code with the places it serves', async () => {
    const file = path.join(temporary(), 'postcodes-sample.txt');
    writeFileSync(file, [
      ['FR', '06230', 'Villefranche-sur-Mer', 'Provence-Alpes-Côte d\'Azur', '93', 'Alpes-Maritimes', '06', 'Nice', '062', '43.7', '7.31', '5'],
      ['FR', '06230', 'Saint-Jean-Cap-Ferrat', 'Provence-Alpes-Côte d\'Azur', '93', 'Alpes-Maritimes', '06', 'Nice', '062', '43.68', '7.33', '5'],
      ['MC', '98000', 'Monaco', '', '', '', '', '', '', '43.73', '7.42', '4'],
    ].map((cells) => cells.join('\t')).join('\n'));
    const report = await TERRITORY_IMPORTERS['geonames-postcodes']!.run([file], { outputDir: temporary() });
    expect(report.unitsByKind).toEqual({ ww_postcodes: 2 });
    expect((await unitsOf(report.file)).get('FR-06230')).toMatchObject({
      name: '06230 Villefranche-sur-Mer, Saint-Jean-Cap-Ferrat', country: 'fr', geometry: { coordinates: [7.32, 43.69] },
    });
  });
});
