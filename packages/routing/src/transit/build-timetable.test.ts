/**
 * A hand-made feed over Monaco's streets: what the import makes of frequencies, stops without
 * times, overtaking trips, calendar exceptions and times past midnight, and how a search reads them.
 */
import { copyFileSync, mkdtempSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importedGraph } from '../test-support/fixtures.js';
import { importGtfs } from '../import/import-gtfs.js';
import { parseGtfsDate } from './read-gtfs.js';
import { RaptorWorkspace } from './raptor.js';
import { localServiceTime, serviceRunsOn } from './service-days.js';
import { loadTimetable, readTimetableHeader, type Timetable } from './timetable.js';

const FEED = {
  'agency.txt': '\uFEFFagency_id,agency_name,agency_timezone\r\nCAM,"Compagnie des Autobus de Monaco, CAM",Europe/Monaco\r\n',
  'stops.txt': [
    'stop_id,stop_name,stop_lat,stop_lon,location_type',
    'STATION,Port station,43.7371,7.4209,1',
    'A,Port,43.7371,7.4209,0',
    'B,"Casino ""Monte-Carlo""",43.7395,7.4275,',
    'C,Fontvieille,43.7310,7.4165,0',
    'D,Condamine,43.7330,7.4190,0',
  ].join('\n'),
  'routes.txt': 'route_id,route_type\nR1,3\nR2,700\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWEEK,1,1,1,1,1,0,0,20240101,20241231\n',
  'calendar_dates.txt': 'service_id,date,exception_type\nWEEK,20240501,2\nSPECIAL,20240505,1\n',
  'trips.txt': 'route_id,service_id,trip_id\nR1,WEEK,T1\nR1,WEEK,T2\nR1,WEEK,NIGHT\nR1,SPECIAL,SUNDAY\nR1,WEEK,UNTIMED\nR2,WEEK,SHUTTLE\n',
  'frequencies.txt': 'trip_id,start_time,end_time,headway_secs\nSHUTTLE,07:00:00,08:00:00,1200\n',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    // Given out of order: the import sorts by stop_sequence.
    'T1,08:20:00,08:20:00,C,3', 'T1,08:00:00,08:00:00,A,1', 'T1,08:10:00,08:10:00,B,2',
    // Leaves after T1 and overtakes it: a pattern of its own.
    'T2,08:02:00,08:02:00,A,1', 'T2,08:06:00,08:06:00,B,2', 'T2,08:12:00,08:12:00,C,3',
    'NIGHT,24:30:00,24:30:00,A,1', 'NIGHT,24:40:00,24:40:00,B,2', 'NIGHT,24:50:00,24:50:00,C,3',
    'SUNDAY,10:00:00,10:00:00,A,1', 'SUNDAY,10:10:00,10:10:00,B,2', 'SUNDAY,10:20:00,10:20:00,C,3',
    // B has no time: half-way between A and C.
    'UNTIMED,09:00:00,09:00:00,A,1', 'UNTIMED,,,B,2', 'UNTIMED,09:30:00,09:30:00,C,3',
    'SHUTTLE,00:00:00,00:00:00,A,1', 'SHUTTLE,00:05:00,00:05:00,D,2',
  ].join('\n'),
};

let timetable: Timetable;
let path: string;
const stop = (id: string) => timetable.header.stopIds.indexOf(id);

beforeAll(async () => {
  const feedDir = mkdtempSync(join(tmpdir(), 'gtfs-feed-'));
  for (const [name, text] of Object.entries(FEED)) writeFileSync(join(feedDir, name), text);
  const { path: graphPath } = await importedGraph('monaco');
  const outputDir = mkdtempSync(join(tmpdir(), 'timetables-'));
  const summary = await importGtfs(feedDir, { graphDirs: [join(graphPath, '..')], outputDir });
  path = summary.outputPath;
  timetable = loadTimetable(path);
});

/** Earliest arrivals (minutes) at the stops `ids` from stop A alone (no walk), leaving at an instant, within `budget` seconds. */
function fromA(instant: string, budget = 3600, ids = ['B', 'C']): Record<string, number> {
  const { day, seconds } = localServiceTime(Date.parse(instant), timetable.header.timezone);
  const labels = new RaptorWorkspace(timetable).search({ day, departure: seconds, limit: seconds + budget, accessStops: [stop('A')], accessSeconds: [0] });
  const result: Record<string, number> = {};
  for (const id of ids) if (labels[stop(id)]! !== Infinity) result[id] = (labels[stop(id)]! - seconds) / 60;
  return result;
}

