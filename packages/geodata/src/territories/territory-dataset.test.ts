import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runKilledMidWrite } from '@catchment/files/test-support';
import { datasetId, listTerritoryDatasets, readTerritoryUnits, rebuildCommand, writeTerritoryDataset, type TerritoryUnitRecord } from './territory-dataset.js';
import { TerritoryStore } from './territory-store.js';

const datasetModule = fileURLToPath(new URL('./territory-dataset.ts', import.meta.url));

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

  it('names the command that rebuilds a dataset: its importer with its files, or the demo build', () => {
    expect(rebuildCommand('/t/fr-iris--contours-iris.ndjson', { source: 'fr-iris', files: ['CONTOURS-IRIS.shp', 'base-ic.csv'] }))
      .toBe('npm run data -- import fr-iris CONTOURS-IRIS.shp base-ic.csv');
    expect(rebuildCommand('/t/fr-iris--contours-iris.ndjson')).toBe('npm run data -- import fr-iris <its files>');
    expect(rebuildCommand('/demo/territories/demo--world-cities.ndjson')).toBe('npm run data:demo');
  });
});

describe('territorial dataset files and crashes', () => {
  const units = Array.from({ length: 20_000 }, (_, i) => unit(String(10_000 + i), i));
  const bodyBytes = units.reduce((sum, record) => sum + Buffer.byteLength(`${JSON.stringify(record)}\n`), 0);

  // Killed while the units go to the scratch file, then while header and units go to the dataset's temporary file.
  // What each leaves: the scratch file, then the scratch file and the dataset's temporary file.
  it.each([
    ['writing the units', 1_000_000, 1],
    ['writing the dataset file', bodyBytes + 200_000, 2],
  ])('keeps the previous dataset whole when an import is killed while %s, and the next open removes what it left', async (_phase, afterBytes, left) => {
    const directory = mkdtempSync(path.join(tmpdir(), 'territory-crash-'));
    const header = { id: 'test--a', source: 'test', files: ['a.geojson'] };
    const previous = await writeTerritoryDataset(directory, header, [unit('06001', 10), unit('06002', 20)]);
    const before = readFileSync(previous.file, 'utf8');

    const run = await runKilledMidWrite({ module: datasetModule, exportName: 'writeTerritoryDataset', args: [directory, header, units], afterBytes, into: directory });
    expect(run).toMatchObject({ signal: 'SIGKILL' });

    expect(readFileSync(previous.file, 'utf8')).toBe(before);
    const leftovers = readdirSync(directory).filter((name) => name !== 'test--a.ndjson').sort();
    expect(leftovers).toHaveLength(left);
    expect(statSync(path.join(directory, leftovers.at(-1)!)).size).toBeGreaterThan(0);

    const log: string[] = [];
    const store = await TerritoryStore.open({ directories: [directory], log: (line) => log.push(line) });
    expect(readdirSync(directory)).toEqual(['test--a.ndjson']);
    expect(log.slice(0, left)).toEqual(leftovers.map((name) => `Removed ${path.join(directory, name)}, left by an interrupted write`));
    expect(store.index.units('fr_cities').map((indexed) => [indexed.code, indexed.values])).toEqual([['06001', { population: 10 }], ['06002', { population: 20 }]]);
  }, 60_000);
});
