import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadGraph, readGraphHeader } from '../graph/graph-file.js';
import type { GraphHeader } from '../graph/routing-graph.js';
import { buildTimetable } from '../transit/build-timetable.js';
import { readGtfs, type GtfsFeed } from '../transit/read-gtfs.js';
import { TIMETABLE_EXTENSION, writeTimetable, type TimetableHeader } from '../transit/timetable.js';

export interface GtfsImportProgress {
  phase: 'read' | 'link' | 'write';
  fraction: number;
}

export interface GtfsImportSummary {
  source: string;
  outputPath: string;
  /** The road graph whose walking network the stops are linked to. */
  graphPath: string;
  header: TimetableHeader;
  skippedTrips: number;
  frequencyTrips: number;
  bytes: number;
  milliseconds: number;
}

/** `rnv-gtfs.zip` → `rnv-gtfs`: the name the timetable is saved under. */
export function feedName(file: string): string {
  return basename(file).replace(/\.zip$/i, '');
}

/**
 * Imports a GTFS feed (.zip or an unzipped folder) into `outputDir/<feed>.timetable`, its stops
 * linked to the walking network of the road graph (among `graphDirs`' `*.graph`, the first
 * folders first) whose box holds the most of them.
 */
export async function importGtfs(
  inputPath: string,
  options: { graphDirs: string[]; outputDir: string; onProgress?: (progress: GtfsImportProgress) => void },
): Promise<GtfsImportSummary> {
  const started = performance.now();
  const feed = await readGtfs(inputPath, ({ fraction }) => options.onProgress?.({ phase: 'read', fraction }));
  if (feed.stops.ids.length === 0) throw new Error(`${inputPath} has no stop with a position`);
  const graphPath = graphForStops(feed, options.graphDirs);
  options.onProgress?.({ phase: 'link', fraction: 1 });
  const graph = loadGraph(graphPath);
  const { timetable, report } = buildTimetable(feed, graph, { source: inputPath, region: basename(graphPath).replace(/\.graph$/, '') });
  options.onProgress?.({ phase: 'write', fraction: 1 });
  const outputPath = join(options.outputDir, `${feedName(inputPath)}${TIMETABLE_EXTENSION}`);
  const bytes = writeTimetable(timetable, outputPath);
  return { source: basename(inputPath), outputPath, graphPath, header: timetable.header, ...report, bytes, milliseconds: performance.now() - started };
}

/** The graph whose box holds the most stops (the smallest among equals); an error naming the import when none holds any. */
function graphForStops(feed: GtfsFeed, graphDirs: string[]): string {
  let best: { path: string; inside: number; area: number } | null = null;
  for (const dir of graphDirs) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.graph')).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      let header: GraphHeader;
      try {
        header = readGraphHeader(join(dir, name));
      } catch {
        continue;
      }
      if (!header.modes.includes('walk')) continue;
      const [w, s, e, n] = header.bbox;
      let inside = 0;
      for (let i = 0; i < feed.stops.ids.length; i++) {
        const lon = feed.stops.lon[i]!;
        const lat = feed.stops.lat[i]!;
        if (lon >= w && lon <= e && lat >= s && lat <= n) inside++;
      }
      const area = (e - w) * (n - s);
      // The operator's folder comes first: a later folder's graph wins only with more stops.
      if (inside > 0 && (!best || inside > best.inside || (inside === best.inside && area < best.area && best.path.startsWith(dir)))) {
        best = { path: join(dir, name), inside, area };
      }
    }
  }
  if (!best) {
    throw new Error('No road network covers the stops of this feed: import an OpenStreetMap extract of the region first (npm run data -- import osm <region.osm.pbf>)');
  }
  return best.path;
}

/** The summary printed after a feed's import. */
export function formatGtfsImportSummary(summary: GtfsImportSummary): string {
  const { header } = summary;
  const types = Object.entries(header.tripsByRouteType).map(([type, trips]) => `${type}: ${trips.toLocaleString('en')}`).join(', ');
  return [
    `Imported ${summary.source} → ${summary.outputPath}`,
    `  ${header.agencies.join(', ')} (${header.timezone}), services ${header.firstDate} → ${header.lastDate}`,
    `  stops ${header.stopCount.toLocaleString('en')}, patterns ${header.patternCount.toLocaleString('en')}, trips ${header.tripCount.toLocaleString('en')}` +
      `${summary.frequencyTrips ? ` (${summary.frequencyTrips.toLocaleString('en')} from frequencies)` : ''}, stop times ${header.stopTimeCount.toLocaleString('en')}, ` +
      `foot transfers ${header.transferCount.toLocaleString('en')}`,
    `  trips by route type: ${types}`,
    `  stops linked to the walking network of ${basename(summary.graphPath)}` +
      `${header.unlinkedStops ? `; ${header.unlinkedStops} served stops farther than 500 m from a walkable road are left out` : ''}` +
      `${summary.skippedTrips ? `; ${summary.skippedTrips.toLocaleString('en')} trips skipped (fewer than two stops or times going backwards)` : ''}`,
    `  ${(summary.milliseconds / 1000).toFixed(2)} s, ${(summary.bytes / 1e6).toFixed(1)} MB`,
  ].join('\n');
}
