/**
 * Who may show our pages in a frame. Every page forbids it (helmet: X-Frame-Options SAMEORIGIN and
 * CSP frame-ancestors 'self') except the two pages made for other sites, which the sites listed in
 * FRAME_ANCESTORS may frame (default '*': any site): the embeddable map view /app/iframe/{accessId}
 * (public maps only, read-only, its one action opens the app in a new tab) and the extractor
 * /app/extractor (no session: the app key in its address is all it acts with).
 */
import type { FastifyReply } from 'fastify';

/** The path prefix of the embeddable map view (SPEC §2 /iframe/{accessId}). */
export const EMBEDDED_MAP_PATH_PREFIX = '/app/iframe/';

/** The extractor's page, for a partner's site to frame with its app key. */
export const EXTRACTOR_PAGE_PATH = '/app/extractor';

export const DEFAULT_FRAME_ANCESTORS: readonly string[] = ['*'];

/** '*', 'self', 'none', a scheme ("https:") or an origin, possibly with a wildcard subdomain and a port. */
const SOURCE = /^(?:\*|'self'|'none'|[a-z][a-z0-9+.-]*:|[a-z][a-z0-9+.-]*:\/\/(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?)$/i;

/**
 * FRAME_ANCESTORS: sources separated by spaces or commas ("https://a.example https://b.example").
 * A value that is not a source stops the server rather than being written into the header.
 */
export function parseFrameAncestors(value: string | undefined): readonly string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_FRAME_ANCESTORS;
  const sources = value.split(/[\s,]+/).filter(Boolean).map((source) => source.replace(/\/$/, ''));
  const invalid = sources.filter((source) => !SOURCE.test(source));
  if (invalid.length > 0) {
    throw new Error(`FRAME_ANCESTORS takes origins (https://a.example), '*', 'self' or 'none' separated by spaces, got "${invalid.join(' ')}"`);
  }
  if (sources.includes("'none'") && sources.length > 1) throw new Error("FRAME_ANCESTORS: 'none' cannot be listed with other sources");
  return [...new Set(sources)];
}

/** The policy with its frame-ancestors directive set to `sources` (added when it had none). */
export function withFrameAncestors(policy: string, sources: readonly string[]): string {
  const directive = `frame-ancestors ${sources.join(' ')}`;
  const directives = policy.split(';').map((part) => part.trim()).filter(Boolean);
  const kept = directives.filter((part) => !/^frame-ancestors(?:\s|$)/i.test(part));
  return [...kept, directive].join(';');
}

/** Lets the sites in `sources` frame this answer: frame-ancestors from them, no X-Frame-Options (which would override it in older browsers). */
export function allowFraming(reply: FastifyReply, sources: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  reply.header('content-security-policy', withFrameAncestors(typeof policy === 'string' ? policy : '', sources));
  reply.removeHeader('x-frame-options');
}
