/**
 * How a change of the user's to a map's business searches applies to the list as the server has it
 * now (a colleague or another tab changed it): the rules rebased-write.ts gives rebaseChanges. An
 * edit keeps only the fields the user changed, over what the other user saved; an edit or a move
 * of a search deleted meanwhile (or a move next to one) is lost; a removal of a search already gone
 * is done. Pure.
 */
import type { RebaseOutcome } from '../editor/conflict-rebase.js';
import type { Search, SearchFields, SearchList } from '../api/searches.js';

export type SearchChange =
  | { type: 'create'; fields: SearchFields }
  /** `before`: the search as the user opened it; `after`: as the user saved it. */
  | { type: 'update'; searchId: number; before: SearchFields; after: SearchFields }
  | { type: 'remove'; searchId: number }
  | { type: 'move'; searchId: number; referenceSearchId: number; before: boolean };

const FIELDS = ['datasetName', 'categories', 'names', 'nafCodes', 'headcounts', 'label', 'color'] as const satisfies readonly (keyof SearchFields)[];

/** What the editor saves of a stored search. */
export function searchFields(search: Search): SearchFields {
  return {
    datasetName: search.datasetName, categories: search.categories, names: search.names, nafCodes: search.nafCodes,
    headcounts: search.headcounts, label: search.label, color: search.color,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields to save on top of `current` (the search as stored now): its own, with those the user
 * changed from `before` to `after` taken from `after`.
 */
export function mergeSearchFields(current: SearchFields, before: SearchFields, after: SearchFields): SearchFields {
  const merged: Record<string, unknown> = { ...current };
  for (const key of FIELDS) if (!same(before[key], after[key])) merged[key] = after[key];
  return merged as SearchFields;
}

export function rebaseSearchChange(list: SearchList, change: SearchChange): RebaseOutcome<SearchChange> {
  const find = (id: number) => list.searches.find((search) => search.id === id);
  switch (change.type) {
    case 'create':
      return change;
    case 'update': {
      const search = find(change.searchId);
      if (!search) return 'lost';
      const current = searchFields(search);
      const after = mergeSearchFields(current, change.before, change.after);
      return FIELDS.every((key) => same(current[key], after[key])) ? 'done' : { ...change, before: current, after };
    }
    case 'remove':
      return find(change.searchId) ? change : 'done';
    case 'move':
      return find(change.searchId) && find(change.referenceSearchId) ? change : 'lost';
  }
}
