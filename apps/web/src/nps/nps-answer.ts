/** The survey card's choices as the body of POST /Clients/{id}/nps. */
import { NPS_SCORE_MAX, type NpsAnswerBody } from '@catchment/domain';

/** The scores offered, 0 to 10, in the order they are shown. */
export const NPS_SCORES: readonly number[] = Array.from({ length: NPS_SCORE_MAX + 1 }, (_, score) => score);

/** A score (null: dismissed) and the comment typed, left out when it holds only spaces. */
export function npsAnswer(score: number | null, comment: string): NpsAnswerBody {
  const text = comment.trim();
  return text === '' ? { score } : { score, comment: text };
}
