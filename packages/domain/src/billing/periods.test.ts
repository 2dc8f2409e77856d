import { describe, expect, it } from 'vitest';
import { addBillingPeriod, prorate } from './periods.js';

const at = (iso: string) => new Date(iso);

describe('addBillingPeriod', () => {
  it('adds a calendar month or year at the same time of day', () => {
    expect(addBillingPeriod(at('2025-03-15T10:20:30.400Z'), 'monthly').toISOString()).toBe('2025-04-15T10:20:30.400Z');
    expect(addBillingPeriod(at('2025-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(addBillingPeriod(at('2025-03-15T00:00:00Z'), 'yearly').toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(addBillingPeriod(at('2025-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2025-02-28T08:00:00.000Z');
    expect(addBillingPeriod(at('2024-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(addBillingPeriod(at('2024-02-29T08:00:00Z'), 'yearly').toISOString()).toBe('2025-02-28T08:00:00.000Z');
  });
});

describe('prorate', () => {
  const period = { start: at('2025-04-01T00:00:00Z'), end: at('2025-05-01T00:00:00Z') };

  it('gives the share of the time left, to the nearest cent', () => {
    expect(prorate(3_000, period, at('2025-04-16T00:00:00Z'))).toBe(1_500);
    expect(prorate(1_000, period, at('2025-04-21T00:00:00Z'))).toBe(333);
    expect(prorate(-1_000, period, at('2025-04-21T00:00:00Z'))).toBe(-333);
  });

  it('is the whole amount before the period and nothing after it', () => {
    expect(prorate(3_000, period, at('2025-03-01T00:00:00Z'))).toBe(3_000);
    expect(prorate(3_000, period, at('2025-05-02T00:00:00Z'))).toBe(0);
  });

  it('stays exact for amounts whose product with the milliseconds passes 2^53', () => {
    const year = { start: at('2025-01-01T00:00:00Z'), end: at('2026-01-01T00:00:00Z') };
    expect(prorate(99_999_999, year, at('2025-07-02T12:00:00Z'))).toBe(50_000_000);
  });
});
