/** SQL of the NPS survey's answers (nps_answers, migration 029). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the survey's rule reads of an account (packages/domain nps/nps.ts npsDue). */
export interface NpsHistory { accountCreatedAt: Date; lastAnswerAt: Date | null }

export class NpsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` with the account's answers locked against its other requests (its client row, FOR
   * UPDATE, as the images' uploads do): two tabs answering at once are taken one after the other,
   * so the second reads the first's answer and is refused.
   */
  withAccountLocked<T>(clientId: number, work: (tx: NpsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
      return work(new NpsRepository(tx as Transaction<Database>));
    });
  }

  /** The account's creation and its latest answer or dismissal; undefined for an account that is gone. */
  async history(clientId: number): Promise<NpsHistory | undefined> {
    const row = await this.db.selectFrom('clients')
      .select((eb) => [
        'clients.created_at',
        eb.selectFrom('nps_answers').select((answers) => answers.fn.max('answered_at').as('last'))
          .whereRef('nps_answers.client_id', '=', 'clients.id').as('last_answer_at'),
      ])
      .where('clients.id', '=', clientId)
      .executeTakeFirst();
    return row && { accountCreatedAt: row.created_at, lastAnswerAt: row.last_answer_at ? new Date(row.last_answer_at) : null };
  }

  async insert(clientId: number, score: number | null, comment: string | null): Promise<void> {
    await this.db.insertInto('nps_answers').values({ client_id: clientId, score, comment }).execute();
  }
}
