import { describe, expect, it } from 'vitest';
import { isEmbeddedMapPath } from './embedded-map-path.js';

describe('isEmbeddedMapPath', () => {
  it('is the embedded view of one map only', () => {
    expect(isEmbeddedMapPath('/app/iframe/AbCdEf123456')).toBe(true);
    expect(isEmbeddedMapPath('/app/iframe/AbCdEf123456/')).toBe(true);
    expect(isEmbeddedMapPath('/app/iframe/')).toBe(false);
    expect(isEmbeddedMapPath('/app/iframe/a/b')).toBe(false);
    expect(isEmbeddedMapPath('/app/map/AbCdEf123456')).toBe(false);
    expect(isEmbeddedMapPath('/app/')).toBe(false);
  });
});
