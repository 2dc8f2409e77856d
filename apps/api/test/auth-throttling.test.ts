/**
 * Rate limits and the log-in throttle against clients that forge X-Forwarded-For. Each test that
 * needs the request limits builds its own server (fresh counters, real limits unless it says
 * otherwise); most give the throttle a slow-down of a few milliseconds, so that they test what is
 * refused rather than wait. The acceptance case runs on the default policy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { buildServer, type ServerOptions } from '../src/server.js';
import { LoginFailuresRepository } from '../src/auth/login-failures.repository.js';
import { LoginThrottle } from '../src/auth/login-throttle.js';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy } from '../src/auth/login-throttle-policy.js';
import { DEFAULT_LOGIN_REQUEST_LIMITS } from '../src/auth/request-limits.js';
import { signUp, testApp } from './harness.js';

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => { ({ ctx, app } = await testApp()); });

const opened: FastifyInstance[] = [];
afterEach(async () => { await Promise.all(opened.splice(0).map((server) => server.close())); });

/** The default rules with a slow-down of a few milliseconds. */
const QUICK: LoginThrottlePolicy = { ...DEFAULT_LOGIN_THROTTLE, slowdown: { firstMs: 1, stepMs: 1, maxMs: 5 } };

/** A server of its own, with the real rate limits counted from zero, trusting the proxies TRUST_PROXY names. */
async function limitedServer(env: { TRUST_PROXY?: string } = {}, options: ServerOptions = { login: { throttle: QUICK } }): Promise<FastifyInstance> {
  const server = await buildServer({ ...ctx, config: { ...ctx.config, trustProxy: loadConfig(env).trustProxy } }, { rateLimitScope: randomUUID(), ...options });
  opened.push(server);
  return server;
}

interface From { forwardedFor?: string; remoteAddress?: string; language?: string }

function login(server: FastifyInstance, email: string, password: string, from: From = {}) {
  return server.inject({
    method: 'POST', url: '/api/auth/login', payload: { email, password },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: {
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.language ? { 'accept-language': from.language } : {}),
    },
  });
}

async function statusesOf(count: number, attempt: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await attempt(i)).statusCode);
  return statuses;
}

const unknownEmail = () => `nobody-${randomUUID()}@example.com`;
/** 203.0.113.0/24 (TEST-NET-3), a different address for each i. */
const forged = (i: number) => `203.0.113.${i + 1}`;

describe('the log-in\'s request limits', () => {
  it('without TRUST_PROXY, count per socket and claimed client: forging someone\'s address spends none of their allowance', async () => {
    const server = await limitedServer();
    // A different unknown e-mail each time, so only the request limits can refuse.
    const statuses = await statusesOf(21, () => login(server, unknownEmail(), 'guess', { forwardedFor: '198.51.100.7' }));
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await login(server, unknownEmail(), 'guess', { forwardedFor: '198.51.100.7' });
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The client whose address was forged, and the forger's socket with another claim, are other clients.
    expect((await login(server, unknownEmail(), 'guess', { remoteAddress: '198.51.100.7' })).statusCode).toBe(401);
    expect((await login(server, unknownEmail(), 'guess')).statusCode).toBe(401);
  });

  it('cap each socket address, however many clients it claims to be', async () => {
    const server = await limitedServer({}, {
      login: { throttle: QUICK, limits: { ...DEFAULT_LOGIN_REQUEST_LIMITS, perSocket: { max: 10, timeWindow: '1 minute' } } },
    });
    const statuses = await statusesOf(11, (i) => login(server, unknownEmail(), 'guess', { forwardedFor: forged(i) }));
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await login(server, unknownEmail(), 'guess', { forwardedFor: forged(50) });
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(server, unknownEmail(), 'guess', { remoteAddress: '198.51.100.20' })).statusCode).toBe(401);
  });

  it('with TRUST_PROXY=127.0.0.1, take the forwarded address from that proxy, and from no one else', async () => {
    const server = await limitedServer({ TRUST_PROXY: '127.0.0.1' }, {
      login: { throttle: QUICK, limits: { ...DEFAULT_LOGIN_REQUEST_LIMITS, perSocket: { max: 10, timeWindow: '1 minute' } } },
    });
    const viaProxy = async (forwardedFor: string) => (await login(server, unknownEmail(), 'guess', { forwardedFor })).statusCode;
    // Each forwarded address is a client with its own cap, not the proxy's.
    const spread = await statusesOf(15, (i) => login(server, unknownEmail(), 'guess', { forwardedFor: forged(i) }));
    expect(spread.every((status) => status === 401)).toBe(true);
    const one = await statusesOf(11, () => login(server, unknownEmail(), 'guess', { forwardedFor: '198.51.100.7' }));
    expect(one.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(one[10]).toBe(429);
    expect(await viaProxy('198.51.100.8')).toBe(401);
    // What a client writes before the proxy's entry claims a client under its address, within its cap.
    const claims = await statusesOf(5, (i) => login(server, unknownEmail(), 'guess', { forwardedFor: `${forged(i)}, 198.51.100.7` }));
    expect(claims.every((status) => status === 429)).toBe(true);
    // A client that is not the proxy forging the header is counted by its own address.
    const direct = await statusesOf(11, (i) => login(server, unknownEmail(), 'guess', { remoteAddress: '192.0.2.50', forwardedFor: forged(i) }));
    expect(direct.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(direct[10]).toBe(429);
  });
});

