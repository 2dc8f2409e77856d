import { describe, expect, it } from 'vitest';
import { fingerprintOf, type BrowserTraits } from './browser-fingerprint.js';

const desktop: BrowserTraits = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  languages: ['fr-FR', 'fr', 'en'],
  timeZone: 'Europe/Paris',
  screenWidth: 1920,
  screenHeight: 1080,
  colorDepth: 24,
  hardwareConcurrency: 8,
  maxTouchPoints: 0,
};

describe('fingerprintOf', () => {
  it('gives the same 16 hexadecimal digits for the same browser, whichever way its screen is turned', () => {
    const fingerprint = fingerprintOf(desktop);
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprintOf({ ...desktop })).toBe(fingerprint);
    expect(fingerprintOf({ ...desktop, screenWidth: 1080, screenHeight: 1920 })).toBe(fingerprint);
  });

  it('tells browsers apart by any of their traits', () => {
    const others: BrowserTraits[] = [
      { ...desktop, userAgent: desktop.userAgent.replace('Chrome/140.0', 'Chrome/141.0') },
      { ...desktop, languages: ['en-US'] },
      { ...desktop, timeZone: 'America/New_York' },
      { ...desktop, screenWidth: 2560, screenHeight: 1440 },
      { ...desktop, hardwareConcurrency: 4 },
      { ...desktop, maxTouchPoints: 5 },
    ];
    const fingerprints = new Set([desktop, ...others].map(fingerprintOf));
    expect(fingerprints.size).toBe(others.length + 1);
  });
});
