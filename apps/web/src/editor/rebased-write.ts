/**
 * One write of a versioned list of a map (its business searches, its datasets), reconciled as the
 * map's areas are (conflict-rebase.ts): the user's change is put on top of the list as shown now
 * (rebaseChanges with the list's rules) and sent with its version; a write refused because the
 * list changed elsewhere meanwhile (409) reads the list again, puts the change on top of it and
 * sends it again with the fresh version. A change to something the other user deleted is dropped
 * ('lost': the caller tells the user); one the list already holds needs no save ('done'). After a
 * few refusals in a row the last 409 is thrown.
 */
import { rebaseChanges, type RebaseOutcome } from './conflict-rebase.js';

export interface RebasedWrite<List extends { version: number }, Change, Result> {
  change: Change;
  /** The list as shown now (its version goes with the write). */
  list: List;
  send(change: Change, version: number): Promise<Result>;
  /** The list as the server has it now. */
  fetchLatest(): Promise<List>;
  /** How the change applies to a list that may have changed since the user made it (see RebaseRules.rebaseOne). */
  rebase(list: List, change: Change): RebaseOutcome<Change>;
  /** A fresh list was read after a 409 (shown at once, before the change is saved again). */
  onFresh?(list: List): void;
}

export type RebasedWriteOutcome<List, Result> = { outcome: 'saved'; result: Result } | { outcome: 'done' | 'lost'; list: List };

/** Times a change is put on top of a fresh list and sent again before the conflict is given up. */
export const MAX_REBASES = 3;

function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 409;
}

export async function writeRebased<List extends { version: number }, Change, Result>(
  write: RebasedWrite<List, Change, Result>,
): Promise<RebasedWriteOutcome<List, Result>> {
  let list = write.list;
  for (let rebases = 0; ; rebases += 1) {
    const { kept, lost } = rebaseChanges(list, [write.change], { rebaseOne: write.rebase, apply: (same) => same });
    if (lost.length > 0) return { outcome: 'lost', list };
    if (kept.length === 0) return { outcome: 'done', list };
    try {
      return { outcome: 'saved', result: await write.send(kept[0]!.command, list.version) };
    } catch (error) {
      if (!isConflict(error) || rebases >= MAX_REBASES) throw error;
    }
    list = await write.fetchLatest();
    write.onFresh?.(list);
  }
}

/** Thrown to the caller of a write whose change was dropped: what it changed was deleted meanwhile (the user was told). */
export class ChangeLostError extends Error {
  constructor() {
    super('The change applies to something deleted meanwhile');
    this.name = 'ChangeLostError';
  }
}
