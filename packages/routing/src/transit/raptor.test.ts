/**
 * RAPTOR against a brute-force search on the Heidelberg lines 22 and 33 feed: a connection scan
 * over every trip of the feed as read (not the timetable's patterns), with its own reading of
 * the calendars, from the same stops reached on foot and with the same foot transfers (walks on
 * the network: after a ride, never two in a row). Both must give every stop the same earliest
 * arrival, to the second, for departures on a weekday, a Saturday night across midnight and a
 * Sunday morning on the night's trips.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { importGtfs } from '../import/import-gtfs.js';
import { SearchWorkspace } from '../query/bounded-search.js';
import { snapToRoad } from '../query/snap.js';
import { GTFS_FEEDS, importedGraph } from '../test-support/fixtures.js';
import { RaptorWorkspace } from './raptor.js';
import { parseGtfsDate, readGtfs, type GtfsFeed } from './read-gtfs.js';
import { localServiceTime } from './service-days.js';
import { walkCostToPoint } from './stop-links.js';
import { loadTimetable, type Timetable } from './timetable.js';

let graph: RoutingGraph;
let timetable: Timetable;
let feed: GtfsFeed;

beforeAll(async () => {
  ({ graph } = await importedGraph('rnv'));
  const { path: graphPath } = await importedGraph('rnv');
  const outputDir = mkdtempSync(join(tmpdir(), 'timetables-'));
  const summary = await importGtfs(GTFS_FEEDS.heidelbergLines22And33, { graphDirs: [join(graphPath, '..')], outputDir });
  timetable = loadTimetable(summary.outputPath);
  feed = await readGtfs(GTFS_FEEDS.heidelbergLines22And33);
}, 120_000);

/** The reference's own calendar reading, from the feed's rows. */
function runs(service: number, day: number): boolean {
  const exception = feed.services.exceptions.find((e) => e.service === service && e.day === day);
  if (exception) return exception.type === 1;
  const start = feed.services.start[service]!;
  const weekday = (((day + 3) % 7) + 7) % 7;
  return start >= 0 && day >= start && day <= feed.services.end[service]! && ((feed.services.weekdays[service]! >> weekday) & 1) === 1;
}

/** Connection scan: every consecutive pair of stop times of every trip running yesterday, today or tomorrow, by departure. */
function connectionScan(day: number, departure: number, limit: number, access: Map<number, number>): Float64Array {
  const { stopTimes } = feed;
  const byTrip = new Map<number, number[]>();
  for (let r = 0; r < stopTimes.trip.length; r++) {
    const list = byTrip.get(stopTimes.trip[r]!) ?? [];
    list.push(r);
    byTrip.set(stopTimes.trip[r]!, list);
  }
  const connections: Array<{ trip: string; from: number; to: number; departs: number; arrives: number }> = [];
  for (const offset of [-1, 0, 1]) {
    for (const [trip, rows] of byTrip) {
      if (!runs(feed.trips.service[trip]!, day + offset)) continue;
      rows.sort((a, b) => stopTimes.sequence[a]! - stopTimes.sequence[b]!);
      for (let i = 0; i + 1 < rows.length; i++) {
        connections.push({
          trip: `${trip}@${offset}`, from: stopTimes.stop[rows[i]!]!, to: stopTimes.stop[rows[i + 1]!]!,
          departs: stopTimes.departure[rows[i]!]! + offset * 86_400, arrives: stopTimes.arrival[rows[i + 1]!]! + offset * 86_400,
        });
      }
    }
  }
  connections.sort((a, b) => a.departs - b.departs || a.arrives - b.arrives);
  const best = new Float64Array(timetable.header.stopCount).fill(Infinity);
  for (const [stop, seconds] of access) if (departure + seconds <= limit) best[stop] = Math.min(best[stop]!, departure + seconds);
  const onBoard = new Set<string>();
  for (const c of connections) {
    if (c.departs < departure || c.arrives > limit) continue;
    if (!onBoard.has(c.trip) && !(best[c.from]! <= c.departs)) continue;
    onBoard.add(c.trip);
    if (c.arrives >= best[c.to]!) continue;
    best[c.to] = c.arrives;
    for (let k = timetable.transferOffsets[c.to]!; k < timetable.transferOffsets[c.to + 1]!; k++) {
      const target = timetable.transferTargets[k]!;
      const time = c.arrives + timetable.transferSeconds[k]!;
      if (time <= limit && time < best[target]!) best[target] = time;
    }
  }
  return best;
}

/** The stops within `budget` seconds' walk of a point, with their walk (what the isochrone's access search gives). */
function accessFrom(point: [number, number], budget: number): Map<number, number> {
  const start = snapToRoad(graph, 'walk', point[0], point[1])!;
  const result = new SearchWorkspace(graph).search(start, 'walk', 'isochrone', budget);
  const access = new Map<number, number>();
  for (let s = 0; s < timetable.header.stopCount; s++) {
    if (timetable.stopSegment[s]! < 0) continue;
    const seconds = walkCostToPoint(graph, result, timetable.stopSegment[s]!, timetable.stopFraction[s]!) + timetable.stopWalkSeconds[s]!;
    if (seconds <= budget) access.set(s, seconds);
  }
  return access;
}

const STARTS: Array<{ name: string; point: [number, number] }> = [
  { name: 'Bismarckplatz', point: [8.6938, 49.4093] },
  { name: 'Eppelheim', point: [8.6330, 49.4020] },
  { name: 'Emmertsgrund', point: [8.7150, 49.3640] },
];
const DEPARTURES = [
  '2016-11-22T08:00:00+01:00', // Tuesday morning
  '2016-11-22T17:47:00+01:00', // Tuesday evening rush
  '2016-11-26T23:40:00+01:00', // Saturday night, across midnight
  '2016-11-27T00:20:00+01:00', // Sunday, on Saturday's trips past 24:00
  '2016-11-27T10:05:00+01:00', // Sunday morning
];

describe('RAPTOR on the Heidelberg lines 22 and 33', () => {
  for (const { name, point } of STARTS) {
    it(`gives every stop the brute-force search's earliest arrival, from ${name}, for five departures`, () => {
      const budget = 3600;
      const access = accessFrom(point, budget);
      expect(access.size).toBeGreaterThan(0);
      const raptor = new RaptorWorkspace(timetable);
      let reachedByRiding = 0;
      for (const instant of DEPARTURES) {
        const { day, seconds } = localServiceTime(Date.parse(instant), timetable.header.timezone);
        const expected = connectionScan(day, seconds, seconds + budget, access);
        const actual = raptor.search({ day, departure: seconds, limit: seconds + budget, accessStops: [...access.keys()], accessSeconds: [...access.values()] });
        expect(Array.from(actual)).toEqual(Array.from(expected));
        reachedByRiding += Array.from(actual).filter((time, stop) => time < Infinity && !access.has(stop)).length;
      }
      // The comparison is not empty: stops beyond walking reach are reached by riding.
      expect(reachedByRiding).toBeGreaterThan(20);
    });
  }

  it('reaches nothing but the walk outside the feed\'s dates', () => {
    const access = accessFrom(STARTS[0]!.point, 1800);
    const { day, seconds } = localServiceTime(Date.parse('2016-12-24T10:00:00+01:00'), timetable.header.timezone);
    expect(day).toBe(parseGtfsDate('20161224'));
    const labels = new RaptorWorkspace(timetable).search({ day, departure: seconds, limit: seconds + 1800, accessStops: [...access.keys()], accessSeconds: [...access.values()] });
    expect(Array.from(labels).filter((time) => time < Infinity)).toHaveLength(access.size);
  });
});
