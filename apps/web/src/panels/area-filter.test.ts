import { describe, expect, it } from 'vitest';
import { makeArea } from '../editor/test-factories.js';
import { areaMatcher } from './area-filter.js';

describe('areaMatcher', () => {
  it('matches labels containing the text, whatever the case and accents', () => {
    const areas = ['Lyon – 10 km', 'Évry centre', 'Paris'].map((label) => makeArea(label));
    const labels = (search: string) => areas.filter(areaMatcher(search)).map((area) => area.label);
    expect(labels('LYON')).toEqual(['Lyon – 10 km']);
    expect(labels('evry')).toEqual(['Évry centre']);
    expect(labels('  ')).toEqual(['Lyon – 10 km', 'Évry centre', 'Paris']);
    expect(labels('berlin')).toEqual([]);
  });
});
