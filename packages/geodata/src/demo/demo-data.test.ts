import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDirectory, ensureDemoData, isDemoDataFresh } from './demo-data.js';

describe('ensureDemoData', () => {
  const dataDirPromise = fs.mkdtemp(path.join(os.tmpdir(), 'catchment-demo-'));
  afterAll(async () => fs.rm(await dataDirPromise, { recursive: true, force: true }));

  it('builds the files once, then loads them, and rebuilds stale ones', async () => {
    const dataDir = await dataDirPromise;
    expect(await isDemoDataFresh(dataDir)).toBe(false);

    const firstLog: string[] = [];
    const built = await ensureDemoData({ dataDir, log: (message) => firstLog.push(message) });
    expect(firstLog[0]).toBe('Building demo data (first start only)…');
    expect(firstLog.some((line) => line.includes('French communes'))).toBe(true);
    expect(await isDemoDataFresh(dataDir)).toBe(true);

    const secondLog: string[] = [];
    const loaded = await ensureDemoData({ dataDir, log: (message) => secondLog.push(message) });
    expect(secondLog.some((line) => line.startsWith('Building'))).toBe(false);
    expect(loaded.gazetteer.size).toBe(built.gazetteer.size);
    expect(loaded.gazetteer.search('Orleans', 1)).toEqual(built.gazetteer.search('Orleans', 1));
    expect(loaded.basemap.tile({ z: 3, x: 4, y: 2 })).toEqual(built.basemap.tile({ z: 3, x: 4, y: 2 }));

    // A stamp from another format version makes the files stale.
    const manifestFile = path.join(demoDirectory(dataDir), 'manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
    await fs.writeFile(manifestFile, JSON.stringify({ ...manifest, format: manifest.format - 1 }));
    expect(await isDemoDataFresh(dataDir)).toBe(false);
  });
});
