import { describe, expect, it } from 'vitest';
import { shareRole } from './share-role.js';

describe('shareRole', () => {
  it('knows the owner by the map owner id', () => {
    expect(shareRole({ ownerId: 7, canEdit: true }, 7)).toBe('owner');
  });

  it('makes the other editors members and everyone else a reader', () => {
    expect(shareRole({ ownerId: 7, canEdit: true }, 8)).toBe('member');
    expect(shareRole({ canEdit: false }, 8)).toBe('reader');
    expect(shareRole({ canEdit: false }, undefined)).toBe('reader');
  });
});
