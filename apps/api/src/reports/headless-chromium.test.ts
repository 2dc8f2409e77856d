import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, findChromium } from './headless-chromium.js';

describe('the Chromium that prints reports', () => {
  it('is CHROMIUM_PATH when set and present, and none when it is set but missing', () => {
    expect(findChromium('/opt/chrome/chrome', (file) => file === '/opt/chrome/chrome')).toBe('/opt/chrome/chrome');
    // Set but wrong: said, not replaced by another one found elsewhere.
    expect(findChromium('/opt/missing', (file) => file !== '/opt/missing')).toBeNull();
  });

  it('is otherwise the first of the usual places that exists, or none', () => {
    expect(findChromium(undefined, (file) => file === CHROMIUM_CANDIDATES[2])).toBe(CHROMIUM_CANDIDATES[2]);
    expect(findChromium(undefined, () => true)).toBe(CHROMIUM_CANDIDATES[0]);
    expect(findChromium(undefined, () => false)).toBeNull();
  });
});
