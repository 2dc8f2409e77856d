import { describe, expect, it } from 'vitest';
import { departureFieldsAt, departureIso, departureNow, offsetText, userTimeZone, zoneOffsetMinutes } from './departure-time.js';

describe('a transit departure', () => {
  it('is sent as the instant the user chose on their clock, with its offset', () => {
    const iso = departureIso({ date: '2016-11-22', time: '08:00' })!;
    expect(iso).toMatch(/^2016-11-22T08:00:00[+-]\d{2}:\d{2}$/);
    // The same instant as the browser's own reading of that local time.
    expect(Date.parse(iso)).toBe(new Date(2016, 10, 22, 8, 0).getTime());
  });

  it('is read on the clock of the zone the panel names, whatever the machine\'s', () => {
    expect(departureIso({ date: '2016-11-22', time: '08:00' }, 'Europe/Berlin')).toBe('2016-11-22T08:00:00+01:00');
    expect(departureIso({ date: '2016-07-22', time: '08:00' }, 'Europe/Berlin')).toBe('2016-07-22T08:00:00+02:00');
    // A user in New York choosing 8:00 leaves at 8:00 in New York: 14:00 in Berlin.
    const newYork = departureIso({ date: '2016-11-22', time: '08:00' }, 'America/New_York')!;
    expect(newYork).toBe('2016-11-22T08:00:00-05:00');
    expect(departureFieldsAt(newYork, 'Europe/Berlin')).toEqual({ date: '2016-11-22', time: '14:00' });
    expect(departureIso({ date: '2016-11-22', time: '08:00' }, 'Asia/Kolkata')).toBe('2016-11-22T08:00:00+05:30');
  });

  it('takes the offset of the day chosen, on either side of a change of the clocks', () => {
    // Berlin went to summer time at 2:00 on 27 March 2016 and back at 3:00 on 30 October.
    expect(departureIso({ date: '2016-03-27', time: '01:30' }, 'Europe/Berlin')).toBe('2016-03-27T01:30:00+01:00');
    expect(departureIso({ date: '2016-03-27', time: '03:30' }, 'Europe/Berlin')).toBe('2016-03-27T03:30:00+02:00');
    expect(departureIso({ date: '2016-10-30', time: '04:00' }, 'Europe/Berlin')).toBe('2016-10-30T04:00:00+01:00');
    expect(departureIso({ date: '2016-10-29', time: '23:00' }, 'Europe/Berlin')).toBe('2016-10-29T23:00:00+02:00');
  });

  it('shows a saved departure as the same instant on the zone\'s clock', () => {
    expect(departureFieldsAt('2016-11-22T07:00:00.000Z', 'Europe/Berlin')).toEqual({ date: '2016-11-22', time: '08:00' });
    expect(departureFieldsAt('2016-11-22T02:00:00.000Z', 'America/New_York')).toEqual({ date: '2016-11-21', time: '21:00' });
    expect(departureFieldsAt('not a date', 'Europe/Berlin')).toBeNull();
    for (const fields of [{ date: '2016-11-22', time: '08:00' }, { date: '2016-07-01', time: '23:45' }]) {
      expect(departureFieldsAt(departureIso(fields, 'America/Los_Angeles')!, 'America/Los_Angeles')).toEqual(fields);
    }
  });

  it('says the zone\'s offset on that day', () => {
    expect(offsetText(zoneOffsetMinutes(Date.parse('2016-11-22T07:00:00Z'), 'Europe/Berlin'))).toBe('+01:00');
    expect(offsetText(zoneOffsetMinutes(Date.parse('2016-11-22T07:00:00Z'), 'America/New_York'))).toBe('-05:00');
    expect(offsetText(zoneOffsetMinutes(Date.parse('2016-11-22T07:00:00Z'), 'Asia/Kolkata'))).toBe('+05:30');
  });

  it('is no date while a field is empty or impossible', () => {
    expect(departureIso({ date: '', time: '08:00' })).toBeNull();
    expect(departureIso({ date: '2016-11-22', time: '' })).toBeNull();
    expect(departureIso({ date: '2016-02-31', time: '08:00' })).toBeNull();
    expect(departureIso({ date: '2016-11-22', time: '25:00' })).toBeNull();
  });

  it('starts at now, to the minute, on the zone\'s clock', () => {
    expect(departureNow(new Date(Date.UTC(2026, 0, 5, 6, 9, 42)), 'Europe/Paris')).toEqual({ date: '2026-01-05', time: '07:09' });
    expect(departureNow(new Date(2026, 0, 5, 7, 9, 42), userTimeZone())).toEqual({ date: '2026-01-05', time: '07:09' });
  });
});
