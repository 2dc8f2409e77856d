import { describe, expect, it } from 'vitest';
import { followSaved } from './savable-form.js';

describe('followSaved', () => {
  it('gives untouched fields the newly saved values and keeps what the user typed', () => {
    const before = { firstName: 'Ada', company: 'Engines', city: '' };
    const after = { firstName: 'Ada', company: 'Analytical Engines', city: 'London' };
    const typing = { firstName: 'Augusta', company: 'Engines', city: '' };
    expect(followSaved(typing, before, after)).toEqual({ firstName: 'Augusta', company: 'Analytical Engines', city: 'London' });
  });

  it('keeps a typed value even when the saved one changes under it', () => {
    expect(followSaved({ vat: 'FR40303265045' }, { vat: '' }, { vat: 'DE123456789' })).toEqual({ vat: 'FR40303265045' });
  });
});
