import { basename } from 'node:path';
import type { BBox, RoutingGraph } from '../graph/routing-graph.js';
import { Growable } from '../graph/growable.js';
import { SearchWorkspace } from '../query/bounded-search.js';
import { snapToRoad } from '../query/snap.js';
import type { GtfsFeed } from './read-gtfs.js';
import { stopAsStart, walkCostToPoint, WALK_METERS_PER_SECOND } from './stop-links.js';
import { TIMETABLE_FORMAT_VERSION, type Timetable } from './timetable.js';

/** A stop farther than this from any walkable road is not linked (never boarded). */
export const STOP_LINK_METERS = 500;
/** Foot transfers between stops are precomputed up to this walk (about 580 m on the network). */
export const MAX_TRANSFER_SECONDS = 420;

export interface BuildReport {
  /** Trips left out: fewer than two stops, or times that go backwards. */
  skippedTrips: number;
  /** Trips run from frequencies.txt (each departure of a frequency-based trip counts as one). */
  frequencyTrips: number;
}

/** A run of a trip: its stop-time rows (in stop order) and the seconds added to their times (frequencies). */
interface Run { trip: number; rows: Uint32Array; shift: number }

/**
 * Turns a read feed into the timetable RAPTOR searches: trips grouped into patterns that never
 * overtake, stops linked to the walking network of `graph`, foot transfers precomputed on it.
 */
