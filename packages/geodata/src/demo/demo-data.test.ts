import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKilledMidWrite } from '@catchment/files/test-support';
import { buildDemoData, demoDirectory, demoTerritoryDirectory, ensureDemoData, isDemoDataFresh } from './demo-data.js';

/** A data folder holding a copy of the first test's fresh build, for the crash tests; undefined if that test failed first. */
let firstBuildDone: (dataDir: string | undefined) => void;
const builtFirst = new Promise<string | undefined>((resolve) => { firstBuildDone = resolve; });

describe('ensureDemoData', () => {
  const dataDirPromise = fs.mkdtemp(path.join(os.tmpdir(), 'catchment-demo-'));
  afterAll(async () => { firstBuildDone(undefined); await fs.rm(await dataDirPromise, { recursive: true, force: true, maxRetries: 5 }); });

  it('builds the files once, then loads them, and rebuilds stale ones', async () => {
    const dataDir = await dataDirPromise;
    expect(await isDemoDataFresh(dataDir)).toBe(false);

    const firstLog: string[] = [];
    const built = await ensureDemoData({ dataDir, log: (message) => firstLog.push(message) });
    expect(firstLog[0]).toBe('Building demo data (first start only)…');
    expect(firstLog.some((line) => line.includes('French communes'))).toBe(true);
    expect(await isDemoDataFresh(dataDir)).toBe(true);
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'catchment-demo-crash-'));
    await fs.cp(demoDirectory(dataDir), demoDirectory(copy), { recursive: true });
    firstBuildDone(copy);

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
    // A build of the demo's content: 18 s alone, past the unit tests' 30 s beside the other suites,
    // and past two minutes beside them on a slow machine.
  }, 300_000);
});

describe('demo data and crashes', () => {
  let dataDir: string;
  let built: { layers: unknown; gazetteer: string };
  const read = async (name: string) => fs.readFile(path.join(demoDirectory(dataDir), name), 'utf8');

  beforeAll(async () => {
    // A copy of the files the first test built rather than a build of its own (a minute of CPU
    // beside the other suites); a build when that test failed before.
    const copy = await builtFirst;
    dataDir = copy ?? await fs.mkdtemp(path.join(os.tmpdir(), 'catchment-demo-crash-'));
    if (!copy) await buildDemoData({ dataDir });
    expect(await isDemoDataFresh(dataDir)).toBe(true);
    built = { layers: JSON.parse(await read('basemap.json')), gazetteer: await read('gazetteer.json') };
  }, 300_000);
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));

  it('keeps the previous files whole when a build is killed while it writes, and the next start removes what it left', async () => {
    // Killed 2 MB into the place search file, the basemap already replaced, the manifest not yet.
    const gazetteerFile = path.join(demoDirectory(dataDir), 'gazetteer.json');
    const run = await runKilledMidWrite({
      module: fileURLToPath(new URL('./demo-data.ts', import.meta.url)), exportName: 'buildDemoData', args: [{ dataDir }], afterBytes: 2_000_000, into: gazetteerFile,
    });
    expect(run).toMatchObject({ signal: 'SIGKILL' });
    expect(await read('gazetteer.json')).toBe(built.gazetteer);
    const leftovers = (await fs.readdir(demoDirectory(dataDir))).filter((name) => name.startsWith('gazetteer.json.'));
    expect(leftovers).toHaveLength(1);

    const log: string[] = [];
    const loaded = await ensureDemoData({ dataDir, log: (line) => log.push(line) });
    expect(log[0]).toBe(`Removed ${path.join(demoDirectory(dataDir), leftovers[0]!)}, left by an interrupted write`);
    expect(log.some((line) => line.startsWith('Building') || line.startsWith('Demo file'))).toBe(false);
    const left = [...await fs.readdir(demoDirectory(dataDir)), ...await fs.readdir(demoTerritoryDirectory(dataDir))];
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(loaded.gazetteer.search('Orleans', 1)).toHaveLength(1);
  }, 300_000);

  it('rebuilds a damaged file instead of failing the start, and says which one', async () => {
    const basemapFile = path.join(demoDirectory(dataDir), 'basemap.json');
    await fs.truncate(basemapFile, Math.floor((await fs.stat(basemapFile)).size / 2));
    expect(await isDemoDataFresh(dataDir)).toBe(true);

    const log: string[] = [];
    const demo = await ensureDemoData({ dataDir, log: (line) => log.push(line) });
    expect(log[0]).toMatch(/^Demo file basemap\.json: .+\. Rebuilding the demo data, as npm run data:demo does…$/);
    expect(JSON.parse(await read('basemap.json'))).toEqual(built.layers);
    expect(demo.basemap.tile({ z: 3, x: 4, y: 2 })).toBeDefined();
  }, 300_000);
});