describe('a GTFS feed imported into a timetable', () => {
  it('keeps stops (not stations), links them to the walking network, and counts trips with each frequency departure', () => {
    const { header } = timetable;
    expect(header.stopIds).toEqual(['A', 'B', 'C', 'D']);
    expect(header.stopNames[1]).toBe('Casino "Monte-Carlo"');
    expect(header.agencies).toEqual(['Compagnie des Autobus de Monaco, CAM']);
    expect(header.timezone).toBe('Europe/Monaco');
    expect(header.region).toBe('monaco');
    expect(Array.from(timetable.stopSegment).every((segment) => segment >= 0)).toBe(true);
    // 5 timed trips, and 3 shuttle departures (07:00, 07:20, 07:40).
    expect(header.tripCount).toBe(8);
    expect(header.tripsByRouteType).toEqual({ 3: 5, 700: 3 });
    // A→B→C twice (T2 overtakes T1), A→D once.
    expect(header.patternCount).toBe(3);
    expect(header.firstDate).toBe('2024-01-01');
    expect(header.lastDate).toBe('2024-12-31');
    // Port and Condamine lie a few hundred metres apart: a foot transfer each way.
    expect(header.transferCount).toBeGreaterThan(0);
  });

  it('runs services by weekday, date range and calendar_dates exceptions', () => {
    // Services in the order the feed names them: WEEK (calendar.txt), then SPECIAL (calendar_dates.txt alone).
    const [week, special] = [0, 1];
    expect(serviceRunsOn(timetable, week, parseGtfsDate('20240502'))).toBe(true); // Thursday
    expect(serviceRunsOn(timetable, week, parseGtfsDate('20240501'))).toBe(false); // removed
    expect(serviceRunsOn(timetable, week, parseGtfsDate('20240504'))).toBe(false); // Saturday
    expect(serviceRunsOn(timetable, week, parseGtfsDate('20250102'))).toBe(false); // after the range
    expect(serviceRunsOn(timetable, special, parseGtfsDate('20240505'))).toBe(true);
    expect(serviceRunsOn(timetable, special, parseGtfsDate('20240512'))).toBe(false);
  });

  it('reads the departure in the feed\'s time zone', () => {
    expect(localServiceTime(Date.parse('2024-05-02T06:25:00Z'), 'Europe/Monaco')).toEqual({ day: parseGtfsDate('20240502'), seconds: 8 * 3600 + 25 * 60 });
    expect(localServiceTime(Date.parse('2024-05-02T23:10:00+02:00'), 'Europe/Monaco').seconds).toBe(23 * 3600 + 600);
  });

  it('boards the first trip running that day, the overtaking one included', () => {
    // T2 leaves at 08:02 and reaches B at 08:06, C at 08:12 (before T1, which left at 08:00).
    expect(fromA('2024-05-02T07:59:00+02:00')).toEqual({ B: 7, C: 13 });
    // Stop B without a time: half-way (09:15).
    expect(fromA('2024-05-02T08:50:00+02:00', 1800)).toEqual({ B: 25 });
    // The shuttle (frequencies): 07:20 departure, D 5 minutes later.
    expect(fromA('2024-05-02T07:10:00+02:00', 900, ['B', 'C', 'D'])).toEqual({ D: 15 });
    // Off the shuttle's hours, D on foot from C after riding there (a foot transfer, a few minutes).
    const { C, D } = fromA('2024-05-02T07:59:00+02:00', 3600, ['C', 'D']);
    expect(D! - C!).toBeGreaterThan(2);
    expect(D! - C!).toBeLessThanOrEqual(7);
    // Nothing runs on 1 May (removed) but the night trip of 30 April, past midnight.
    expect(fromA('2024-05-01T07:59:00+02:00')).toEqual({});
    // The Sunday-only trip.
    expect(fromA('2024-05-05T09:55:00+02:00')).toEqual({ B: 15, C: 25 });
  });

  it('runs trips past 24:00 on the next morning, from the previous day\'s service', () => {
    // Friday 00:25: Thursday's 24:30 trip leaves at 00:30.
    expect(fromA('2024-05-03T00:25:00+02:00')).toEqual({ B: 15, C: 25 });
    // Thursday 23:50: the same day's 24:30 trip, 40 minutes later.
    expect(fromA('2024-05-02T23:50:00+02:00')).toEqual({ B: 50, C: 60 });
    // Saturday 00:25: Friday's night trip; Sunday 00:25: none (no service on Saturday).
    expect(fromA('2024-05-04T00:25:00+02:00')).toEqual({ B: 15, C: 25 });
    expect(fromA('2024-05-05T00:25:00+02:00')).toEqual({});
  });

  it('refuses a truncated copy by name, and reads the header alone', () => {
    expect(readTimetableHeader(path).tripCount).toBe(8);
    const copy = join(mkdtempSync(join(tmpdir(), 'timetables-')), 'copy.timetable');
    copyFileSync(path, copy);
    truncateSync(copy, Math.floor(statSync(path).size / 2));
    expect(() => loadTimetable(copy)).toThrow(/copy\.timetable is truncated: its \w+ array ends at byte \d+/);
  });
});