export function buildTimetable(
  feed: GtfsFeed, graph: RoutingGraph, options: { source: string; region: string },
): { timetable: Timetable; report: BuildReport } {
  const { stopTimes } = feed;
  const tripCount = feed.trips.ids.length;
  let skippedTrips = 0;
  let frequencyTrips = 0;

  // Stop-time rows by trip (counting sort), then by stop_sequence within each trip.
  const rowOffsets = new Uint32Array(tripCount + 1);
  for (let r = 0; r < stopTimes.trip.length; r++) rowOffsets[stopTimes.trip[r]! + 1]!++;
  for (let t = 0; t < tripCount; t++) rowOffsets[t + 1]! += rowOffsets[t]!;
  const rows = new Uint32Array(stopTimes.trip.length);
  const fill = rowOffsets.slice(0, tripCount);
  for (let r = 0; r < stopTimes.trip.length; r++) rows[fill[stopTimes.trip[r]!]!++] = r;
  const arrival = Int32Array.from(stopTimes.arrival);
  const departure = Int32Array.from(stopTimes.departure);

  const frequencyByTrip = new Map<number, Array<{ start: number; end: number; headway: number }>>();
  for (const frequency of feed.frequencies) {
    const list = frequencyByTrip.get(frequency.trip) ?? [];
    list.push(frequency);
    frequencyByTrip.set(frequency.trip, list);
  }

  // Each usable run, grouped by route and stop sequence.
  const groups = new Map<string, Run[]>();
  for (let t = 0; t < tripCount; t++) {
    const tripRows = rows.subarray(rowOffsets[t]!, rowOffsets[t + 1]!);
    tripRows.sort((a, b) => stopTimes.sequence[a]! - stopTimes.sequence[b]!);
    if (tripRows.length < 2 || !interpolateTimes(tripRows, arrival, departure)) {
      skippedTrips++;
      continue;
    }
    const key = `${feed.trips.route[t]}:${Array.from(tripRows, (r) => stopTimes.stop[r]).join(',')}`;
    const runs = groups.get(key) ?? [];
    groups.set(key, runs);
    const frequencies = frequencyByTrip.get(t);
    if (!frequencies) {
      runs.push({ trip: t, rows: tripRows, shift: 0 });
      continue;
    }
    // The trip's own times are a template: one run per headway, from the first departure at start_time.
    const first = departure[tripRows[0]!]!;
    for (const { start, end, headway } of frequencies) {
      for (let at = start; at < end; at += headway) {
        runs.push({ trip: t, rows: tripRows, shift: at - first });
        frequencyTrips++;
      }
    }
  }

  // Patterns: within a group, runs by first departure, each on the first pattern it does not overtake.
  const patterns: Array<{ route: number; stops: ArrayLike<number>; runs: Run[] }> = [];
  for (const runs of groups.values()) {
    runs.sort((a, b) => departure[a.rows[0]!]! + a.shift - (departure[b.rows[0]!]! + b.shift));
    const open: Run[][] = [];
    for (const run of runs) {
      const fits = open.find((list) => !overtakes(list.at(-1)!, run, arrival, departure));
      if (fits) fits.push(run);
      else open.push([run]);
    }
    for (const list of open) {
      const sample = list[0]!;
      patterns.push({ route: feed.trips.route[sample.trip]!, stops: Array.from(sample.rows, (r) => stopTimes.stop[r]!), runs: list });
    }
  }

  const patternStopOffsets = new Uint32Array(patterns.length + 1);
  const patternTripOffsets = new Uint32Array(patterns.length + 1);
  const patternTimeOffsets = new Uint32Array(patterns.length);
  const patternRouteTypes = new Int32Array(patterns.length);
  let stopSlots = 0;
  let tripSlots = 0;
  let timeSlots = 0;
  for (const [p, pattern] of patterns.entries()) {
    patternStopOffsets[p] = stopSlots;
    patternTripOffsets[p] = tripSlots;
    patternTimeOffsets[p] = timeSlots;
    patternRouteTypes[p] = feed.routeTypes[pattern.route]!;
    stopSlots += pattern.stops.length;
    tripSlots += pattern.runs.length;
    timeSlots += pattern.stops.length * pattern.runs.length;
  }
  patternStopOffsets[patterns.length] = stopSlots;
  patternTripOffsets[patterns.length] = tripSlots;
  const patternStops = new Uint32Array(stopSlots);
  const arrivals = new Int32Array(timeSlots);
  const departures = new Int32Array(timeSlots);
  const tripServices = new Uint32Array(tripSlots);
  const tripsByRouteType: Record<string, number> = {};
  for (const [p, pattern] of patterns.entries()) {
    patternStops.set(pattern.stops, patternStopOffsets[p]!);
    let at = patternTimeOffsets[p]!;
    for (const [k, run] of pattern.runs.entries()) {
      tripServices[patternTripOffsets[p]! + k] = feed.trips.service[run.trip]!;
      for (const r of run.rows) {
        arrivals[at] = arrival[r]! + run.shift;
        departures[at] = departure[r]! + run.shift;
        at++;
      }
    }
    const type = String(patternRouteTypes[p]);
    tripsByRouteType[type] = (tripsByRouteType[type] ?? 0) + pattern.runs.length;
  }

  // Which patterns serve each stop, at which position.
  const stopCount = feed.stops.ids.length;
  const stopPatternOffsets = new Uint32Array(stopCount + 1);
  for (let i = 0; i < stopSlots; i++) stopPatternOffsets[patternStops[i]! + 1]!++;
  for (let s = 0; s < stopCount; s++) stopPatternOffsets[s + 1]! += stopPatternOffsets[s]!;
  const stopPatterns = new Uint32Array(stopSlots);
  const stopPatternPositions = new Uint32Array(stopSlots);
  const next = stopPatternOffsets.slice(0, stopCount);
  for (let p = 0; p < patterns.length; p++) {
    for (let i = patternStopOffsets[p]!; i < patternStopOffsets[p + 1]!; i++) {
      const slot = next[patternStops[i]!]!++;
      stopPatterns[slot] = p;
      stopPatternPositions[slot] = i - patternStopOffsets[p]!;
    }
  }

  // Stops linked to the walking network.
  const stopSegment = new Int32Array(stopCount).fill(-1);
  const stopFraction = new Float32Array(stopCount);
  const stopWalkSeconds = new Float32Array(stopCount);
  let unlinkedStops = 0;
  for (let s = 0; s < stopCount; s++) {
    const link = snapToRoad(graph, 'walk', feed.stops.lon[s]!, feed.stops.lat[s]!, STOP_LINK_METERS);
    if (!link) {
      if (stopPatternOffsets[s + 1]! > stopPatternOffsets[s]!) unlinkedStops++;
      continue;
    }
    stopSegment[s] = link.segment;
    stopFraction[s] = link.fraction;
    stopWalkSeconds[s] = link.distance / WALK_METERS_PER_SECOND;
  }

  const transfers = footTransfers(graph, feed, { stopSegment, stopFraction, stopWalkSeconds, stopPatternOffsets });
  const services = serviceArrays(feed);

  let bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (let s = 0; s < stopCount; s++) {
    const lon = feed.stops.lon[s]!;
    const lat = feed.stops.lat[s]!;
    bbox = [Math.min(bbox[0], lon), Math.min(bbox[1], lat), Math.max(bbox[2], lon), Math.max(bbox[3], lat)];
  }

  const timetable: Timetable = {
    header: {
      version: TIMETABLE_FORMAT_VERSION,
      source: basename(options.source),
      importedAt: new Date().toISOString(),
      timezone: feed.timezone,
      agencies: feed.agencies,
      region: options.region,
      graph: {
        source: graph.header.source, importedAt: graph.header.importedAt, nodeCount: graph.header.nodeCount, segmentCount: graph.header.segmentCount,
      },
      bbox,
      firstDate: services.firstDate,
      lastDate: services.lastDate,
      stopCount,
      patternCount: patterns.length,
      tripCount: tripSlots,
      stopTimeCount: timeSlots,
      transferCount: transfers.targets.length,
      serviceCount: feed.services.ids.length,
      tripsByRouteType,
      unlinkedStops,
      maxTransferSeconds: MAX_TRANSFER_SECONDS,
      stopIds: feed.stops.ids,
      stopNames: feed.stops.names,
    },
    stopLon: Float64Array.from(feed.stops.lon),
    stopLat: Float64Array.from(feed.stops.lat),
    stopSegment, stopFraction, stopWalkSeconds,
    stopPatternOffsets, stopPatterns, stopPatternPositions,
    patternStopOffsets, patternStops, patternTripOffsets, patternTimeOffsets, patternRouteTypes,
    arrivals, departures, tripServices,
    transferOffsets: transfers.offsets, transferTargets: transfers.targets, transferSeconds: transfers.seconds,
    serviceStart: services.start, serviceEnd: services.end, serviceWeekdays: services.weekdays,
    exceptionOffsets: services.exceptionOffsets, exceptionDays: services.exceptionDays, exceptionTypes: services.exceptionTypes,
  };
  return { timetable, report: { skippedTrips, frequencyTrips } };
}

