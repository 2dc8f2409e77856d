import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { removeStaleTemporaryFiles } from '@catchment/files';
import { RoutingError } from '../errors.js';
import type { BBox } from '../graph/routing-graph.js';
import { loadTimetable, TIMETABLE_EXTENSION, type Timetable, type TimetableHeader } from '../transit/timetable.js';
import type { LoadedRegion } from './routing-engine.js';

/** A loaded timetable and the index of the loaded graph its stops are linked to. */
export interface LoadedTimetable { file: string; timetable: Timetable; graph: number }

/** What the engine tells of a loaded timetable (status, error details). */
export interface TransitFeed {
  source: string;
  region: string;
  bbox: BBox;
  firstDate: string;
  lastDate: string;
  timezone: string;
}

/** How far past its outermost stops a feed serves a start (a walk to the first stop). */
const FEED_MARGIN_DEGREES = 0.02;

/**
 * Loads every `*.timetable` of the folder whose graph is loaded as it was at the feed's import
 * (same region, same import, same size); another is skipped and logged with the command that
 * imports its feed again, so the other feeds are still served.
 */
export async function loadTimetableFolder(dir: string, regions: readonly LoadedRegion[], log: (message: string) => void): Promise<LoadedTimetable[]> {
  await removeStaleTemporaryFiles(dir, log);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(TIMETABLE_EXTENSION)).sort();
  } catch {
    return [];
  }
  const loaded: LoadedTimetable[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      const timetable = loadTimetable(file);
      const { header } = timetable;
      const graph = regions.findIndex((region) => region.region === header.region
        && region.importedAt === header.graph.importedAt && region.nodeCount === header.graph.nodeCount && region.segmentCount === header.graph.segmentCount);
      if (graph < 0) {
        log(`Skipping timetable ${name}: the road network ${header.region} it was linked to is not loaded or was imported again since. `
          + `Import it again with: npm run data -- import gtfs ${header.source}`);
        continue;
      }
      loaded.push({ file, timetable, graph });
    } catch (error) {
      log(`Skipping timetable ${name}: ${error instanceof Error ? error.message : String(error)}. Import its feed again with: npm run data -- import gtfs <feed.zip>`);
    }
  }
  return loaded;
}

export function transitFeed(header: TimetableHeader): TransitFeed {
  const { source, region, bbox, firstDate, lastDate, timezone } = header;
  return { source, region, bbox, firstDate, lastDate, timezone };
}

/**
 * The timetable serving a start: among those whose stops' box (plus a walk) holds it, the one
 * covering the departure's day, the smallest box first. NO_TIMETABLE_FOR_POINT when none holds
 * it, NO_TIMETABLE_FOR_DATE (with the dates covered) when none runs that day.
 */
export function timetableFor(timetables: readonly LoadedTimetable[], [lng, lat]: [number, number], departureMs: number): number {
  const m = FEED_MARGIN_DEGREES;
  const area = ({ bbox: [w, s, e, n] }: TimetableHeader) => (e - w) * (n - s);
  const covering = timetables
    .map(({ timetable }, index) => ({ header: timetable.header, index }))
    .filter(({ header: { bbox: [w, s, e, n] } }) => lng >= w - m && lng <= e + m && lat >= s - m && lat <= n + m)
    .sort((a, b) => area(a.header) - area(b.header));
  if (covering.length === 0) {
    throw new RoutingError('NO_TIMETABLE_FOR_POINT', `No transit timetable is loaded for ${lng.toFixed(5)}, ${lat.toFixed(5)}: import a GTFS feed of that region `
      + '(npm run data -- import gtfs <feed.zip>) and restart the server', {
      point: [lng, lat], importCommand: 'npm run data -- import gtfs <feed.zip>', feeds: timetables.map(({ timetable }) => transitFeed(timetable.header)),
    });
  }
  // The day as a date string in UTC ±14 h is enough to tell whether a feed's date range holds it.
  const date = (offsetHours: number) => new Date(departureMs + offsetHours * 3_600_000).toISOString().slice(0, 10);
  const inRange = covering.find(({ header }) => date(14) >= header.firstDate && date(-14) <= header.lastDate);
  if (!inRange) {
    const { firstDate, lastDate } = covering[0]!.header;
    throw new RoutingError('NO_TIMETABLE_FOR_DATE', `The timetables loaded here run from ${firstDate} to ${lastDate}`, {
      firstDate, lastDate, departureDate: new Date(departureMs).toISOString(),
    });
  }
  return inRange.index;
}
