/**
 * `npm run bench:basemap`: the street-level basemap of imported OpenStreetMap extracts.
 *
 * 1. Imports the samples (Monaco, Mannheim–Heidelberg) with the data command line into its own
 *    data folder (default var/bench-basemap) and prints the time and size of each basemap built.
 * 2. Starts the app as a user does (`node scripts/start.mjs`: builds what changed, runs compiled)
 *    and asks it, one at a time, for every street-level tile of each sample at zooms 10, 13 and 15
 *    (at most --tiles per zoom, spread over the region), as a browser does (gzip accepted): time
 *    to the last byte p50/p95, and the size sent and unpacked. The baseline in the same run: the
 *    coarse world tiles at zoom 10 over the same regions, cut on request.
 * 3. First render in Chromium: the app's map page against a bare MapLibre page with the same style
 *    at the same view (the app's opening view), from navigation to the map's first `idle`, each
 *    --renders times in turns, fresh browser contexts (no cache); then the time to draw Monaco's
 *    streets at zoom 15 after a jump there, in both. Goal: the app within 1.5× of the bare page.
 *
 * Options: --tiles 150, --renders 5, --data-dir var/bench-basemap.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startApp } from '../child-process.js';
import { median, ms, percentile, ratio, table } from '../stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    tiles: { type: 'string', default: '150' },
    renders: { type: 'string', default: '5' },
    'data-dir': { type: 'string', default: 'var/bench-basemap' },
  },
});
const tilesPerZoom = Number(options.tiles);
const renders = Number(options.renders);
const dataDir = path.resolve(ROOT, options['data-dir']!);
const log = (line: string) => console.log(line);

const SAMPLES = [
  { name: 'Monaco', extract: 'test-data/osm/monaco.osm.pbf' },
  { name: 'Mannheim–Heidelberg', extract: 'test-data/osm/rnv-mannheim-heidelberg.osm.pbf' },
];
const ZOOMS = [10, 13, 15];
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

// 1. Import.
for (const sample of SAMPLES) {
  log(`Importing ${sample.extract} into ${dataDir}…`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/data.ts', 'import', 'osm', sample.extract], {
    cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'ignore'],
  }).toString();
  log(output.split('\n').filter((line) => /Basemap of|features,/.test(line)).join('\n'));
}

// 2. Start the app.
log('Starting the app (builds what changed first)…');
const app = await startApp(ROOT, dataDir);
const { origin } = app;
log(`The app answers on ${origin}`);
try {
  await tileFigures();
  await renderFigures();
} finally {
  await app.stop();
}

type Box = [number, number, number, number];

function tilesOver([west, south, east, north]: Box, z: number): Array<[number, number, number]> {
  const x = (lon: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
  };
  const all: Array<[number, number, number]> = [];
  for (let tx = x(west); tx <= x(east); tx++) for (let ty = y(north); ty <= y(south); ty++) all.push([z, tx, ty]);
  // Spread the sample over the region: every k-th tile.
  const step = Math.max(1, Math.ceil(all.length / tilesPerZoom));
  return all.filter((_, index) => index % step === 0);
}

async function fetchTile(url: string): Promise<{ ms: number; sent: number; unpacked: number } | null> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  // fetch inflates gzip bodies itself: what was sent is the header's length.
  const body = new Uint8Array(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  if (response.status === 204) return null;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const sent = Number(response.headers.get('content-length') ?? body.length);
  return { ms: elapsed, sent, unpacked: body.length };
}

async function tileFigures(): Promise<void> {
  const style = await (await fetch(`${origin}/api/basemap/style.json`)).json() as { sources: { protomaps?: { bounds: number[] } } };
  if (!style.sources.protomaps) throw new Error('the style has no street-level source');
  const rows = [['region', 'tiles', 'zoom', 'p50 ms', 'p95 ms', 'sent p50 kB', 'sent p95 kB', 'unpacked p50 kB', 'unpacked max kB']];
  const kB = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const sample of SAMPLES) {
    const archive = path.join(dataDir, 'basemap', `${path.basename(sample.extract).replace(/\.osm\.pbf$/, '')}.pmtiles`);
    const header = readFileSync(archive).subarray(102, 118);
    const bounds = [0, 4, 8, 12].map((offset) => header.readInt32LE(offset) / 1e7) as Box;
    const measure = async (kind: string, prefix: string, z: number) => {
      const results = [];
      await fetchTile(`${origin}${prefix}/${tilesOver(bounds, z)[0]!.join('/')}.pbf`); // warm the directory cache
      for (const address of tilesOver(bounds, z)) {
        const result = await fetchTile(`${origin}${prefix}/${address.join('/')}.pbf`);
        if (result) results.push(result);
      }
      const times = results.map((r) => r.ms);
      const sent = results.map((r) => r.sent);
      const unpacked = results.map((r) => r.unpacked);
      rows.push([`${sample.name} ${kind}`, String(results.length), String(z), ms(median(times)), ms(percentile(times, 95)),
        kB(median(sent)), kB(percentile(sent, 95)), kB(median(unpacked)), kB(Math.max(...unpacked))]);
    };
    for (const z of ZOOMS) await measure('streets', '/api/basemap/osm', z);
    await measure('world (baseline)', '/api/basemap/tiles', 10);
  }
  log('\nTiles, one request at a time, gzip accepted:');
  log(table(rows));
}

/** A page with nothing but MapLibre and the same style, served from the app's origin by the browser itself. */
function barePage(styleUrl: string, center: [number, number], zoom: number): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/bench-maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from '/bench-maplibre/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/bench-maplibre/maplibre-gl-worker.mjs');
const map = new maplibregl.Map({ container: 'map', style: ${JSON.stringify(styleUrl)}, center: ${JSON.stringify(center)}, zoom: ${zoom}, attributionControl: { compact: true } });
window.catchmentMap = map;
</script></body></html>`;
}

async function firstIdle(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const map = (window as unknown as { catchmentMap?: { loaded(): boolean; areTilesLoaded(): boolean } }).catchmentMap;
    return !!map && map.loaded() && map.areTilesLoaded();
  }, undefined, { timeout: 120_000, polling: 10 });
  return page.evaluate(() => performance.now());
}

async function jumpToMonaco(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    const map = (window as unknown as { catchmentMap: { jumpTo(o: object): void; once(e: string, f: () => void): void } }).catchmentMap;
    const started = performance.now();
    map.once('idle', () => resolve(performance.now() - started));
    map.jumpTo({ center: [7.4235, 43.7355], zoom: 15 });
  }));
}

async function renderFigures(): Promise<void> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const maplibreDist = path.join(ROOT, 'node_modules/maplibre-gl/dist');
  const styleUrl = `${origin}/api/basemap/style.json?lang=en`;
  // The app opens on Washington at zoom 5 in English (initial-view.ts): the bare page does the same.
  const bare = barePage(styleUrl, [-77.0369, 38.9072], 5);
  const times = { app: [] as number[], bare: [] as number[], appMonaco: [] as number[], bareMonaco: [] as number[] };
  try {
    for (let run = 1; run <= renders; run++) {
      for (const which of ['app', 'bare'] as const) {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        await page.route(`${origin}/bench-bare.html`, (route) => route.fulfill({ contentType: 'text/html', body: bare }));
        await page.route(`${origin}/bench-maplibre/**`, (route) => {
          const file = path.join(maplibreDist, path.basename(new URL(route.request().url()).pathname));
          route.fulfill({ contentType: file.endsWith('.css') ? 'text/css' : 'text/javascript', body: readFileSync(file) });
        });
        await page.goto(which === 'app' ? `${origin}/app/` : `${origin}/bench-bare.html`);
        const firstRender = await firstIdle(page);
        const monaco = await jumpToMonaco(page);
        times[which].push(firstRender);
        times[which === 'app' ? 'appMonaco' : 'bareMonaco'].push(monaco);
        log(`render ${run}/${renders} ${which}: first idle at ${ms(firstRender)} ms, Monaco z15 in ${ms(monaco)} ms`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const rows = [
    ['', 'app p50 ms', 'bare p50 ms', 'app / bare'],
    ['first render (navigation → idle)', ms(median(times.app)), ms(median(times.bare)), ratio(median(times.app) / median(times.bare))],
    ['Monaco streets at z15 (jump → idle)', ms(median(times.appMonaco)), ms(median(times.bareMonaco)), ratio(median(times.appMonaco) / median(times.bareMonaco))],
  ];
  log('\nFirst map render in Chromium (SwiftShader), median of runs:');
  log(table(rows));
  const first = median(times.app) / median(times.bare);
  log(`\nGoal: the app's first render within 1.5× of the bare page: ${first <= 1.5 ? 'met' : 'not met'} (${first.toFixed(2)}×)`);
}