/**
 * Fills empty times (stops that are not timepoints) linearly between the timed stops around
 * them; false when the first or last stop has no time or times go backwards.
 */
function interpolateTimes(rows: Uint32Array, arrival: Int32Array, departure: Int32Array): boolean {
  const last = rows.length - 1;
  if (departure[rows[0]!]! < 0 || arrival[rows[last]!]! < 0) return false;
  let previous = 0;
  for (let i = 1; i <= last; i++) {
    if (arrival[rows[i]!]! < 0) continue;
    const from = departure[rows[previous]!]!;
    const to = arrival[rows[i]!]!;
    for (let k = previous + 1; k < i; k++) {
      const time = Math.round(from + ((to - from) * (k - previous)) / (i - previous));
      arrival[rows[k]!] = time;
      departure[rows[k]!] = time;
    }
    previous = i;
  }
  for (let i = 0; i <= last; i++) {
    const r = rows[i]!;
    if (departure[r]! < arrival[r]!) return false;
    if (i > 0 && arrival[r]! < departure[rows[i - 1]!]!) return false;
  }
  return true;
}

/** Whether `later` (departing no earlier at the first stop) arrives or departs before `earlier` anywhere. */
function overtakes(earlier: Run, later: Run, arrival: Int32Array, departure: Int32Array): boolean {
  for (let i = 0; i < earlier.rows.length; i++) {
    const a = earlier.rows[i]!;
    const b = later.rows[i]!;
    if (departure[b]! + later.shift < departure[a]! + earlier.shift || arrival[b]! + later.shift < arrival[a]! + earlier.shift) return true;
  }
  return false;
}

/**
 * Walking between stops, on the network, up to MAX_TRANSFER_SECONDS (the walk from each stop to
 * its road point counted at both ends): one bounded search per served stop, the served stops
 * within the crow-flies reach of that walk read off its costs.
 */
