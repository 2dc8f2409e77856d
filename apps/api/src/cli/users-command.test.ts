import { describe, expect, it } from 'vitest';
import { planEndDate } from './users-command.js';

const today = new Date('2026-11-23T10:00:00Z');

describe('the end date of a plan set from the command line', () => {
  it('is one year ahead by default, and none for the free plan or with --until never', () => {
    expect(planEndDate('pro_2020', undefined, today)?.toISOString()).toBe('2027-11-23T10:00:00.000Z');
    expect(planEndDate('default', '2030-01-01', today)).toBeNull();
    expect(planEndDate('essential_2019', 'never', today)).toBeNull();
  });

  it('lasts through the day --until names', () => {
    expect(planEndDate('advanced_2024', '2027-03-31', today)?.toISOString()).toBe('2027-03-31T23:59:59.999Z');
  });

  it('refuses a malformed or past date rather than setting a plan that is over at once', () => {
    expect(() => planEndDate('pro_2020', '31/03/2027', today)).toThrow(/YYYY-MM-DD/);
    expect(() => planEndDate('pro_2020', '2027-02-30', today)).not.toThrow();
    expect(() => planEndDate('pro_2020', '2026-11-22', today)).toThrow(/already past/);
  });
});
