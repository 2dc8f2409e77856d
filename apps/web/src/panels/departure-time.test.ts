import { describe, expect, it } from 'vitest';
import { departureIso, departureNow } from './departure-time.js';

describe('a transit departure', () => {
  it('is sent as the instant the user chose on their clock, with its offset', () => {
    const iso = departureIso({ date: '2016-11-22', time: '08:00' })!;
    expect(iso).toMatch(/^2016-11-22T08:00:00[+-]\d{2}:\d{2}$/);
    // The same instant as the browser's own reading of that local time.
    expect(Date.parse(iso)).toBe(new Date(2016, 10, 22, 8, 0).getTime());
  });

  it('is no date while a field is empty or impossible', () => {
    expect(departureIso({ date: '', time: '08:00' })).toBeNull();
    expect(departureIso({ date: '2016-11-22', time: '' })).toBeNull();
    expect(departureIso({ date: '2016-02-31', time: '08:00' })).toBeNull();
  });

  it('starts at now, to the minute', () => {
    expect(departureNow(new Date(2026, 0, 5, 7, 9, 42))).toEqual({ date: '2026-01-05', time: '07:09' });
  });
});
