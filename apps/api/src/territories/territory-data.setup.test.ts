import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTerritoryDataset } from '@catchment/geodata';
import { loadConfig } from '../config.js';
import { openTerritoryStore } from './territory-data.setup.js';

describe('openTerritoryStore', () => {
  it('starts with the sound datasets when one is damaged, says which and how to rebuild it, and removes what a killed import left', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'territory-setup-')) });
    await writeTerritoryDataset(config.territoryDir, { id: 'fr-communes--communes-06', source: 'fr-communes', files: ['communes-06.geojson', 'population-06.csv'] }, [
      { kind: 'fr_cities', code: '06088', name: 'Nice', country: 'fr', geometry: { type: 'Point', coordinates: [7.26, 43.7] }, values: { population: 348_085 } },
    ]);
    writeFileSync(join(config.territoryDir, 'fr-iris--contours-iris.ndjson'), '');
    writeFileSync(join(config.territoryDir, 'fr-iris--contours-iris.ndjson.999999999.body.tmp'), '{"kind":"fr_iris"');

    const log: string[] = [];
    const store = await openTerritoryStore(config, (line) => log.push(line), { watch: false });
    expect(log.slice(0, 2)).toEqual([
      `Removed ${join(config.territoryDir, 'fr-iris--contours-iris.ndjson.999999999.body.tmp')}, left by an interrupted write`,
      'Skipping territorial dataset fr-iris--contours-iris.ndjson: empty file. Rebuild it with: npm run data -- import fr-iris <its files>',
    ]);
    expect(readdirSync(config.territoryDir).sort()).toEqual(['fr-communes--communes-06.ndjson', 'fr-iris--contours-iris.ndjson']);
    expect(store.index.unit('fr_cities', '06088')?.name).toBe('Nice');
    store.close();
  });
});
