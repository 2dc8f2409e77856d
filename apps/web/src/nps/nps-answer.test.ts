import { describe, expect, it } from 'vitest';
import { npsAnswerBody } from '@catchment/domain';
import { NPS_SCORES, npsAnswer } from './nps-answer.js';

describe('npsAnswer', () => {
  it('offers every score from 0 to 10', () => {
    expect(NPS_SCORES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('sends the comment trimmed, or none when blank, in a body the API accepts', () => {
    expect(npsAnswer(9, '  Fast maps \n')).toEqual({ score: 9, comment: 'Fast maps' });
    expect(npsAnswer(0, '   ')).toEqual({ score: 0 });
    expect(npsAnswer(null, '')).toEqual({ score: null });
    for (const body of [npsAnswer(9, 'Fast'), npsAnswer(null, '')]) expect(npsAnswerBody.safeParse(body).success).toBe(true);
  });
});
