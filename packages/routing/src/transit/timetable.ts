import type { BBox } from '../graph/routing-graph.js';
import {
  checkSections, parseSectionedHeader, readIntoSharedBuffer, readSectionedHeader, sectionViews, writeSectionedFile,
  type FileKind, type Sectioned,
} from '../sectioned-file.js';

export const TIMETABLE_FORMAT_VERSION = 1;
export const TIMETABLE_EXTENSION = '.timetable';
const TIMETABLE_FILE: FileKind = { magic: 'CATTRANS', what: 'transit timetable' };

export interface TimetableHeader {
  version: number;
  /** The feed's file name, and when it was imported. */
  source: string;
  importedAt: string;
  /** The agencies' time zone (IANA): stop times are local times of it. */
  timezone: string;
  agencies: string[];
  /**
   * The walking network the stops are linked to: its region (graph file name) and the identity of
   * the graph file at import. Stops point at its segments, so a re-imported graph makes the
   * timetable stale (refused at load, with the command that imports the feed again).
   */
  region: string;
  graph: { source: string; importedAt: string; nodeCount: number; segmentCount: number };
  /** The stops' bounding box [west, south, east, north]. */
  bbox: BBox;
  /** First and last day with a service (YYYY-MM-DD). */
  firstDate: string;
  lastDate: string;
  stopCount: number;
  patternCount: number;
  tripCount: number;
  stopTimeCount: number;
  transferCount: number;
  serviceCount: number;
  /** Trips per GTFS route_type (basic 0–12 or extended 100–1702), for the import summary. */
  tripsByRouteType: Record<string, number>;
  /** Stops linked to no walkable road within the snapping distance (never boarded). */
  unlinkedStops: number;
  /** Foot transfers between stops, precomputed up to this many seconds of walking. */
  maxTransferSeconds: number;
  stopIds: string[];
  stopNames: string[];
}

/**
 * A timetable for earliest-arrival searches (RAPTOR), in flat typed arrays:
 *
 * - stops: position, where each is linked to the walking network (segment, fraction, and the
 *   seconds walked between the stop and that point), and the (pattern, position) pairs serving it;
 * - patterns: trips that call at the same stops in the same order and never overtake each other
 *   (so the first catchable trip is found by binary search), each trip's arrival and departure
 *   at every stop of its pattern in seconds after its service day's midnight (past 86 400 after
 *   midnight), trips sorted by departure;
 * - foot transfers between nearby stops (seconds of walking on the network);
 * - services: calendar (days since 1970-01-01, weekday mask, bit 0 Monday) and calendar_dates
 *   exceptions (1 added, 2 removed), sorted by day per service.
 */
export interface Timetable {
  header: TimetableHeader;
  stopLon: Float64Array;
  stopLat: Float64Array;
  /** −1 when the stop is not linked. */
  stopSegment: Int32Array;
  stopFraction: Float32Array;
  stopWalkSeconds: Float32Array;
  stopPatternOffsets: Uint32Array;
  stopPatterns: Uint32Array;
  stopPatternPositions: Uint32Array;
  patternStopOffsets: Uint32Array;
  patternStops: Uint32Array;
  patternTripOffsets: Uint32Array;
  /** Where the times of a pattern's first trip start; trip k of pattern p (global index t) at `patternTimeOffsets[p] + (t - patternTripOffsets[p]) * stops`. */
  patternTimeOffsets: Uint32Array;
  patternRouteTypes: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;
  tripServices: Uint32Array;
  transferOffsets: Uint32Array;
  transferTargets: Uint32Array;
  transferSeconds: Float32Array;
  serviceStart: Int32Array;
  serviceEnd: Int32Array;
  serviceWeekdays: Uint8Array;
  exceptionOffsets: Uint32Array;
  exceptionDays: Int32Array;
  exceptionTypes: Uint8Array;
}

const INT32 = ['stopSegment', 'patternRouteTypes', 'arrivals', 'departures', 'serviceStart', 'serviceEnd', 'exceptionDays'] as const;
const UINT32 = [
  'stopPatternOffsets', 'stopPatterns', 'stopPatternPositions', 'patternStopOffsets', 'patternStops', 'patternTripOffsets',
  'patternTimeOffsets', 'tripServices', 'transferOffsets', 'transferTargets', 'exceptionOffsets',
] as const;
const FLOAT32 = ['stopFraction', 'stopWalkSeconds', 'transferSeconds'] as const;
const FLOAT64 = ['stopLon', 'stopLat'] as const;
const UINT8 = ['serviceWeekdays', 'exceptionTypes'] as const;

function sectionsOf(timetable: Timetable): Sectioned {
  const sections: Sectioned = {};
  for (const name of FLOAT64) sections[name] = { kind: 'Float64', data: timetable[name] };
  for (const name of INT32) sections[name] = { kind: 'Int32', data: timetable[name] };
  for (const name of UINT32) sections[name] = { kind: 'Uint32', data: timetable[name] };
  for (const name of FLOAT32) sections[name] = { kind: 'Float32', data: timetable[name] };
  for (const name of UINT8) sections[name] = { kind: 'Uint8', data: timetable[name] };
  return sections;
}

/** Writes the timetable crash-safely (temporary file renamed over `path`); returns its size in bytes. */
export function writeTimetable(timetable: Timetable, path: string): number {
  return writeSectionedFile(TIMETABLE_FILE, path, timetable.header, sectionsOf(timetable));
}

export function loadTimetable(path: string): Timetable {
  return timetableFromBuffer(readIntoSharedBuffer(path), path);
}

/** Views over a loaded buffer (how worker threads attach to the shared timetable). */
export function timetableFromBuffer(buffer: SharedArrayBuffer | ArrayBuffer, name = 'timetable'): Timetable {
  const header = parseSectionedHeader<TimetableHeader>(TIMETABLE_FILE, new Uint8Array(buffer), name);
  checkVersion(header, name);
  checkSections(header.sections, buffer.byteLength, name);
  const view = sectionViews(TIMETABLE_FILE, buffer, header.sections);
  const { sections: _sections, ...timetableHeader } = header;
  const arrays = {} as Record<string, unknown>;
  for (const key of FLOAT64) arrays[key] = view(key, 'Float64');
  for (const key of INT32) arrays[key] = view(key, 'Int32');
  for (const key of UINT32) arrays[key] = view(key, 'Uint32');
  for (const key of FLOAT32) arrays[key] = view(key, 'Float32');
  for (const key of UINT8) arrays[key] = view(key, 'Uint8');
  return { header: timetableHeader, ...arrays } as Timetable;
}

/** The header alone, checked as loading would check it (format, every array inside the file). */
export function readTimetableHeader(path: string): TimetableHeader {
  const { header, size } = readSectionedHeader<TimetableHeader>(TIMETABLE_FILE, path);
  checkVersion(header, path);
  checkSections(header.sections, size, path);
  const { sections: _sections, ...timetableHeader } = header;
  return timetableHeader;
}

function checkVersion(header: TimetableHeader, name: string): void {
  if (header.version !== TIMETABLE_FORMAT_VERSION) {
    throw new Error(`${name} has timetable format ${header.version}, expected ${TIMETABLE_FORMAT_VERSION}: import the feed again`);
  }
}

/** The buffer a loaded timetable's views lie in (shared with the worker threads). */
export function timetableBuffer(timetable: Timetable): SharedArrayBuffer {
  const buffer = timetable.stopLon.buffer;
  if (!(buffer instanceof SharedArrayBuffer)) throw new Error('Timetables must be loaded into shared memory');
  return buffer;
}
