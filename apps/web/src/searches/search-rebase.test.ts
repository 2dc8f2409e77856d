import { describe, expect, it } from 'vitest';
import type { Search, SearchFields, SearchList } from '../api/searches.js';
import { mergeSearchFields, rebaseSearchChange, searchFields, type SearchChange } from './search-rebase.js';

function search(id: number, fields: Partial<SearchFields> = {}): Search {
  return {
    id, version: 1, datasetName: 'fr_osm', categories: ['bakery'], names: [], nafCodes: [], headcounts: [], label: `Search ${id}`, color: '#112233', ...fields,
  };
}

const list = (...searches: Search[]): SearchList => ({ version: 7, searches });

describe('mergeSearchFields', () => {
  it("keeps the colleague's new label when the user only changed the colour, and the user's colour", () => {
    const opened = searchFields(search(1));
    const theirs = searchFields(search(1, { label: 'Bakeries' }));
    expect(mergeSearchFields(theirs, opened, { ...opened, color: '#ff0000' })).toEqual({ ...opened, label: 'Bakeries', color: '#ff0000' });
  });

  it("takes the user's value of a field both changed, and compares lists by their content", () => {
    const opened = searchFields(search(1));
    const theirs = searchFields(search(1, { label: 'Bakeries', categories: ['butcher'] }));
    const mine = { ...opened, label: 'Boulangeries', categories: ['bakery'] };
    expect(mergeSearchFields(theirs, opened, mine)).toEqual({ ...opened, label: 'Boulangeries', categories: ['butcher'] });
  });
});

describe('rebaseSearchChange', () => {
  it('puts an edit on top of the search as saved meanwhile: only the fields the user changed', () => {
    const opened = search(1);
    const change: SearchChange = { type: 'update', searchId: 1, before: searchFields(opened), after: { ...searchFields(opened), color: '#ff0000' } };
    const rebased = rebaseSearchChange(list(search(1, { label: 'Bakeries' }), search(2)), change);
    expect(rebased).toEqual({ ...change, before: searchFields(search(1, { label: 'Bakeries' })), after: { ...searchFields(opened), label: 'Bakeries', color: '#ff0000' } });
  });

  it('loses an edit or a move of a search deleted meanwhile, and a move next to one', () => {
    const opened = searchFields(search(1));
    expect(rebaseSearchChange(list(search(2)), { type: 'update', searchId: 1, before: opened, after: { ...opened, label: 'x' } })).toBe('lost');
    expect(rebaseSearchChange(list(search(2)), { type: 'move', searchId: 1, referenceSearchId: 2, before: true })).toBe('lost');
    expect(rebaseSearchChange(list(search(1)), { type: 'move', searchId: 1, referenceSearchId: 2, before: true })).toBe('lost');
  });

  it('needs no save for an edit the search holds already or a search already deleted; a new search is always sent', () => {
    const opened = searchFields(search(1));
    expect(rebaseSearchChange(list(search(1, { label: 'x' })), { type: 'update', searchId: 1, before: opened, after: { ...opened, label: 'x' } })).toBe('done');
    expect(rebaseSearchChange(list(search(2)), { type: 'remove', searchId: 1 })).toBe('done');
    const remove: SearchChange = { type: 'remove', searchId: 1 };
    expect(rebaseSearchChange(list(search(1)), remove)).toBe(remove);
    const create: SearchChange = { type: 'create', fields: opened };
    expect(rebaseSearchChange(list(), create)).toBe(create);
    const move: SearchChange = { type: 'move', searchId: 1, referenceSearchId: 2, before: false };
    expect(rebaseSearchChange(list(search(1), search(2)), move)).toBe(move);
  });
});
