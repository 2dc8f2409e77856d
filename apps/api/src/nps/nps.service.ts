/** The NPS survey (SPEC §9): whether an account is asked now, and its answer or dismissal stored once per period. */
import { DomainError, npsDue, type NpsAnswerBody, type NpsStatus } from '@catchment/domain';
import type { NpsHistory, NpsRepository } from './nps.repository.js';

const dueNow = (history: NpsHistory | undefined) => history !== undefined && npsDue(history.accountCreatedAt, history.lastAnswerAt, new Date());

export class NpsService {
  constructor(private readonly answers: NpsRepository) {}

  async status(clientId: number): Promise<NpsStatus> {
    return { due: dueNow(await this.answers.history(clientId)) };
  }

  /** Stores the answer (a null score: dismissed) if the survey is due; NPS_NOT_DUE otherwise, as for a second tab's answer. */
  async answer(clientId: number, body: NpsAnswerBody): Promise<void> {
    await this.answers.withAccountLocked(clientId, async (tx) => {
      if (!dueNow(await tx.history(clientId))) throw new DomainError('npsNotDue');
      await tx.insert(clientId, body.score, body.comment || null);
    });
  }
}
