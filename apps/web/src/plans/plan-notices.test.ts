import { describe, expect, it } from 'vitest';
import { noticeSeen, withNoticeSeen, type NoticesSeen } from './plan-notices.js';

const ada = { id: 7, date: '2026-03-01T10:00:00.000Z' };
const grace = { id: 8, date: '2020-01-01T00:00:00.000Z' };

describe('notices shown once', () => {
  it('are seen by the user they were shown to, and only once each', () => {
    const seen = withNoticeSeen({}, 'firstArea', ada, Date.parse('2026-03-02T00:00:00Z'));
    expect(noticeSeen(seen, 'firstArea', ada)).toBe(true);
    expect(noticeSeen(seen, 'firstArea', grace)).toBe(false);
    expect(noticeSeen(seen, 'firstSearch', ada)).toBe(false);
    expect(noticeSeen(seen, 'firstArea', null)).toBe(false);
    expect(withNoticeSeen(seen, 'firstArea', ada, 0).firstArea?.users).toEqual([7]);
  });

  it('count for the visitor, and for the account the visitor then created in this browser', () => {
    const seen: NoticesSeen = withNoticeSeen({}, 'firstArea', null, Date.parse('2026-03-01T09:59:00Z'));
    expect(noticeSeen(seen, 'firstArea', null)).toBe(true);
    // Signed up a minute later: the same person.
    expect(noticeSeen(seen, 'firstArea', ada)).toBe(true);
    // An older account logging in on this browser has not seen it.
    expect(noticeSeen(seen, 'firstArea', grace)).toBe(false);
  });
});
