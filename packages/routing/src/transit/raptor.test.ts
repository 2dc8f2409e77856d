/**
 * RAPTOR against brute-force searches on the Heidelberg lines 22 and 33 feed (and the whole rnv
 * feed): connection scans over every trip of the feed as read (not the timetable's patterns),
 * with their own reading of the calendars, from the same stops reached on foot and with the same
 * foot transfers (walks on the network: next to a ride, never two in a row). Forwards, by
 * departure, every stop's earliest arrival; backwards, by arrival latest first, every stop's
 * latest departure that still reaches the point in time (`latestDepartures`, RAPTOR on the
 * reversed timetable). Both must agree to the second, for times on a weekday, a Saturday night
 * across midnight, a Sunday morning on the night's trips and the feed's last night.
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
/** A feed as read (the reference's input) and its imported timetable (RAPTOR's). */
interface Feed { feed: GtfsFeed; timetable: Timetable }
let lines22And33: Feed;

async function importFeed(path: string): Promise<Feed> {
  const { path: graphPath } = await importedGraph('rnv');
  const outputDir = mkdtempSync(join(tmpdir(), 'timetables-'));
  const summary = await importGtfs(path, { graphDirs: [join(graphPath, '..')], outputDir });
  return { feed: await readGtfs(path), timetable: loadTimetable(summary.outputPath) };
}

beforeAll(async () => {
  ({ graph } = await importedGraph('rnv'));
  lines22And33 = await importFeed(GTFS_FEEDS.heidelbergLines22And33);
}, 120_000);

/** The reference's own calendar reading, from the feed's rows. */
function runs({ feed }: Feed, service: number, day: number): boolean {
  const exception = feed.services.exceptions.find((e) => e.service === service && e.day === day);
  if (exception) return exception.type === 1;
  const start = feed.services.start[service]!;
  const weekday = (((day + 3) % 7) + 7) % 7;
  return start >= 0 && day >= start && day <= feed.services.end[service]! && ((feed.services.weekdays[service]! >> weekday) & 1) === 1;
}

interface Connection { trip: string; sequence: number; from: number; to: number; departs: number; arrives: number }

/** Every consecutive pair of stop times of every trip running yesterday, today or tomorrow (times from today's midnight). */
function connectionsAround(on: Feed, day: number): Connection[] {
  const { feed } = on;
  const { stopTimes } = feed;
  const byTrip = new Map<number, number[]>();
  for (let r = 0; r < stopTimes.trip.length; r++) {
    const list = byTrip.get(stopTimes.trip[r]!) ?? [];
    list.push(r);
    byTrip.set(stopTimes.trip[r]!, list);
  }
  const connections: Connection[] = [];
  for (const offset of [-1, 0, 1]) {
    for (const [trip, rows] of byTrip) {
      if (!runs(on, feed.trips.service[trip]!, day + offset)) continue;
      rows.sort((a, b) => stopTimes.sequence[a]! - stopTimes.sequence[b]!);
      for (let i = 0; i + 1 < rows.length; i++) {
        connections.push({
          trip: `${trip}@${offset}`, sequence: i, from: stopTimes.stop[rows[i]!]!, to: stopTimes.stop[rows[i + 1]!]!,
          departs: stopTimes.departure[rows[i]!]! + offset * 86_400, arrives: stopTimes.arrival[rows[i + 1]!]! + offset * 86_400,
        });
      }
    }
  }
  return connections;
}

/** Connection scan over the connections of the day, by departure. */
function connectionScan(on: Feed, day: number, departure: number, limit: number, access: Map<number, number>): Float64Array {
  const { timetable } = on;
  const connections = connectionsAround(on, day);
  connections.sort((a, b) => a.departs - b.departs || a.arrives - b.arrives);
  const best = new Float64Array(timetable.header.stopCount).fill(Infinity);
  const ridden = new Float64Array(timetable.header.stopCount).fill(Infinity);
  for (const [stop, seconds] of access) if (departure + seconds <= limit) best[stop] = Math.min(best[stop]!, departure + seconds);
  const onBoard = new Set<string>();
  for (const c of connections) {
    if (c.departs < departure || c.arrives > limit) continue;
    if (!onBoard.has(c.trip) && !(best[c.from]! <= c.departs)) continue;
    onBoard.add(c.trip);
    // Transfers walk on from every arrival by riding sooner than the ones before, even where a walk arrived sooner.
    if (c.arrives >= ridden[c.to]!) continue;
    ridden[c.to] = c.arrives;
    best[c.to] = Math.min(best[c.to]!, c.arrives);
    for (let k = timetable.transferOffsets[c.to]!; k < timetable.transferOffsets[c.to + 1]!; k++) {
      const target = timetable.transferTargets[k]!;
      const time = c.arrives + timetable.transferSeconds[k]!;
      if (time <= limit && time < best[target]!) best[target] = time;
    }
  }
  return best;
}

