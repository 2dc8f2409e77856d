/**
 * A browser fingerprint for the session record (SPEC §4): a stable hash of coarse traits that many
 * browsers share (engine and platform, languages, time zone, screen size, cores), so that a user's
 * sessions from the same browser can be told apart from another device's, without identifying the
 * person. No canvas, audio or font probing.
 */

/** The traits hashed; every one is readable without a permission prompt. */
export interface BrowserTraits {
  userAgent: string;
  languages: readonly string[];
  timeZone: string;
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  hardwareConcurrency: number;
  maxTouchPoints: number;
}

/** FNV-1a over UTF-16 code units, 32 bits, from a given offset basis. */
function fnv1a32(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * 16 hexadecimal digits: two 32-bit FNV-1a hashes with different bases (a plain hash: the input is
 * not secret, and crypto.subtle is missing outside secure contexts).
 */
export function fingerprintOf(traits: BrowserTraits): string {
  // Screen sizes in either orientation are the same device.
  const [shortSide, longSide] = [traits.screenWidth, traits.screenHeight].sort((a, b) => a - b);
  const text = [
    traits.userAgent,
    traits.languages.join(','),
    traits.timeZone,
    `${shortSide}x${longSide}x${traits.colorDepth}`,
    traits.hardwareConcurrency,
    traits.maxTouchPoints,
  ].join('|');
  const high = fnv1a32(text, 0x811c9dc5);
  const low = fnv1a32(text, 0x01000193 ^ high);
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/** This browser's traits. */
export function currentBrowserTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    languages: navigator.languages ?? [navigator.language],
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    screenWidth: window.screen?.width ?? 0,
    screenHeight: window.screen?.height ?? 0,
    colorDepth: window.screen?.colorDepth ?? 0,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  };
}
