import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './nul-character.js';

describe('findNulCharacter', () => {
  it('finds U+0000 in a value or a key, at any depth, with its path', () => {
    expect(findNulCharacter('a\u0000b')).toEqual([]);
    expect(findNulCharacter({ title: 'ok', folders: [{ label: 'x' }, { label: 'bad\u0000' }] })).toEqual(['folders', 1, 'label']);
    expect(findNulCharacter({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
  });

  it('passes ordinary text, numbers and other control characters', () => {
    expect(findNulCharacter({ title: 'Zone\t1\nÉté ✓', n: 0, list: [[1, 2], [3, 4]], none: null })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = 'end\u0000';
    for (let i = 0; i < 20_000; i++) nested = [nested];
    expect(findNulCharacter(nested)?.length).toBe(20_000);
  });
});
