import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { datasetId, listTerritoryDatasets, readTerritoryUnits, writeTerritoryDataset, type TerritoryUnitRecord } from './territory-dataset.js';

const unit = (code: string, population?: number): TerritoryUnitRecord => ({
  kind: 'fr_cities', code, name: `Commune ${code}`, country: 'fr', parentCode: '06',
  geometry: { type: 'Point', coordinates: [7, 43.5] }, values: population === undefined ? {} : { population },
});

async function* failingAfterOne(): AsyncGenerator<TerritoryUnitRecord> {
  yield unit('06002', 3);
  throw new Error('unreadable file');
}

describe('territorial dataset files', () => {
  it('names a dataset after its importer and first file', () => {
    expect(datasetId('fr-communes', '/data/communes-06-alpes-maritimes.geojson')).toBe('fr-communes--communes-06-alpes-maritimes');
    expect(datasetId('fr-iris', 'CONTOURS-IRIS_D067.shp')).toBe('fr-iris--contours-iris-d067');
  });

  it('writes a header with the counts, then the units, and reads them back in order', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'territory-dataset-'));
    const { header, file } = await writeTerritoryDataset(directory, { id: 'test--a', source: 'test', files: ['a.geojson'] }, [unit('06001', 10), unit('06002')]);
    expect(header).toMatchObject({ id: 'test--a', source: 'test', kinds: ['fr_cities'], units: 2, format: 1 });
    const units = [];
    for await (const read of readTerritoryUnits(file)) units.push(read);
    expect(units).toEqual([unit('06001', 10), unit('06002')]);
    expect((await listTerritoryDatasets(directory)).map((dataset) => dataset.header.id)).toEqual(['test--a']);
  });

  it('replaces a dataset as a whole, and keeps the previous one when writing fails', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'territory-dataset-'));
    const first = await writeTerritoryDataset(directory, { id: 'test--a', source: 'test', files: [] }, [unit('06001', 10)]);
    const before = readFileSync(first.file, 'utf8');
    await expect(writeTerritoryDataset(directory, { id: 'test--a', source: 'test', files: [] }, failingAfterOne())).rejects.toThrow('unreadable file');
    expect(readFileSync(first.file, 'utf8')).toBe(before);
    expect(readdirSync(directory)).toEqual(['test--a.ndjson']);
    await writeTerritoryDataset(directory, { id: 'test--a', source: 'test', files: [] }, [unit('06003', 5)]);
    const units = [];
    for await (const read of readTerritoryUnits(first.file)) units.push(read.code);
    expect(units).toEqual(['06003']);
  });
});
