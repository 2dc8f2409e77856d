/**
 * The NPS survey (SPEC §9): "How likely are you to recommend Catchment…", 0 to 10, asked of users
 * whose account is older than NPS_MIN_ACCOUNT_AGE_DAYS, once per NPS_PERIOD_DAYS. An answer and a
 * dismissal ("Not now") both count as the period's one showing. Shared by the API, which decides
 * and stores, and the web app, which asks.
 */
import { z } from 'zod';

/** A user is asked only once they have had three weeks to form an opinion (SPEC §9: older than 21 days). */
export const NPS_MIN_ACCOUNT_AGE_DAYS = 21;
/**
 * After an answer or a dismissal the survey stays away this long: at most one survey a quarter, so
 * that it measures how opinions move without nagging the users it measures.
 */
export const NPS_PERIOD_DAYS = 90;
export const NPS_SCORE_MAX = 10;
export const NPS_COMMENT_MAX_LENGTH = 1000;

const DAY_MS = 86_400_000;

/**
 * Whether the survey is due for an account created at `accountCreatedAt` whose last answer or
 * dismissal (null: none) was at `lastAnswerAt`.
 */
export function npsDue(accountCreatedAt: Date, lastAnswerAt: Date | null, now: Date): boolean {
  const olderThanMinimum = now.getTime() - accountCreatedAt.getTime() > NPS_MIN_ACCOUNT_AGE_DAYS * DAY_MS;
  const periodOver = lastAnswerAt === null || now.getTime() - lastAnswerAt.getTime() >= NPS_PERIOD_DAYS * DAY_MS;
  return olderThanMinimum && periodOver;
}

/** POST /Clients/{id}/nps: a score, or null when the user dismissed the survey ("Not now"); an optional comment. */
export const npsAnswerBody = z.object({
  score: z.number({ error: 'validation.npsScore' }).int({ error: 'validation.npsScore' })
    .min(0, { error: 'validation.npsScore' }).max(NPS_SCORE_MAX, { error: 'validation.npsScore' }).nullable(),
  comment: z.string().trim().max(NPS_COMMENT_MAX_LENGTH, { error: 'validation.tooLong' }).optional(),
});
export type NpsAnswerBody = z.infer<typeof npsAnswerBody>;

/** GET /Clients/{id}/nps. */
export interface NpsStatus { due: boolean }
