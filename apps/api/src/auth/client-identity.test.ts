import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { claimedClient, socketKey } from './client-identity.js';

/** A server that answers with how it sees the client. */
function echoServer(trustProxy: false | string[]): FastifyInstance {
  const app = Fastify({ trustProxy });
  app.get('/who', async (request) => ({ socket: socketKey(request), client: claimedClient(request) }));
  return app;
}

const untrusting = echoServer(false);
const trustingLoopback = echoServer(['127.0.0.1']);
afterAll(async () => { await Promise.all([untrusting.close(), trustingLoopback.close()]); });

async function who(app: FastifyInstance, remoteAddress: string, forwardedFor?: string): Promise<{ socket: string; client: string }> {
  const response = await app.inject({
    method: 'GET', url: '/who', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.json();
}

describe('the claimed client', () => {
  it('without trusted proxies, is the socket with the whole header as an unverified sub-key', async () => {
    expect(await who(untrusting, '192.0.2.1')).toEqual({ socket: '192.0.2.1', client: '192.0.2.1|' });
    expect(await who(untrusting, '192.0.2.1', '198.51.100.7')).toEqual({ socket: '192.0.2.1', client: '192.0.2.1|198.51.100.7' });
    expect(await who(untrusting, '192.0.2.1', '203.0.113.1, 198.51.100.7')).toEqual({ socket: '192.0.2.1', client: '192.0.2.1|203.0.113.1,198.51.100.7' });
  });

  it('cannot take another socket\'s key by forging its address', async () => {
    const victim = await who(untrusting, '198.51.100.7');
    const forger = await who(untrusting, '192.0.2.1', '198.51.100.7');
    expect(forger.socket).not.toBe(victim.socket);
    expect(forger.client).not.toBe(victim.client);
  });

  it('behind a trusted proxy, is the forwarded address, with only the entries beyond it as a sub-key', async () => {
    expect(await who(trustingLoopback, '127.0.0.1', '198.51.100.7')).toEqual({ socket: '198.51.100.7', client: '198.51.100.7|' });
    expect(await who(trustingLoopback, '127.0.0.1', '203.0.113.1, 198.51.100.7')).toEqual({ socket: '198.51.100.7', client: '198.51.100.7|203.0.113.1' });
    // A request that does not come from the proxy has its header disbelieved, all of it.
    expect(await who(trustingLoopback, '192.0.2.1', '198.51.100.7')).toEqual({ socket: '192.0.2.1', client: '192.0.2.1|198.51.100.7' });
  });

  it('hashes a long claim, so that keys stay short', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `203.0.113.${i}`).join(', ');
    const seen = await who(untrusting, '192.0.2.1', long);
    expect(seen.client).toMatch(/^192\.0\.2\.1\|sha256:[\w-]{43}$/);
    expect((await who(untrusting, '192.0.2.1', `${long}, 203.0.113.99`)).client).not.toBe(seen.client);
  });

  it('groups IPv6 sockets by /64 like the rate-limit plugin', async () => {
    expect((await who(untrusting, '2001:db8::1')).socket).toBe((await who(untrusting, '2001:db8::2')).socket);
  });
});