/**
 * Backward connection scan: the connections by arrival, latest first; a trip is on board from
 * the first connection (backwards) that alights where the point is still reached in time; each
 * boarding improves its stop, and the foot transfers into that stop improve theirs (a walk only
 * next to a ride, as forwards).
 */
function backwardConnectionScan(on: Feed, day: number, arrival: number, earliest: number, egress: Map<number, number>): Float64Array {
  const { timetable } = on;
  const connections = connectionsAround(on, day);
  connections.sort((a, b) => b.arrives - a.arrives || b.departs - a.departs || b.sequence - a.sequence);
  const walksInto = new Map<number, Array<{ from: number; seconds: number }>>();
  for (let from = 0; from < timetable.header.stopCount; from++) {
    for (let k = timetable.transferOffsets[from]!; k < timetable.transferOffsets[from + 1]!; k++) {
      const to = timetable.transferTargets[k]!;
      walksInto.set(to, [...(walksInto.get(to) ?? []), { from, seconds: timetable.transferSeconds[k]! }]);
    }
  }
  const latest = new Float64Array(timetable.header.stopCount).fill(-Infinity);
  const boarded = new Float64Array(timetable.header.stopCount).fill(-Infinity);
  for (const [stop, seconds] of egress) if (arrival - seconds >= earliest) latest[stop] = Math.max(latest[stop]!, arrival - seconds);
  const onBoard = new Set<string>();
  for (const c of connections) {
    if (c.arrives > arrival || c.departs < earliest) continue;
    if (!onBoard.has(c.trip) && !(latest[c.to]! >= c.arrives)) continue;
    onBoard.add(c.trip);
    if (c.departs <= boarded[c.from]!) continue;
    boarded[c.from] = c.departs;
    latest[c.from] = Math.max(latest[c.from]!, c.departs);
    for (const { from, seconds } of walksInto.get(c.from) ?? []) {
      const time = c.departs - seconds;
      if (time >= earliest && time > latest[from]!) latest[from] = time;
    }
  }
  return latest;
}

