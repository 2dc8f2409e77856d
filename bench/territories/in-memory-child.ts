/**
 * The baseline of memory.bench.ts, in a process of its own: the territorial data as the server
 * held it before it moved into the database (packages/geodata TerritoryStore, TerritoryIndex and
 * UnitTiles, what the server ran at start and on a kind's first tile). It loads the dataset folders
 * it is given, as the server did (the demo's first, then the imports), and prints one JSON line:
 * time to load, resident memory and V8 heap once loaded (after a full GC), the process's peak
 * resident memory, then for `fr_iris` the synchronous build of the kind's tile index on the first
 * tile request and the tiles it is asked for, and one statistics call.
 *
 *   node --expose-gc --import tsx bench/territories/in-memory-child.ts '<json options>'
 */
import { circlePolygon } from '@catchment/domain';
import { TerritoryStore } from '@catchment/geodata';
import { memoryOf } from './api-server.js';

export interface InMemoryOptions {
  directories: string[];
  /** Tiles asked for once the data is loaded, by name (z, x, y). */
  tiles: Record<string, [number, number, number]>;
  /** Population of this circle (centre, radius in m). */
  statistics: { centre: [number, number]; radiusM: number };
}

export interface InMemoryReport {
  units: number;
  loadMs: number;
  rssKb: number;
  heapUsedKb: number;
  peakRssKb: number;
  /** Building UnitTiles for fr_iris: what the first tile request did on the event loop. */
  tileIndexMs: number | null;
  tiles: Record<string, { ms: number; bytes: number }>;
  statisticsMs: number;
  population: number | null;
  /** Peak resident memory at the end (the tile index included). */
  finalPeakRssKb: number;
  finalRssKb: number;
  finalHeapUsedKb: number;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => { throw new Error('run with --expose-gc'); });
const heapKb = () => { gc(); return process.memoryUsage().heapUsed / 1024; };

const options = JSON.parse(process.argv[2] ?? '{}') as InMemoryOptions;
const started = performance.now();
const store = await TerritoryStore.open({ directories: options.directories });
const loadMs = performance.now() - started;
const heapUsedKb = heapKb();
const loaded = memoryOf(process.pid);

const tiles: InMemoryReport['tiles'] = {};
let tileIndexMs: number | null = null;
if (store.index.units('fr_iris').length > 0) {
  const t = performance.now();
  const unitTiles = store.tiles('fr_iris')!;
  tileIndexMs = performance.now() - t;
  for (const [name, [z, x, y]] of Object.entries(options.tiles)) {
    const t2 = performance.now();
    const tile = unitTiles.tile(z, x, y);
    tiles[name] = { ms: performance.now() - t2, bytes: tile?.byteLength ?? 0 };
  }
}
const t3 = performance.now();
const [population] = store.index.measures(circlePolygon(options.statistics.centre, options.statistics.radiusM), ['population']);
const statisticsMs = performance.now() - t3;

const finalHeapUsedKb = heapKb();
const final = memoryOf(process.pid);
const report: InMemoryReport = {
  units: store.index.kinds().reduce((sum, kind) => sum + kind.units, 0),
  loadMs, rssKb: loaded.rssKb, heapUsedKb, peakRssKb: loaded.peakRssKb,
  tileIndexMs, tiles, statisticsMs, population: population?.value ?? null,
  finalPeakRssKb: final.peakRssKb, finalRssKb: final.rssKb, finalHeapUsedKb,
};
console.log(JSON.stringify(report));
store.close();
