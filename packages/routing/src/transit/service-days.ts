import type { Timetable } from './timetable.js';

export const SECONDS_PER_DAY = 86_400;

/** Monday 0 … Sunday 6 of a day counted from 1970-01-01 (a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * Whether a service runs on a day: a calendar_dates exception decides (1 added, 2 removed),
 * else the calendar's date range and weekday.
 */
export function serviceRunsOn(timetable: Timetable, service: number, day: number): boolean {
  for (let k = timetable.exceptionOffsets[service]!, end = timetable.exceptionOffsets[service + 1]!; k < end; k++) {
    if (timetable.exceptionDays[k] === day) return timetable.exceptionTypes[k] === 1;
  }
  const start = timetable.serviceStart[service]!;
  if (start < 0 || day < start || day > timetable.serviceEnd[service]!) return false;
  return (timetable.serviceWeekdays[service]! & (1 << weekdayOf(day))) !== 0;
}

/** One flag per service: runs on `day`. */
export function activeServices(timetable: Timetable, day: number): Uint8Array {
  const flags = new Uint8Array(timetable.serviceStart.length);
  for (let s = 0; s < flags.length; s++) flags[s] = serviceRunsOn(timetable, s, day) ? 1 : 0;
  return flags;
}

/**
 * An instant as the feed reads time: the local date in the feed's time zone (days since
 * 1970-01-01) and the seconds since that date's midnight. GTFS counts stop times from "noon
 * minus 12 h", which is midnight except on the two days a year the clocks change: a trip in the
 * night of a change is off by that hour.
 */
export function localServiceTime(instantMs: number, timezone: string): { day: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const day = Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
  return { day, seconds: part('hour') * 3600 + part('minute') * 60 + part('second') };
}