/** The stops within `budget` seconds' walk of a point, with their walk (what the isochrone's access search gives). */
function accessFrom({ timetable }: Feed, point: [number, number], budget: number): Map<number, number> {
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

const ARRIVALS = [
  '2016-11-22T08:30:00+01:00', // Tuesday morning
  '2016-11-22T18:20:00+01:00', // Tuesday evening rush
  '2016-11-27T00:30:00+01:00', // Sunday just after midnight, on Saturday's trips before and past 24:00
  '2016-11-27T01:10:00+01:00', // Sunday, on Saturday's trips past 24:00
  '2016-11-28T00:10:00+01:00', // Monday just after midnight, from Sunday evening's trips
  '2016-11-27T10:35:00+01:00', // Sunday morning
  '2016-12-11T00:30:00+01:00', // the feed's last night: Saturday's trips, none on Monday (a swapped day would be seen)
];

describe('RAPTOR on the Heidelberg lines 22 and 33', () => {
  for (const { name, point } of STARTS) {
    it(`gives every stop the brute-force search's earliest arrival, from ${name}, for five departures`, () => {
      const budget = 3600;
      const access = accessFrom(lines22And33, point, budget);
      expect(access.size).toBeGreaterThan(0);
      const raptor = new RaptorWorkspace(lines22And33.timetable);
      let reachedByRiding = 0;
      for (const instant of DEPARTURES) {
        const { day, seconds } = localServiceTime(Date.parse(instant), lines22And33.timetable.header.timezone);
        const expected = connectionScan(lines22And33, day, seconds, seconds + budget, access);
        const actual = raptor.search({ day, departure: seconds, limit: seconds + budget, accessStops: [...access.keys()], accessSeconds: [...access.values()] });
        expect(Array.from(actual)).toEqual(Array.from(expected));
        reachedByRiding += Array.from(actual).filter((time, stop) => time < Infinity && !access.has(stop)).length;
      }
      // The comparison is not empty: stops beyond walking reach are reached by riding.
      expect(reachedByRiding).toBeGreaterThan(20);
    });
  }

  for (const { name, point } of STARTS) {
    it(`gives every stop the backward brute-force search's latest departure, arriving at ${name}, for seven arrivals`, () => {
      const budget = 3600;
      const egress = accessFrom(lines22And33, point, budget);
      expect(egress.size).toBeGreaterThan(0);
      const raptor = new RaptorWorkspace(lines22And33.timetable);
      let reachedByRiding = 0;
      for (const instant of ARRIVALS) {
        const { day, seconds } = localServiceTime(Date.parse(instant), lines22And33.timetable.header.timezone);
        const expected = backwardConnectionScan(lines22And33, day, seconds, seconds - budget, egress);
        const actual = raptor.latestDepartures({
          day, arrival: seconds, earliest: seconds - budget, egressStops: [...egress.keys()], egressSeconds: [...egress.values()],
        });
        expect(Array.from(actual)).toEqual(Array.from(expected));
        reachedByRiding += Array.from(actual).filter((time, stop) => time > -Infinity && !egress.has(stop)).length;
      }
      expect(reachedByRiding).toBeGreaterThan(20);
    });
  }

  it('reaches nothing but the walk outside the feed\'s dates', () => {
    const access = accessFrom(lines22And33, STARTS[0]!.point, 1800);
    const { day, seconds } = localServiceTime(Date.parse('2016-12-24T10:00:00+01:00'), lines22And33.timetable.header.timezone);
    expect(day).toBe(parseGtfsDate('20161224'));
    const labels = new RaptorWorkspace(lines22And33.timetable).search({ day, departure: seconds, limit: seconds + 1800, accessStops: [...access.keys()], accessSeconds: [...access.values()] });
    expect(Array.from(labels).filter((time) => time < Infinity)).toHaveLength(access.size);
  });
});

describe('RAPTOR on the whole rnv feed, both ways', () => {
  let rnv: Feed;
  beforeAll(async () => {
    rnv = await importFeed(GTFS_FEEDS.rnv);
  }, 300_000);

  const POINTS: Array<{ name: string; point: [number, number] }> = [
    { name: 'Heidelberg Bismarckplatz', point: [8.6938, 49.4093] },
    { name: 'Mannheim Hauptbahnhof', point: [8.4696, 49.4797] },
  ];
  for (const { name, point } of POINTS) {
    it(`equals the brute-force searches at ${name}: earliest arrivals leaving it, latest departures reaching it, on a Tuesday morning and a Sunday past midnight`, () => {
      const budget = 3600;
      const walk = accessFrom(rnv, point, budget);
      const raptor = new RaptorWorkspace(rnv.timetable);
      const walkStops = { stops: [...walk.keys()], seconds: [...walk.values()] };
      for (const instant of ['2016-11-22T08:30:00+01:00', '2016-11-27T00:30:00+01:00']) {
        const { day, seconds } = localServiceTime(Date.parse(instant), rnv.timetable.header.timezone);
        const leaving = raptor.search({ day, departure: seconds, limit: seconds + budget, accessStops: walkStops.stops, accessSeconds: walkStops.seconds });
        expect(Array.from(leaving)).toEqual(Array.from(connectionScan(rnv, day, seconds, seconds + budget, walk)));
        const reaching = raptor.latestDepartures({ day, arrival: seconds, earliest: seconds - budget, egressStops: walkStops.stops, egressSeconds: walkStops.seconds });
        expect(Array.from(reaching)).toEqual(Array.from(backwardConnectionScan(rnv, day, seconds, seconds - budget, walk)));
        // Hundreds of the feed's stops are reached by riding, both ways.
        expect(Array.from(leaving).filter((time, stop) => time < Infinity && !walk.has(stop)).length).toBeGreaterThan(100);
        expect(Array.from(reaching).filter((time, stop) => time > -Infinity && !walk.has(stop)).length).toBeGreaterThan(100);
      }
    }, 180_000);
  }
});
