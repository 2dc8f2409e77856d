import { describe, expect, it } from 'vitest';
import { mapIdParam } from '@catchment/domain';
import { newAccessId, parseMapRef } from './map-ref.js';

describe('parseMapRef', () => {
  it('reads digits as the integer id and anything else as an accessId', () => {
    expect(parseMapRef('42')).toEqual({ id: 42 });
    expect(parseMapRef('a1B2-c_3D4e5')).toEqual({ accessId: 'a1B2-c_3D4e5' });
  });
  it('turns ids no map can have into one that matches nothing', () => {
    expect(parseMapRef('0')).toEqual({ id: -1 });
    expect(parseMapRef('99999999999')).toEqual({ id: -1 });
  });
});

describe('newAccessId', () => {
  it('makes distinct 12-character url-safe identifiers accepted as map ids, never all digits', () => {
    const ids = Array.from({ length: 2000 }, newAccessId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(id).not.toMatch(/^\d+$/);
      expect(mapIdParam.safeParse({ id }).success).toBe(true);
      expect('accessId' in parseMapRef(id)).toBe(true);
    }
  });
});