describe('the log-in throttle per account', () => {
  it('refuses 30 wrong passwords with 30 forged addresses before the 30th; the owner logs in from the same socket (default policy)', async () => {
    const owner = await signUp(app);
    const server = await limitedServer({}, {});
    const statuses = await statusesOf(30, (i) => login(server, owner.email, 'wrong password', { forwardedFor: forged(i) }));
    // Five failures slow the account down: from then on every wrong password is refused, whatever address it claims.
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
    // The owner's request is the 31st of this socket within the minute, with a header nobody used.
    const ownerLogin = await login(server, owner.email, owner.password, { forwardedFor: '198.51.100.30' });
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.cookies.some((cookie) => cookie.name === 'session')).toBe(true);
  });

  it('lets the owner in from another socket after 30 forged attempts', async () => {
    const owner = await signUp(app);
    const server = await limitedServer();
    const statuses = await statusesOf(30, (i) => login(server, owner.email, 'wrong password', { forwardedFor: forged(i) }));
    expect(statuses.slice(0, 29)).toContain(429);
    expect((await login(server, owner.email, owner.password, { remoteAddress: '198.51.100.30' })).statusCode).toBe(200);
  });

  it('over real connections: refuses the forged attempts, lets the owner in from another socket and from the same one', async () => {
    const server = await limitedServer();
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    const post = (email: string, password: string, options: { localAddress?: string; forwardedFor?: string } = {}) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email, password });
        const request = http.request({
          host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', agent: false,
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
          headers: {
            'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
            ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          },
        }, (response) => { response.resume(); response.on('end', () => resolve(response.statusCode ?? 0)); });
        request.on('error', reject);
        request.end(body);
      });
    for (const [owner, from] of [
      [await signUp(app), { localAddress: '127.0.0.2' }],
      [await signUp(app), { forwardedFor: '198.51.100.31' }],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push(await post(owner.email, 'wrong password', { forwardedFor: forged(i) }));
      expect(statuses.slice(0, 29)).toContain(429);
      expect(await post(owner.email, owner.password, from)).toBe(200);
    }
  });

  it('answers a wrong password 429 once the account is slowed down, from any client, and the right one 200', async () => {
    const owner = await signUp(app);
    const server = await limitedServer();
    const spread = await statusesOf(5, (i) => login(server, owner.email, 'wrong password', { remoteAddress: `192.0.2.${i + 1}` }));
    expect(spread).toEqual([401, 401, 401, 401, 401]);
    // A fresh socket, and a fresh claim on a socket that took part: both refused, in the request's language.
    const fresh = await login(server, owner.email, 'wrong password', { remoteAddress: '192.0.2.99', language: 'fr-FR' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(fresh.json().error.message).toBe('Trop de tentatives de connexion échouées pour ce compte : réessayez dans 15 min');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    const claimed = await login(server, owner.email, 'wrong password', { remoteAddress: '192.0.2.1', forwardedFor: '198.51.100.99' });
    expect(claimed.statusCode).toBe(429);
    expect(claimed.json().error.message).toBe('Too many failed log-in attempts for this account: please try again in 15 min');
    // The right password is let in, even from a socket that gave a wrong one, and the count starts again.
    expect((await login(server, owner.email, owner.password, { remoteAddress: '192.0.2.3' })).statusCode).toBe(200);
    expect((await login(server, owner.email, 'wrong password', { remoteAddress: '192.0.2.99' })).statusCode).toBe(401);
  });

  it('does not lock the victim out when an attacker forges the victim\'s address', async () => {
    const victim = await signUp(app);
    const server = await limitedServer();
    const attacks = await statusesOf(10, () => login(server, victim.email, 'wrong password', { remoteAddress: '192.0.2.60', forwardedFor: '198.51.100.50' }));
    expect(attacks.at(-1)).toBe(429);
    expect((await login(server, victim.email, victim.password, { remoteAddress: '198.51.100.50' })).statusCode).toBe(200);

    // Behind a trusted proxy, the attacker writes the victim's address and the proxy adds the attacker's own.
    const proxied = await signUp(app);
    const behindProxy = await limitedServer({ TRUST_PROXY: '127.0.0.1' });
    const forgedChain = await statusesOf(10, () => login(behindProxy, proxied.email, 'wrong password', { forwardedFor: '198.51.100.51, 192.0.2.61' }));
    expect(forgedChain.at(-1)).toBe(429);
    expect((await login(behindProxy, proxied.email, proxied.password, { forwardedFor: '198.51.100.51' })).statusCode).toBe(200);
  });

  it('refuses a client with 5 failures before checking its password, even on the test server without rate limits', async () => {
    const owner = await signUp(app);
    const attacker = { remoteAddress: '192.0.2.70' };
    expect(await statusesOf(5, () => login(app, owner.email, 'wrong password', attacker))).toEqual([401, 401, 401, 401, 429]);
    // The right password does not get that client in (the refusal says nothing about the password)...
    expect((await login(app, owner.email, owner.password, attacker)).statusCode).toBe(429);
    // ...but the stranger did not lock the owner out.
    expect((await login(app, owner.email, owner.password, { remoteAddress: '192.0.2.71' })).statusCode).toBe(200);
    // An e-mail without an account is throttled alike, so a refusal does not reveal whether the account exists.
    const nobody = unknownEmail();
    expect(await statusesOf(5, () => login(app, nobody, 'guess', attacker))).toEqual([401, 401, 401, 401, 429]);
  });

  it('forgets the account\'s failures when the owner logs in', async () => {
    const owner = await signUp(app);
    const from = { remoteAddress: '192.0.2.72' };
    expect(await statusesOf(4, () => login(app, owner.email, 'typo', from))).toEqual([401, 401, 401, 401]);
    expect((await login(app, owner.email, owner.password, from)).statusCode).toBe(200);
    expect(await statusesOf(4, () => login(app, owner.email, 'typo', from))).toEqual([401, 401, 401, 401]);
  });

  it('keeps its counts in the database, shared by every server on it', async () => {
    const owner = await signUp(app);
    const other = await buildServer(ctx, { rateLimits: false });
    opened.push(other);
    const from = { remoteAddress: '192.0.2.80' };
    expect(await statusesOf(3, () => login(app, owner.email, 'wrong', from))).toEqual([401, 401, 401]);
    expect((await login(other, owner.email, 'wrong', from)).statusCode).toBe(401);
    expect((await login(other, owner.email, 'wrong', from)).statusCode).toBe(429);
    expect((await login(app, owner.email, owner.password, from)).statusCode).toBe(429);
  });
});

