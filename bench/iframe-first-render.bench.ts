/**
 * `npm run bench:iframe`: the embeddable map view's first render (/app/iframe/{accessId}) against a
 * bare MapLibre page showing the same polygons on the same basemap style.
 *
 * Starts the app as a user does (`node scripts/start.mjs`: builds what changed, runs compiled, its
 * own data folder, embedded database), signs up, saves a public map of six areas over
 * Mannheim–Heidelberg (a demo street-level basemap), then in Chromium (SwiftShader), in turns with
 * fresh browser contexts: from navigation to the areas drawn (the view's `catchment-map-drawn`
 * performance mark, set at MapLibre's first `idle` after the areas were added, the basemap tiles in
 * view loaded). The bare page, served from the app's origin, holds only MapLibre (node_modules'
 * dist), asks the API for the same public map and the same style at once, frames the areas, draws
 * their fills, outlines and names as the view does, and sets the same mark at its first `idle`.
 * Each context then loads its page a second time: the warm figure, files from the browser's cache.
 *
 * Options: --runs 7, --data-dir var/bench-iframe.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { MAP_STYLE } from '@catchment/domain';
import { startApp } from './child-process.js';
import { median, ms, ratio, table } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'data-dir': { type: 'string', default: 'var/bench-iframe' },
  },
});
const runs = Number(options.runs);
const dataDir = path.resolve(ROOT, options['data-dir']!);
const log = (line: string) => console.log(line);

/** The mark both pages set once their areas are drawn (apps/web/src/iframe/embedded-map.tsx). */
const DRAWN_MARK = 'catchment-map-drawn';
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Six catchment areas, 48-sided circles of 2 to 4 km, over Mannheim and Heidelberg. */
const AREAS = [
  { label: 'Mannheim centre', center: [8.4660, 49.4875], km: 3 },
  { label: 'Ludwigshafen', center: [8.4353, 49.4774], km: 2.5 },
  { label: 'Heidelberg old town', center: [8.7100, 49.4120], km: 2 },
  { label: 'Heidelberg Bahnstadt', center: [8.6700, 49.4030], km: 2.5 },
  { label: 'Schwetzingen', center: [8.5720, 49.3830], km: 3 },
  { label: 'Weinheim', center: [8.6660, 49.5450], km: 4 },
] as const;

