import { describe, expect, it } from 'vitest';
import { RecentCache } from './recent-cache.js';

describe('RecentCache', () => {
  it('forgets the least recently used entry first', () => {
    const cache = new RecentCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('bounds the total weight, and does not keep an entry heavier than the whole cache', () => {
    const cache = new RecentCache<string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz');
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', 'w'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('replaces an entry set again under the same key, counting its weight once', () => {
    const cache = new RecentCache<string>(8, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    expect(cache.get('a')).toBe('xxxx');
    expect(cache.get('b')).toBe('yyyy');
  });
});
