/**
 * A transit area's departure as the panel's date and time fields hold it ("2016-11-22", "08:00")
 * and as the API takes it: ISO 8601 with an offset ("2016-11-22T08:00:00+01:00"), so the server
 * reads the very instant the user chose. The fields are a wall clock in one named time zone, the
 * user's own unless told (the panel names it beside the fields): the offset is that zone's on that
 * day, not the zone's offset today nor the machine's, so 8:00 on a summer day stays 8:00 when the
 * area is edited in winter, and a saved departure shows as the same instant in the fields.
 */
export interface DepartureFields { date: string; time: string }

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's IANA time zone ("Europe/Paris"), as the browser knows it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface WallClock { year: number; month: number; day: number; hour: number; minute: number }

/** The wall clock of an instant in a zone. */
function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Minutes ahead of UTC in the zone at an instant (+60 for Paris in winter, −300 for New York). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const clock = wallClockAt(ms, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** "+01:00", "-05:00", "+05:30". */
export function offsetText(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** Now, to the minute, on the zone's clock. */
export function departureNow(now = new Date(), timeZone = userTimeZone()): DepartureFields {
  return departureFieldsAt(now.toISOString(), timeZone)!;
}

/** A saved departure (any ISO 8601 instant) as the fields show it on the zone's clock; null when it is no date. */
export function departureFieldsAt(iso: string, timeZone = userTimeZone()): DepartureFields | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const clock = wallClockAt(ms, timeZone);
  return { date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`, time: `${pad(clock.hour)}:${pad(clock.minute)}` };
}

/** The fields, read on the zone's clock, as ISO 8601 with that zone's offset then; null while they do not make a date and time. */
export function departureIso({ date, time }: DepartureFields, timeZone = userTimeZone()): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const check = new Date(asUtc);
  // 31 February or 25:00 roll over to another day or hour: not a date the user chose.
  if (check.getUTCDate() !== dayOfMonth || check.getUTCMonth() !== month - 1 || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute) return null;
  // The zone's offset at that wall clock: taken once at the guess, then again at the instant it
  // gives, which settles it across a change of the clocks.
  const offset = zoneOffsetMinutes(asUtc - zoneOffsetMinutes(asUtc, timeZone) * 60_000, timeZone);
  return `${date}T${time}:00${offsetText(offset)}`;
}
