/**
 * The organisation an account presents in its market-study reports (SPEC §7 organization/
 * configuration): the limits of its logo (SPEC §5 and §9: JPEG or PNG, at most 5 MB) and the
 * defaults its reports use until colours are chosen. Shared by the API, the web app and the reports.
 */
import type { LogoImageType } from './logo-image.js';

export const LOGO_MAX_MEGABYTES = 5;
/** The largest logo, in bytes of the file itself (not of its base64 text). */
export const LOGO_MAX_BYTES = LOGO_MAX_MEGABYTES * 1024 * 1024;
/** Characters of the base64 text of the largest logo: 4 for every 3 bytes, the last group padded. */
export const LOGO_MAX_BASE64_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/** The reports' colours when the organisation chose none (the app's own blue and slate). */
export const DEFAULT_REPORT_COLORS = { primary: '#2563eb', secondary: '#475569' } as const;

/** Longest texts of the configuration, in characters. */
export const ORGANIZATION_TEXT_LIMITS = { name: 120, contact: 200, website: 200 } as const;

const EXTENSION_TYPES: Record<string, LogoImageType> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg' };

/** The type a file name's extension claims ("png", ".JPG"…), undefined for any other than JPEG's and PNG's. */
export function logoTypeOfExtension(extension: string): LogoImageType | undefined {
  return EXTENSION_TYPES[extension.trim().replace(/^\./, '').toLowerCase()];
}

/**
 * Bytes a base64 text decodes to (without decoding it), so that an upload too large is refused
 * before its memory is spent.
 */
export function base64DecodedLength(base64: string): number {
  let padding = 0;
  if (base64.endsWith('==')) padding = 2;
  else if (base64.endsWith('=')) padding = 1;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * A website as the reports print and link it: an http(s) address with a host name of at least two
 * labels, "https://" added when typed without a scheme ("www.example.com"); undefined when the text
 * is not one (a mail address, "localhost", a javascript: link…).
 */
export function normalizeWebsite(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '' || /\s/.test(typed)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed);
  if (hasScheme && !/^https?:\/\//i.test(typed)) return undefined;
  let url: URL;
  try {
    url = new URL(hasScheme ? typed : `https://${typed}`);
  } catch {
    return undefined;
  }
  const labels = url.hostname.split('.');
  if (url.username || url.password || labels.length < 2 || labels.some((label) => label === '')) return undefined;
  // The address as typed, scheme added: URL's own form would add a trailing slash and lower-case the path.
  return hasScheme ? typed.replace(/^https?/i, (scheme) => scheme.toLowerCase()) : `https://${typed}`;
}
