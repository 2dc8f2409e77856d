/**
 * A transit area's departure as the panel's date and time fields hold it ("2016-11-22", "08:00",
 * the user's own clock) and as the API takes it: ISO 8601 with the offset of that clock on that
 * day ("2016-11-22T08:00:00+01:00"), so the server reads the very instant the user chose.
 */
export interface DepartureFields { date: string; time: string }

const pad = (n: number) => String(n).padStart(2, '0');

/** Now, to the minute, in the user's clock. */
export function departureNow(now = new Date()): DepartureFields {
  return { date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`, time: `${pad(now.getHours())}:${pad(now.getMinutes())}` };
}

/** The fields as ISO 8601 with the local offset, or null while they do not make a date and time. */
export function departureIso({ date, time }: DepartureFields): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const local = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(clock[1]), Number(clock[2]));
  if (Number.isNaN(local.getTime()) || local.getDate() !== Number(match[3])) return null;
  // getTimezoneOffset is minutes behind UTC: −60 for UTC+01:00.
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${date}T${time}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
