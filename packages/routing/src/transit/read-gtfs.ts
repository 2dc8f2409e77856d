import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Growable } from '../graph/growable.js';
import { readCsv } from './gtfs-csv.js';
import { zipEntries } from './zip-entries.js';

/**
 * A GTFS feed as read, before it becomes a timetable: stops, trips with their service and route
 * type, stop times in flat typed arrays (one row per stop time, in file order), the services'
 * calendars and exceptions, and frequencies. Only what earliest-arrival searches need is kept
 * (no shapes, fares or names of trips).
 */
export interface GtfsFeed {
  timezone: string;
  agencies: string[];
  stops: { ids: string[]; names: string[]; lon: Float64Array; lat: Float64Array };
  /** route_type of each route, by route index; routeIds[index] is its route_id. */
  routeIds: string[];
  routeTypes: number[];
  trips: { ids: string[]; route: Uint32Array; service: Uint32Array };
  /** One row per stop time: its trip, stop, stop_sequence and times (seconds after the service day's midnight, -1 when empty). */
  stopTimes: { trip: Uint32Array; stop: Uint32Array; sequence: Uint32Array; arrival: Int32Array; departure: Int32Array };
  services: {
    ids: string[];
    /** Days since 1970-01-01 (−1 / −1 for a service defined by calendar_dates only). */
    start: Int32Array;
    end: Int32Array;
    /** Bit 0 Monday … bit 6 Sunday. */
    weekdays: Uint8Array;
    /** calendar_dates rows: service index, day, 1 added / 2 removed. */
    exceptions: Array<{ service: number; day: number; type: 1 | 2 }>;
  };
  /** frequencies.txt: each trip_id's periods; the trip's own times are its pattern, shifted for every departure. */
  frequencies: Array<{ trip: number; start: number; end: number; headway: number }>;
}

export interface GtfsReadProgress {
  /** The file being read. */
  file: string;
  /** 0..1 of the feed's bytes read so far. */
  fraction: number;
}

/** The files of a feed: a .zip, or a folder of .txt files (an unzipped feed). */
interface FeedSource {
  has(name: string): boolean;
  size(name: string): number;
  open(name: string): Readable;
}

function feedSource(path: string): FeedSource {
  if (statSync(path).isDirectory()) {
    return {
      has: (name) => existsSync(join(path, name)),
      size: (name) => statSync(join(path, name)).size,
      open: (name) => createReadStream(join(path, name)),
    };
  }
  // Some feeds are zipped with a top folder: files are found by their base name.
  const entries = new Map(zipEntries(path).map((entry) => [entry.name.split('/').at(-1)!, entry]));
  return {
    has: (name) => entries.has(name),
    size: (name) => entries.get(name)?.size ?? 0,
    open: (name) => entries.get(name)!.open(),
  };
}

const FILES = ['agency.txt', 'stops.txt', 'routes.txt', 'calendar.txt', 'calendar_dates.txt', 'trips.txt', 'frequencies.txt', 'stop_times.txt'];
const REQUIRED = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];

