import { describe, expect, it } from 'vitest';
import { NPS_COMMENT_MAX_LENGTH, npsAnswerBody, npsDue } from './nps.js';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('npsDue', () => {
  it('waits until the account is older than 21 days', () => {
    expect(npsDue(daysAgo(0), null, NOW)).toBe(false);
    expect(npsDue(daysAgo(21), null, NOW)).toBe(false);
    expect(npsDue(daysAgo(21.01), null, NOW)).toBe(true);
    expect(npsDue(daysAgo(400), null, NOW)).toBe(true);
  });

  it('asks again 90 days after the last answer or dismissal, not sooner', () => {
    expect(npsDue(daysAgo(400), daysAgo(0), NOW)).toBe(false);
    expect(npsDue(daysAgo(400), daysAgo(89.9), NOW)).toBe(false);
    expect(npsDue(daysAgo(400), daysAgo(90), NOW)).toBe(true);
  });
});

describe('npsAnswerBody', () => {
  it('takes a whole score from 0 to 10, or null for a dismissal, and an optional comment', () => {
    expect(npsAnswerBody.parse({ score: 0 })).toEqual({ score: 0 });
    expect(npsAnswerBody.parse({ score: 10, comment: ' Great ' })).toEqual({ score: 10, comment: 'Great' });
    expect(npsAnswerBody.parse({ score: null })).toEqual({ score: null });
  });

  it('refuses other scores and long comments', () => {
    for (const score of [-1, 11, 7.5, '7', undefined]) expect(npsAnswerBody.safeParse({ score }).success).toBe(false);
    expect(npsAnswerBody.safeParse({ score: 5, comment: 'x'.repeat(NPS_COMMENT_MAX_LENGTH + 1) }).success).toBe(false);
    expect(npsAnswerBody.safeParse({ score: 5, comment: 'x'.repeat(NPS_COMMENT_MAX_LENGTH) }).success).toBe(true);
  });
});
