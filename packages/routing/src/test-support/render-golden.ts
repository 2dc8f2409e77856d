/**
 * Draws a committed golden isochrone over its extract so a person can review it:
 * `npx tsx packages/routing/src/test-support/render-golden.ts` draws an SVG and, with a headless
 * Chromium on the PATH, writes it as the PNG next to the GeoJSON. Light grey: every road of the mode; black:
 * the road reached within the largest value; blue: the coastline; green: parks; the bands filled,
 * the start in red, a 500 m scale bar.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MultiPolygon } from 'geojson';
import { localProjection } from '../geo.js';
import { modeBit } from '../graph/routing-graph.js';
import type { RoutingMode } from '../modes.js';
import { readOsm } from '../osm/read-osm.js';
import { SearchWorkspace, type IsochroneCollection } from '../query/compute-isochrones.js';
import { PIECE_STRIDE, reachedPieces } from '../query/reached-pieces.js';
import { snapToRoad } from '../query/snap.js';
import { importedGraph, OSM_EXTRACTS } from './fixtures.js';

const GOLDEN_DIR = fileURLToPath(new URL('../../test/golden/', import.meta.url));
const NAME = 'monaco-car-isochrone-60-180';
const WIDTH = 1_000;
const BAND_COLOURS = ['#3b6fb6', '#e8692c', '#2f9e44'];

type Line = Array<[number, number]>;

/** Coastline and park outlines from the extract, for orientation. */
async function context(extract: string): Promise<{ coast: Line[]; parks: Line[] }> {
  const nodes = new Map<number, [number, number]>();
  const coast: Line[] = [];
  const parks: Line[] = [];
  await readOsm(extract, {
    node: (id, lon, lat) => void nodes.set(id, [lon, lat]),
    way: (_id, refs, tags) => {
      const line = () => refs.map((ref) => nodes.get(ref)).filter((p): p is [number, number] => p !== undefined);
      if (tags.natural === 'coastline') coast.push(line());
      else if (tags.leisure === 'park' || tags.leisure === 'garden') parks.push(line());
    },
  });
  return { coast, parks };
}

export async function renderGolden(): Promise<string> {
  const collection = JSON.parse(readFileSync(join(GOLDEN_DIR, `${NAME}.geojson`), 'utf8')) as IsochroneCollection;
  const { graph } = await importedGraph('monaco');
  const { isoMode, snappedPoint } = collection.features[0]!.properties;
  const transportMode = collection.features[0]!.properties.transportMode as RoutingMode;
  const largest = Math.max(...collection.features.map((f) => f.properties.value));
  const start = snapToRoad(graph, transportMode, ...snappedPoint)!;
  const pieces = reachedPieces(graph, transportMode, isoMode, start, new SearchWorkspace(graph).search(start, transportMode, isoMode, largest), largest);

  const [west, south, east, north] = graph.header.bbox;
  const projection = localProjection((west + east) / 2, (south + north) / 2);
  const spanX = projection.x(east) - projection.x(west);
  const spanY = projection.y(north) - projection.y(south);
  const scale = (WIDTH - 40) / Math.max(spanX, spanY);
  const height = Math.ceil(spanY * scale + 40);
  const px = (lon: number) => (20 + (projection.x(lon) - projection.x(west)) * scale).toFixed(1);
  const py = (lat: number) => (height - 20 - (projection.y(lat) - projection.y(south)) * scale).toFixed(1);
  const path = (line: Line) => line.map(([lon, lat], i) => `${i ? 'L' : 'M'}${px(lon)} ${py(lat)}`).join('');

  const bit = modeBit(graph, transportMode);
  const roads: string[] = [];
  for (let s = 0; s < graph.header.segmentCount; s++) {
    if (!(graph.segmentModes[s]! & bit)) continue;
    const a = graph.segmentFrom[s]!;
    const b = graph.segmentTo[s]!;
    roads.push(`M${px(graph.lon[a]!)} ${py(graph.lat[a]!)}L${px(graph.lon[b]!)} ${py(graph.lat[b]!)}`);
  }
  const reached: string[] = [];
  for (let p = 0; p < pieces.length; p += PIECE_STRIDE) {
    reached.push(`M${px(pieces[p]!)} ${py(pieces[p + 1]!)}L${px(pieces[p + 2]!)} ${py(pieces[p + 3]!)}`);
  }
  const polygon = (geometry: MultiPolygon) => geometry.coordinates.flatMap((rings) => rings.map((ring) => `${path(ring as Line)}Z`)).join('');
  const bands = [...collection.features]
    .sort((a, b) => b.properties.value - a.properties.value)
    .map((feature, i, all) => {
      const colour = BAND_COLOURS[(all.length - 1 - i) % BAND_COLOURS.length]!;
      return `<path d="${polygon(feature.geometry)}" fill="${colour}" fill-opacity="0.25" fill-rule="evenodd" stroke="${colour}" stroke-width="1.5"/>`;
    });
  const { coast, parks } = await context(OSM_EXTRACTS.monaco);
  const bar = 500 * scale;
  const legend = collection.features.map((f) => `${f.properties.value}`).join(' and ');
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    '<rect width="100%" height="100%" fill="white"/>',
    `<path d="${parks.map(path).join('')}" fill="#cfe8c5" stroke="#8cc07a" stroke-width="0.8"/>`,
    `<path d="${coast.map(path).join('')}" fill="none" stroke="#2a7fd4" stroke-width="2"/>`,
    `<path d="${roads.join('')}" fill="none" stroke="#bbb" stroke-width="0.7"/>`,
    ...bands,
    `<path d="${reached.join('')}" fill="none" stroke="#111" stroke-width="0.9"/>`,
    `<circle cx="${px(snappedPoint[0])}" cy="${py(snappedPoint[1])}" r="5" fill="red"/>`,
    `<path d="M20 ${height - 12}h${bar.toFixed(1)}" stroke="black" stroke-width="3"/>`,
    `<text x="${(24 + bar).toFixed(1)}" y="${height - 8}" font-family="sans-serif" font-size="13">500 m</text>`,
    `<text x="20" y="24" font-family="sans-serif" font-size="15">${transportMode} ${isoMode} ${legend} — © OpenStreetMap contributors</text>`,
    '</svg>',
  ].join('\n');
  // Only the PNG is kept beside the GeoJSON; the SVG (10× the GeoJSON's size) stays in a temporary folder.
  const work = mkdtempSync(join(tmpdir(), 'golden-'));
  const svgPath = join(work, `${NAME}.svg`);
  writeFileSync(svgPath, svg);
  try {
    const html = join(work, 'page.html');
    writeFileSync(html, `<html><body style="margin:0">${svg}</body></html>`);
    execFileSync('chromium', [
      '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
      `--window-size=${WIDTH},${height}`, `--screenshot=${join(GOLDEN_DIR, `${NAME}.png`)}`, `file://${html}`,
    ], { stdio: 'ignore' });
  } catch {
    return `${svgPath} (no headless Chromium for the PNG)`;
  }
  return join(GOLDEN_DIR, `${NAME}.png`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(`Rendered ${await renderGolden()}`);
