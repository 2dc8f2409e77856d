import { describe, expect, it } from 'vitest';
import { appKeyCallName } from './app-key-auth.js';

describe('appKeyCallName', () => {
  it('names a call by the path after the key', () => {
    const key = 'demo_'.padEnd(37, 'x');
    expect(appKeyCallName('/api/Appkeys/:key/business', { key })).toBe('business');
    expect(appKeyCallName('/api/Appkeys/:key/searches/autocompleteNames', { key })).toBe('searches/autocompleteNames');
  });

  it('fills in the parameters after the key, so that each kind of a call counts apart', () => {
    expect(appKeyCallName('/api/Appkeys/:key/extractor/:kind', { key: 'k', kind: 'fr_cities' })).toBe('extractor/fr_cities');
  });
});