function circle([lng, lat]: readonly [number, number], km: number): GeoJSON.Polygon {
  const ring = Array.from({ length: 48 }, (_, i) => {
    const angle = (i / 48) * 2 * Math.PI;
    return [lng + (km / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.cos(angle), lat + (km / 110.57) * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

log('Starting the app (builds what changed first)…');
const app = await startApp(ROOT, dataDir);
const { origin } = app;
log(`The app answers on ${origin}`);
try {
  const accessId = await savePublicMap();
  await renderFigures(accessId);
} finally {
  await app.stop();
}

async function api(method: string, url: string, cookie: string, body: unknown): Promise<Response> {
  const response = await fetch(`${origin}/api${url}`, {
    method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs up and saves the public map of AREAS; its accessId. */
async function savePublicMap(): Promise<string> {
  const signUp = await api('POST', '/Clients', '', { acceptTerms: true, email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Bench', lastName: 'Mark' });
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
  const map = await (await api('POST', '/v2/maps', cookie, { title: 'Rhine-Neckar shops', public: true })).json() as { id: number; accessId: string };
  const folder = randomUUID();
  await api('PUT', `/v2/maps/${map.id}/folders/${folder}`, cookie, { label: 'Shops' });
  await api('POST', `/v2/maps/${map.id}/folders/${folder}/areas/bulk`, cookie, {
    areas: AREAS.map((area) => ({ uuid: randomUUID(), isoMode: 'polygon', label: area.label, geometry: circle(area.center, area.km) })),
  });
  return map.accessId;
}

/**
 * Only MapLibre: the public map and the style asked at once, the areas framed from the start and
 * drawn as the embedded view draws them (same paint, same padding), the same mark at the first idle.
 */
function barePage(accessId: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/bench-maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from '/bench-maplibre/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/bench-maplibre/maplibre-gl-worker.mjs');
const [doc, style] = await Promise.all([
  fetch('/api/v2/maps/${accessId}', { credentials: 'omit' }).then((r) => r.json()),
  fetch('/api/basemap/style.json?lang=en').then((r) => r.json()),
]);
const features = doc.folders.flatMap((f) => f.areas.filter((a) => !a.hide)).map((a) => ({ type: 'Feature', properties: { label: a.label, color: a.color }, geometry: a.geometry }));
const coords = features.flatMap((f) => f.geometry.coordinates.flat(f.geometry.type === 'Polygon' ? 1 : 2));
const bounds = [[Math.min(...coords.map((c) => c[0])), Math.min(...coords.map((c) => c[1]))], [Math.max(...coords.map((c) => c[0])), Math.max(...coords.map((c) => c[1]))]];
const map = new maplibregl.Map({ container: 'map', style, bounds, fitBoundsOptions: { padding: 40, maxZoom: 14 }, attributionControl: { compact: true } });
map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
window.catchmentMap = map;
map.once('load', () => {
  map.addSource('areas', { type: 'geojson', data: { type: 'FeatureCollection', features } });
  map.addLayer({ id: 'fill', type: 'fill', source: 'areas', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ${MAP_STYLE.fillOpacity} } });
  map.addLayer({ id: 'line', type: 'line', source: 'areas', layout: { 'line-join': 'round' }, paint: { 'line-color': ['get', 'color'], 'line-width': ${MAP_STYLE.weight} } });
  map.addLayer({ id: 'label', type: 'symbol', source: 'areas', layout: { 'text-field': ['get', 'label'], 'text-size': 13, 'text-max-width': 10 }, paint: { 'text-color': '#1c2430', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 } });
  map.once('idle', () => performance.mark('${DRAWN_MARK}'));
});
</script></body></html>`;
}

/** Navigates and waits for the drawn mark: its time since the navigation started, in ms. */
async function timeToDrawn(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, DRAWN_MARK, { timeout: 120_000, polling: 10 });
  return (await handle.jsonValue()) as number;
}

async function renderFigures(accessId: string): Promise<void> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const maplibreDist = path.join(ROOT, 'node_modules/maplibre-gl/dist');
  const urls = { view: `${origin}/app/iframe/${accessId}`, bare: `${origin}/bench-bare.html` };
  const times = { view: [] as number[], bare: [] as number[], viewWarm: [] as number[], bareWarm: [] as number[] };
  try {
    for (let run = 1; run <= runs; run++) {
      for (const which of ['view', 'bare'] as const) {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 800, height: 500 } });
        const page = await context.newPage();
        await page.route(urls.bare, (route) => route.fulfill({ contentType: 'text/html', body: barePage(accessId) }));
        await page.route(`${origin}/bench-maplibre/**`, (route) => {
          const file = path.join(maplibreDist, path.basename(new URL(route.request().url()).pathname));
          // Cacheable as the app's hashed files are, so that the warm load is a fair comparison.
          route.fulfill({ contentType: file.endsWith('.css') ? 'text/css' : 'text/javascript', body: readFileSync(file), headers: { 'cache-control': 'public, max-age=31536000, immutable' } });
        });
        const cold = await timeToDrawn(page, urls[which]);
        const warm = await timeToDrawn(page, urls[which]);
        times[which].push(cold);
        times[which === 'view' ? 'viewWarm' : 'bareWarm'].push(warm);
        log(`run ${run}/${runs} ${which}: drawn at ${ms(cold)} ms, again (cached) at ${ms(warm)} ms`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const rows = [
    ['navigation → areas drawn', 'embedded view p50 ms', 'bare MapLibre p50 ms', 'view / bare'],
    ['first visit (empty cache)', ms(median(times.view)), ms(median(times.bare)), ratio(median(times.view) / median(times.bare))],
    ['second visit (cached files)', ms(median(times.viewWarm)), ms(median(times.bareWarm)), ratio(median(times.viewWarm) / median(times.bareWarm))],
  ];
  log(`\nEmbedded map view's first render in Chromium (SwiftShader), median of ${runs} runs:`);
  log(table(rows));
}
