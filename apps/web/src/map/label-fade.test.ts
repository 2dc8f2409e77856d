import { describe, expect, it } from 'vitest';
import { LABEL_FADE_MS, labelFadeMs } from './label-fade.js';

describe('labelFadeMs', () => {
  it('fades labels in unless the system asks for reduced motion', () => {
    const asked: string[] = [];
    const prefers = (reduce: boolean) => (query: string) => { asked.push(query); return { matches: reduce }; };
    expect(labelFadeMs(prefers(false))).toBe(LABEL_FADE_MS);
    expect(labelFadeMs(prefers(true))).toBe(0);
    expect(asked).toEqual(['(prefers-reduced-motion: reduce)', '(prefers-reduced-motion: reduce)']);
  });

  it('fades them in where the preference cannot be read', () => {
    expect(labelFadeMs(undefined)).toBe(LABEL_FADE_MS);
  });
});