describe('the log-in throttle itself', () => {
  const throttleWith = (policy: Partial<LoginThrottlePolicy>) =>
    new LoginThrottle(new LoginFailuresRepository(ctx.database.db), { ...QUICK, ...policy });

  it('lets a refused client try again once its failures leave the window, without checking passwords meanwhile', async () => {
    const throttle = throttleWith({ windowSeconds: 1, failuresPerClient: 2, accountFailuresBeforeSlowdown: 100 });
    const attempt = { email: unknownEmail(), client: '192.0.2.90|', socket: '192.0.2.90' };
    let checks = 0;
    const check = (right: boolean) => async () => { checks++; return right; };
    expect(await throttle.attempt(attempt, check(false))).toEqual({ outcome: 'rejected' });
    expect(await throttle.attempt(attempt, check(false))).toEqual({ outcome: 'throttled', retryAfterSeconds: 1 });
    expect(await throttle.attempt(attempt, check(true))).toEqual({ outcome: 'throttled', retryAfterSeconds: 1 });
    expect(checks).toBe(2);
    await sleep(1_100);
    expect(await throttle.attempt(attempt, check(true))).toEqual({ outcome: 'accepted' });
    expect(checks).toBe(3);
  });

  it('checks the slowed-down attempts of an account one at a time, one per socket, and always lets the right password in', async () => {
    const throttle = throttleWith({ failuresPerClient: 100, accountFailuresBeforeSlowdown: 1 });
    const email = unknownEmail();
    let running = 0;
    let most = 0;
    let checks = 0;
    const check = (right: boolean) => async () => {
      checks++;
      running++;
      most = Math.max(most, running);
      await sleep(5);
      running--;
      return right;
    };
    const from = (socket: string, claim = '') => ({ email, client: `${socket}|${claim}`, socket });
    expect(await throttle.attempt(from('192.0.2.1'), check(false))).toEqual({ outcome: 'rejected' });

    // Five sockets at once: each is checked, never two together, and each wrong password is refused.
    const sockets = ['192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5', '192.0.2.6'];
    const spread = await Promise.all(sockets.map((socket) => throttle.attempt(from(socket), check(false))));
    expect(spread.every((verdict) => verdict.outcome === 'throttled')).toBe(true);
    expect(checks).toBe(6);
    expect(most).toBe(1);

    // One socket claiming five clients at once: one attempt is checked (held until the others are
    // answered), the others are refused unchecked.
    checks = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let answered = 0;
    const oneSocket = Promise.all([1, 2, 3, 4, 5].map(async (i) => {
      const verdict = await throttle.attempt(from('192.0.2.7', `claim-${i}`), async () => { checks++; await gate; return false; });
      answered++;
      return verdict;
    }));
    await vi.waitFor(() => expect(answered).toBe(4));
    open();
    expect((await oneSocket).every((verdict) => verdict.outcome === 'throttled')).toBe(true);
    expect(checks).toBe(1);

    // The owner, queued behind attackers, gets in. (Not counted for one-at-a-time: once the owner
    // is in, the account's failures start again, so an attempt read after that is not slowed down
    // and is checked at once, beside the queued ones still waiting.)
    const [owner] = await Promise.all([
      throttle.attempt(from('198.51.100.1'), check(true)),
      ...sockets.map((socket) => throttle.attempt(from(socket, 'again'), check(false))),
    ]);
    expect(owner).toEqual({ outcome: 'accepted' });
  });
});

describe('sign-up and the e-mail check', () => {
  it('limits sign-ups per socket address whatever X-Forwarded-For says', async () => {
    const server = await limitedServer();
    const signup = (from: From) => server.inject({
      method: 'POST', url: '/api/Clients',
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
      payload: { email: unknownEmail(), password: 'long enough pw', firstName: 'Grace', lastName: 'Hopper', acceptTerms: true },
    });
    const statuses = await statusesOf(11, (i) => signup({ forwardedFor: forged(i) }));
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Forging an address spent none of that address's allowance.
    expect((await signup({ remoteAddress: forged(0) })).statusCode).toBe(201);
  });

  it('limits the e-mail check per socket address whatever X-Forwarded-For says', async () => {
    const server = await limitedServer();
    const check = (from: From) => server.inject({
      method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(unknownEmail())}`,
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await check({ forwardedFor: forged(i) }));
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 404)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check({ remoteAddress: forged(0) })).statusCode).toBe(404);
  });
});
