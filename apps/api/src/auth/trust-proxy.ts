/**
 * Which reverse proxies may tell the server the client's address (X-Forwarded-For). The address
 * keys the rate limits and the log-in throttle, so trusting the header from anyone would let a
 * client pick its own key: off unless the operator names the proxies (TRUST_PROXY).
 */
import net from 'node:net';

/**
 * Fastify's `trustProxy`: false (the socket's address is the client's), or the proxies' addresses
 * and CIDR ranges. No hop count: it would believe a client that reaches the server directly.
 */
export type TrustProxy = false | string[];

/** Ranges known to proxy-addr, the library Fastify resolves X-Forwarded-For with. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, empty or `false` turn it off; any other value is a comma-separated
 * list of proxy addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * `true` is refused: it would believe any client's header.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true would let any client choose its address with X-Forwarded-For: list the proxies\' addresses instead (e.g. 127.0.0.1,10.0.0.0/8)');
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0 || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be false or proxy addresses and CIDR ranges separated by commas; not understood: "${bad.join('", "') || text}"`);
  }
  return entries;
}
