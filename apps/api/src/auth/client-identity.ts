/**
 * Who is asking, for the limits of the log-in (request limits and the throttle of wrong passwords).
 *
 * The socket's address (request.ip, which honours TRUST_PROXY) is the only part a client cannot
 * choose. The part of X-Forwarded-For the server does not believe (all of it when TRUST_PROXY is
 * off or the request does not come from a listed proxy, otherwise what lies beyond the last trusted
 * hop) is kept as a sub-key: clients behind one address (a proxy that is not configured, an office's
 * NAT) are then told apart as well as they tell themselves apart, yet a forged header only ever
 * makes new keys under the sender's own address. So forging someone else's address cannot use up
 * their allowance; minting many sub-keys is bounded by the per-socket limit (request-limits.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/** Sub-keys longer than this are hashed, so that a huge header makes no huge key or database row. */
const MAX_SUB_KEY_LENGTH = 64;

/** The client's address as far as the server can tell (IPv6 grouped by /64, like the rate-limit plugin). */
export function socketKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** The X-Forwarded-For entries the server did not believe, as sent; undefined when there are none. */
export function untrustedForwardedFor(request: FastifyRequest): string | undefined {
  const header = request.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  // request.ips (set only when TRUST_PROXY is on) runs from the socket to the client the server
  // believes: every entry but that socket's was read from the header, right to left.
  const believed = Math.max(0, (request.ips?.length ?? 1) - 1);
  const untrusted = entries.slice(0, Math.max(0, entries.length - believed)).join(',');
  return untrusted === '' ? undefined : untrusted;
}

/** The socket's key and the client's unverified claim about itself: `${socket}|${claim}`. */
export function claimedClient(request: FastifyRequest): string {
  const claim = untrustedForwardedFor(request) ?? '';
  const subKey = claim.length <= MAX_SUB_KEY_LENGTH ? claim : `sha256:${createHash('sha256').update(claim).digest('base64url')}`;
  return `${socketKey(request)}|${subKey}`;
}