function footTransfers(
  graph: RoutingGraph,
  feed: GtfsFeed,
  stops: { stopSegment: Int32Array; stopFraction: Float32Array; stopWalkSeconds: Float32Array; stopPatternOffsets: Uint32Array },
): { offsets: Uint32Array; targets: Uint32Array; seconds: Float32Array } {
  const count = feed.stops.ids.length;
  const served = (s: number) => stops.stopSegment[s]! >= 0 && stops.stopPatternOffsets[s + 1]! > stops.stopPatternOffsets[s]!;
  // A grid of the served stops, cells of the farthest transfer's crow-flies length.
  const reach = MAX_TRANSFER_SECONDS * WALK_METERS_PER_SECOND;
  const cellLat = reach / 111_320;
  const cellLon = cellLat / Math.max(0.1, Math.cos(((feed.stops.lat[0] ?? 0) * Math.PI) / 180));
  const cells = new Map<string, number[]>();
  const cellOf = (s: number) => [Math.floor(feed.stops.lon[s]! / cellLon), Math.floor(feed.stops.lat[s]! / cellLat)] as const;
  for (let s = 0; s < count; s++) {
    if (!served(s)) continue;
    const [x, y] = cellOf(s);
    const key = `${x},${y}`;
    const list = cells.get(key) ?? [];
    list.push(s);
    cells.set(key, list);
  }
  const workspace = new SearchWorkspace(graph);
  const offsets = new Uint32Array(count + 1);
  const targets = new Growable(Uint32Array);
  const seconds = new Growable(Float32Array);
  for (let s = 0; s < count; s++) {
    offsets[s] = targets.length;
    if (!served(s)) continue;
    const budget = MAX_TRANSFER_SECONDS - stops.stopWalkSeconds[s]!;
    if (budget <= 0) continue;
    const start = stopAsStart(feed.stops.lon[s]!, feed.stops.lat[s]!, stops.stopSegment[s]!, stops.stopFraction[s]!);
    const result = workspace.search(start, 'walk', 'isochrone', budget);
    const [x, y] = cellOf(s);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const t of cells.get(`${x + dx},${y + dy}`) ?? []) {
          if (t === s) continue;
          let cost = walkCostToPoint(graph, result, stops.stopSegment[t]!, stops.stopFraction[t]!);
          // Both on one segment: straight along it.
          if (stops.stopSegment[t] === stops.stopSegment[s]) {
            const edge = graph.segmentForward[stops.stopSegment[s]!]! >= 0 ? graph.segmentForward[stops.stopSegment[s]!]! : graph.segmentBackward[stops.stopSegment[s]!]!;
            cost = Math.min(cost, graph.times.walk[edge]! * Math.abs(stops.stopFraction[t]! - stops.stopFraction[s]!));
          }
          const total = cost + stops.stopWalkSeconds[s]! + stops.stopWalkSeconds[t]!;
          if (total <= MAX_TRANSFER_SECONDS) {
            targets.push(t);
            seconds.push(total);
          }
        }
      }
    }
  }
  offsets[count] = targets.length;
  return { offsets, targets: targets.view().slice(), seconds: seconds.view().slice() };
}

/** The services' calendars as arrays, their exceptions grouped by service and sorted by day, and the feed's date range. */
function serviceArrays(feed: GtfsFeed) {
  const { services } = feed;
  const count = services.ids.length;
  const exceptions = [...services.exceptions].sort((a, b) => a.service - b.service || a.day - b.day);
  const exceptionOffsets = new Uint32Array(count + 1);
  for (const exception of exceptions) exceptionOffsets[exception.service + 1]!++;
  for (let s = 0; s < count; s++) exceptionOffsets[s + 1]! += exceptionOffsets[s]!;
  let first = Infinity;
  let last = -Infinity;
  for (let s = 0; s < count; s++) {
    if (services.start[s]! < 0) continue;
    first = Math.min(first, services.start[s]!);
    last = Math.max(last, services.end[s]!);
  }
  for (const { day, type } of exceptions) {
    if (type !== 1) continue;
    first = Math.min(first, day);
    last = Math.max(last, day);
  }
  const date = (day: number) => (Number.isFinite(day) ? new Date(day * 86_400_000).toISOString().slice(0, 10) : '');
  return {
    start: Int32Array.from(services.start),
    end: Int32Array.from(services.end),
    weekdays: Uint8Array.from(services.weekdays),
    exceptionOffsets,
    exceptionDays: Int32Array.from(exceptions, (e) => e.day),
    exceptionTypes: Uint8Array.from(exceptions, (e) => e.type),
    firstDate: date(first),
    lastDate: date(last),
  };
}
