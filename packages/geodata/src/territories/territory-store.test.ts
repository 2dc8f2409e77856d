import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTerritoryDataset, type TerritoryUnitRecord } from './territory-dataset.js';
import { TerritoryStore } from './territory-store.js';

const unit = (code: string): TerritoryUnitRecord => ({
  kind: 'fr_cities', code, name: `Commune ${code}`, country: 'fr', geometry: { type: 'Point', coordinates: [7, 43.5] }, values: { population: 1 },
});

const write = (directory: string, id: string, source: string, codes: string[]) =>
  writeTerritoryDataset(directory, { id, source, files: [`${id}.geojson`] }, codes.map(unit));

describe('TerritoryStore', () => {
  it('skips damaged datasets with the command that rebuilds each, and loads the others', async () => {
    const demo = mkdtempSync(path.join(tmpdir(), 'territory-store-demo-'));
    const imports = mkdtempSync(path.join(tmpdir(), 'territory-store-imports-'));
    await write(demo, 'demo--good', 'demo', ['01001']);
    const demoCut = await write(demo, 'demo--cut', 'demo', ['01002', '01003']);
    await write(imports, 'fr-communes--good', 'fr-communes', ['06001', '06002']);
    const cutInLine = await write(imports, 'fr-communes--cut', 'fr-communes', ['06003', '06004']);
    const cutAtLineEnd = await write(imports, 'fr-iris--short', 'fr-iris', ['06005', '06006']);
    const size = (file: string) => Buffer.byteLength(readFileSync(file, 'utf8'));
    // In the middle of the last unit; exactly after a whole unit (every line parses, one is missing); a header no longer JSON.
    truncateSync(cutInLine.file, size(cutInLine.file) - 20);
    truncateSync(cutAtLineEnd.file, size(cutAtLineEnd.file) - Buffer.byteLength(`${JSON.stringify(unit('06006'))}\n`));
    truncateSync(demoCut.file, size(demoCut.file) - 5);
    writeFileSync(path.join(imports, 'gb-districts--lads.ndjson'), '{"format":1,"id":"gb-dis');

    const log: string[] = [];
    const store = await TerritoryStore.open({ directories: [demo, imports], log: (line) => log.push(line) });
    expect(store.index.units('fr_cities').map((indexed) => indexed.code).sort()).toEqual(['01001', '06001', '06002']);
    expect(log.filter((line) => line.startsWith('Skipping'))).toEqual([
      // The JSON parser's own words vary with the Node version: only the frame is checked.
      expect.stringMatching(/^Skipping territorial dataset demo--cut\.ndjson: unit 2 is damaged \(.*\)\. Rebuild it with: npm run data:demo$/),
      expect.stringMatching(/^Skipping territorial dataset gb-districts--lads\.ndjson: damaged header \(.*\)\. Rebuild it with: npm run data -- import gb-districts <its files>$/),
      expect.stringMatching(/^Skipping territorial dataset fr-communes--cut\.ndjson: unit 2 is damaged \(.*\)\. Rebuild it with: npm run data -- import fr-communes fr-communes--cut\.geojson$/),
      'Skipping territorial dataset fr-iris--short.ndjson: 1 units of the 2 its header announces: the file is cut short. ' +
        'Rebuild it with: npm run data -- import fr-iris fr-iris--short.geojson',
    ]);
  });
});
