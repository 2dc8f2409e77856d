import { describe, expect, it } from 'vitest';
import { placeRelativeTo, positionAfter, positionBetween, type Positioned } from './positions.js';

const list = (...positions: number[]): Positioned[] => positions.map((position, i) => ({ id: `i${i}`, position }));

/** Applies a placement and returns the ids in order. */
function orderAfterMove(siblings: Positioned[], movedId: string, referenceId: string, before: boolean): string[] {
  const { position, renumbered } = placeRelativeTo(siblings, referenceId, before);
  const positions = new Map(siblings.map((s) => [s.id, s.position]));
  for (const item of renumbered) positions.set(item.id, item.position);
  positions.set(movedId, position);
  return [...positions.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}

describe('positionAfter and positionBetween', () => {
  it('appends one step after the last item', () => {
    expect(positionAfter(undefined)).toBe(1);
    expect(positionAfter(4.5)).toBe(5.5);
  });
  it('takes the middle of a gap, or a step beyond an open end', () => {
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(undefined, 1)).toBe(0);
    expect(positionBetween(3, undefined)).toBe(4);
  });
  it('gives up when no double lies between the neighbours', () => {
    expect(positionBetween(1, 1 + Number.EPSILON)).toBeNull();
    expect(positionBetween(2, 2)).toBeNull();
  });
});

describe('placeRelativeTo', () => {
  it('moves before or after the reference', () => {
    expect(orderAfterMove(list(1, 2, 3), 'x', 'i1', true)).toEqual(['i0', 'x', 'i1', 'i2']);
    expect(orderAfterMove(list(1, 2, 3), 'x', 'i1', false)).toEqual(['i0', 'i1', 'x', 'i2']);
    expect(orderAfterMove(list(1, 2, 3), 'x', 'i0', true)).toEqual(['x', 'i0', 'i1', 'i2']);
    expect(orderAfterMove(list(1, 2, 3), 'x', 'i2', false)).toEqual(['i0', 'i1', 'i2', 'x']);
  });
  it('renumbers when the gap is exhausted, keeping the order', () => {
    const crowded = list(1, 1 + Number.EPSILON, 5);
    const placement = placeRelativeTo(crowded, 'i1', true);
    expect(placement.renumbered).toEqual([{ id: 'i0', position: 1 }, { id: 'i1', position: 2 }, { id: 'i2', position: 3 }]);
    expect(placement.position).toBe(1.5);
    expect(orderAfterMove(crowded, 'x', 'i1', true)).toEqual(['i0', 'x', 'i1', 'i2']);
  });
  it('survives many moves into the same gap', () => {
    let items = list(1, 2);
    for (let n = 0; n < 200; n++) {
      const { position, renumbered } = placeRelativeTo(items, 'i1', true);
      const updated = new Map(items.map((item) => [item.id, item.position]));
      for (const r of renumbered) updated.set(r.id, r.position);
      items = [...updated.entries()].map(([id, p]) => ({ id, position: p }));
      items.push({ id: `m${n}`, position });
      items.sort((a, b) => a.position - b.position);
    }
    const ids = items.map((item) => item.id);
    expect(ids[0]).toBe('i0');
    expect(ids.at(-1)).toBe('i1');
    expect(ids.at(-2)).toBe('m199');
    expect(new Set(items.map((item) => item.position)).size).toBe(items.length);
  });
  it('refuses a reference that is not in the list', () => {
    expect(() => placeRelativeTo(list(1), 'nope', true)).toThrow();
  });
});