/** "25:10:00" → 90600: times past midnight of the service day run on past 24:00. Empty → −1. */
export function parseGtfsTime(text: string): number {
  const value = text.trim();
  if (value === '') return -1;
  const match = /^(\d{1,3}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`"${text}" is not a GTFS time (HH:MM:SS)`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** "20161122" → days since 1970-01-01. */
export function parseGtfsDate(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a GTFS date (YYYYMMDD)`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

export async function readGtfs(path: string, onProgress?: (progress: GtfsReadProgress) => void): Promise<GtfsFeed> {
  const source = feedSource(path);
  for (const name of REQUIRED) if (!source.has(name)) throw new Error(`${path} is not a GTFS feed: ${name} is missing`);
  if (!source.has('calendar.txt') && !source.has('calendar_dates.txt')) throw new Error(`${path} has neither calendar.txt nor calendar_dates.txt`);
  const total = FILES.reduce((sum, name) => sum + (source.has(name) ? source.size(name) : 0), 0) || 1;
  let before = 0;

  /** Reads one file, handing each row's fields by column name; progress by bytes of the uncompressed file. */
  const read = async (name: string, required: readonly string[], onRow: (get: (column: string) => string) => void) => {
    if (!source.has(name)) return;
    const stream = source.open(name);
    let bytes = 0;
    let rows = 0;
    const index = new Map<string, number>();
    let fields: string[] = [];
    const get = (column: string) => {
      const i = index.get(column);
      return i === undefined ? '' : (fields[i] ?? '').trim();
    };
    await readCsv(stream, (header) => {
      header.forEach((column, i) => index.set(column, i));
      const missing = required.filter((column) => !index.has(column));
      if (missing.length > 0) throw new Error(`${name} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    }, (row) => {
      fields = row;
      onRow(get);
      if (++rows % 50_000 === 0) onProgress?.({ file: name, fraction: Math.min(1, (before + bytes) / total) });
    }, (characters) => { bytes += characters; });
    before += source.size(name);
    onProgress?.({ file: name, fraction: Math.min(1, before / total) });
  };

  const agencies: string[] = [];
  let timezone = '';
  await read('agency.txt', ['agency_name', 'agency_timezone'], (get) => {
    agencies.push(get('agency_name'));
    // GTFS requires every agency of a feed to share one time zone.
    if (!timezone) timezone = get('agency_timezone');
  });
  if (!timezone) throw new Error('agency.txt gives no agency_timezone');

  const stopIndex = new Map<string, number>();
  const stopIds: string[] = [];
  const stopNames: string[] = [];
  const stopLon = new Growable(Float64Array);
  const stopLat = new Growable(Float64Array);
  await read('stops.txt', ['stop_id'], (get) => {
    // Stations, entrances and nodes are not boarded: only stops and platforms (location_type 0 or empty).
    const type = get('location_type');
    if (type !== '' && type !== '0') return;
    const lon = Number(get('stop_lon'));
    const lat = Number(get('stop_lat'));
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || get('stop_lon') === '' || get('stop_lat') === '') return;
    stopIndex.set(get('stop_id'), stopIds.length);
    stopIds.push(get('stop_id'));
    stopNames.push(get('stop_name'));
    stopLon.push(lon);
    stopLat.push(lat);
  });

  const routeIndex = new Map<string, number>();
  const routeIds: string[] = [];
  const routeTypes: number[] = [];
  await read('routes.txt', ['route_id', 'route_type'], (get) => {
    routeIndex.set(get('route_id'), routeIds.length);
    routeIds.push(get('route_id'));
    routeTypes.push(Number(get('route_type')));
  });

  const serviceIndex = new Map<string, number>();
  const serviceIds: string[] = [];
  const serviceStart: number[] = [];
  const serviceEnd: number[] = [];
  const serviceWeekdays: number[] = [];
  const service = (id: string) => {
    let index = serviceIndex.get(id);
    if (index === undefined) {
      index = serviceIds.length;
      serviceIndex.set(id, index);
      serviceIds.push(id);
      serviceStart.push(-1);
      serviceEnd.push(-1);
      serviceWeekdays.push(0);
    }
    return index;
  };
  const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  await read('calendar.txt', ['service_id', 'start_date', 'end_date', ...DAYS], (get) => {
    const index = service(get('service_id'));
    serviceStart[index] = parseGtfsDate(get('start_date'));
    serviceEnd[index] = parseGtfsDate(get('end_date'));
    serviceWeekdays[index] = DAYS.reduce((mask, day, bit) => mask | (get(day) === '1' ? 1 << bit : 0), 0);
  });
  const exceptions: GtfsFeed['services']['exceptions'] = [];
  await read('calendar_dates.txt', ['service_id', 'date', 'exception_type'], (get) => {
    const type = Number(get('exception_type'));
    if (type !== 1 && type !== 2) return;
    exceptions.push({ service: service(get('service_id')), day: parseGtfsDate(get('date')), type });
  });

  const tripIndex = new Map<string, number>();
  const tripIds: string[] = [];
  const tripRoute = new Growable(Uint32Array);
  const tripService = new Growable(Uint32Array);
  let unknownRoutes = 0;
  await read('trips.txt', ['route_id', 'service_id', 'trip_id'], (get) => {
    const route = routeIndex.get(get('route_id'));
    if (route === undefined) {
      unknownRoutes++;
      return;
    }
    tripIndex.set(get('trip_id'), tripIds.length);
    tripIds.push(get('trip_id'));
    tripRoute.push(route);
    tripService.push(service(get('service_id')));
  });
  if (unknownRoutes > 0 && tripIds.length === 0) throw new Error('No trip of trips.txt names a route of routes.txt');

  const frequencies: GtfsFeed['frequencies'] = [];
  await read('frequencies.txt', ['trip_id', 'start_time', 'end_time', 'headway_secs'], (get) => {
    const trip = tripIndex.get(get('trip_id'));
    const headway = Number(get('headway_secs'));
    if (trip === undefined || !(headway > 0)) return;
    frequencies.push({ trip, start: parseGtfsTime(get('start_time')), end: parseGtfsTime(get('end_time')), headway });
  });

  const stTrip = new Growable(Uint32Array, 1 << 16);
  const stStop = new Growable(Uint32Array, 1 << 16);
  const stSequence = new Growable(Uint32Array, 1 << 16);
  const stArrival = new Growable(Int32Array, 1 << 16);
  const stDeparture = new Growable(Int32Array, 1 << 16);
  await read('stop_times.txt', ['trip_id', 'stop_id', 'stop_sequence', 'arrival_time', 'departure_time'], (get) => {
    const trip = tripIndex.get(get('trip_id'));
    const stop = stopIndex.get(get('stop_id'));
    if (trip === undefined || stop === undefined) return;
    const arrival = parseGtfsTime(get('arrival_time'));
    const departure = parseGtfsTime(get('departure_time'));
    stTrip.push(trip);
    stStop.push(stop);
    stSequence.push(Number(get('stop_sequence')));
    // One of the two given stands for both.
    stArrival.push(arrival >= 0 ? arrival : departure);
    stDeparture.push(departure >= 0 ? departure : arrival);
  });

  return {
    timezone,
    agencies,
    stops: { ids: stopIds, names: stopNames, lon: stopLon.view(), lat: stopLat.view() },
    routeIds,
    routeTypes,
    trips: { ids: tripIds, route: tripRoute.view(), service: tripService.view() },
    stopTimes: { trip: stTrip.view(), stop: stStop.view(), sequence: stSequence.view(), arrival: stArrival.view(), departure: stDeparture.view() },
    services: {
      ids: serviceIds, start: Int32Array.from(serviceStart), end: Int32Array.from(serviceEnd), weekdays: Uint8Array.from(serviceWeekdays), exceptions,
    },
    frequencies,
  };
}
