/**
 * Transit isochrones against the walking isochrone they are built on, in one process, same graph,
 * same start points, same run: `npm run bench:transit -- [--points 50] [--feed test-data/gtfs/rnv-gtfs.zip]`.
 *
 * The rnv feed is imported over the Mannheim–Heidelberg roads (import time and timetable size are
 * printed), then 30 and 60 minutes by transit from seeded start points at seeded weekday
 * departures between 06:00 and 21:00, each followed by the walking isochrone of the same value from
 * the same point (the baseline: a transit isochrone is a walking one plus the timetable's part:
 * access search, RAPTOR, and a walking search from every stop reached). p50 and p95 of the whole
 * computation and of its parts, with the ratio of p50s to walking.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  computeIsochrones,
  computeTransitIsochrones,
  importGtfs,
  importOsm,
  loadGraph,
  loadTimetable,
  RaptorWorkspace,
  SearchWorkspace,
  type Timetable,
} from '../../packages/routing/src/index.js';
import { argument } from '../arguments.js';
import { mb, median, ms, percentile, ratio, seededRandom, table } from '../stats.js';
import { seedOf, startPoints } from './start-points.js';

const REGION = 'rnv-mannheim-heidelberg';
const feed = argument('--feed') ?? 'test-data/gtfs/rnv-gtfs.zip';
const pointCount = Number(argument('--points') ?? 50);
const work = mkdtempSync(join(tmpdir(), 'transit-bench-'));
const WARM_UP = 3;
const NEAR_STOP_METERS = 600;

/** Seeded weekday departures in the feed's autumn 2016 (Monday 21 to Friday 25 November), local time (+01:00). */
function departures(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const day = 21 + Math.floor(random() * 5);
    const minute = 6 * 60 + Math.floor(random() * 15 * 60);
    const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return Date.parse(`2016-11-${day}T${clock}:00+01:00`);
  });
}

try {
  const graphDir = join(work, 'graphs');
  const transitDir = join(work, 'transit');
  mkdirSync(graphDir);
  mkdirSync(transitDir);
  await importOsm(`test-data/osm/${REGION}.osm.pbf`, join(graphDir, `${REGION}.graph`));
  const graph = loadGraph(join(graphDir, `${REGION}.graph`));
  const imported = await importGtfs(feed, { graphDirs: [graphDir], outputDir: transitDir });
  const timetable = loadTimetable(imported.outputPath);
  const { stopCount, tripCount } = imported.header;
  console.log(`# Transit benchmark — ${REGION}, ${feed}, ${pointCount} start points, node ${process.version}, load ${loadAverage()}`);
  console.log(`import: ${stopCount.toLocaleString('en')} stops, ${tripCount.toLocaleString('en')} trips in ${(imported.milliseconds / 1000).toFixed(2)} s, timetable ${mb(imported.bytes / 1024)}\n`);

  const workspace = new SearchWorkspace(graph);
  const raptor = new RaptorWorkspace(timetable);
  // Places within a short walk of a stop, where a transit isochrone is asked (elsewhere it is the walking one).
  const points = startPoints(graph, 20 * (pointCount + WARM_UP), seedOf(`${REGION}-transit`))
    .filter((point) => nearestStopMeters(timetable, point) <= NEAR_STOP_METERS)
    .slice(0, pointCount + WARM_UP);
  const when = departures(points.length, seedOf(`${REGION}-departures`));
  const rows = [['request', 'transit p50 (snap / search / polygon)', 'transit p95', 'walk p50 (baseline)', 'walk p95', 'p50 vs walk', 'stops ridden to (median)']];
  for (const value of [1_800, 3_600]) {
    const transit: Array<{ total: number; snap: number; search: number; polygon: number; ridden: number }> = [];
    const walk: number[] = [];
    // Interleaved, so the machine's load falls on both alike; the first WARM_UP points are not counted.
    points.forEach((startPoint, i) => {
      const t0 = performance.now();
      const { timings } = computeTransitIsochrones(graph, workspace, timetable, raptor, { startPoint, values: [value], departureMs: when[i]! });
      const t1 = performance.now();
      computeIsochrones(graph, workspace, { startPoint, isoMode: 'isochrone', transportMode: 'walk', values: [value] });
      const t2 = performance.now();
      if (i < WARM_UP) return;
      transit.push({ total: t1 - t0, snap: timings.snapMs, search: timings.searchMs, polygon: timings.polygonMs, ridden: timings.ridden });
      walk.push(t2 - t1);
    });
    const totals = transit.map((t) => t.total);
    rows.push([
      `transit ${value / 60} min`,
      `${ms(median(totals))} (${ms(median(transit.map((t) => t.snap)))} / ${ms(median(transit.map((t) => t.search)))} / ${ms(median(transit.map((t) => t.polygon)))})`,
      ms(percentile(totals, 95)),
      ms(median(walk)),
      ms(percentile(walk, 95)),
      ratio(median(totals) / median(walk)),
      String(median(transit.map((t) => t.ridden))),
    ]);
  }
  console.log(table(rows));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Crow-flies metres from a point to the nearest stop of the timetable (equirectangular: a few km). */
function nearestStopMeters(timetable: Timetable, [lon, lat]: [number, number]): number {
  const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (let s = 0; s < timetable.header.stopCount; s++) {
    best = Math.min(best, Math.hypot((timetable.stopLon[s]! - lon) * kx, (timetable.stopLat[s]! - lat) * 110_574));
  }
  return best;
}

function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(1)).join(' ');
}
