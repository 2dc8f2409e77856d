/**
 * Rate limits and the log-in throttle against clients that forge X-Forwarded-For. Each test that
 * needs the per-address rate limits builds its own server (fresh counters, real limits); the
 * per-account throttle has no switch, so it also holds on the shared test server.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { LoginFailuresRepository } from '../src/auth/login-failures.repository.js';
import { LoginThrottle } from '../src/auth/login-throttle.js';
import { signUp, testApp } from './harness.js';

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => { ({ ctx, app } = await testApp()); });

const opened: FastifyInstance[] = [];
afterEach(async () => { await Promise.all(opened.splice(0).map((server) => server.close())); });

/** A server of its own, with the real rate limits, trusting the proxies TRUST_PROXY names. */
async function limitedServer(env: { TRUST_PROXY?: string } = {}): Promise<FastifyInstance> {
  const server = await buildServer({ ...ctx, config: { ...ctx.config, trustProxy: loadConfig(env).trustProxy } });
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

const unknownEmail = () => `nobody-${randomUUID()}@example.com`;
/** 203.0.113.0/24 (TEST-NET-3), a different address for each i. */
const forged = (i: number) => `203.0.113.${i + 1}`;

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For by default: forged addresses share the socket address\'s log-in limit', async () => {
    const server = await limitedServer();
    const statuses: number[] = [];
    // A different unknown e-mail each time, so only the per-address limit (20 a minute) can refuse.
    for (let i = 0; i < 25; i++) statuses.push((await login(server, unknownEmail(), 'guess', { forwardedFor: forged(i) })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const refused = await login(server, unknownEmail(), 'guess', { forwardedFor: forged(99) });
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another socket address is another client.
    expect((await login(server, unknownEmail(), 'guess', { remoteAddress: '198.51.100.20' })).statusCode).toBe(401);
  });

  it('with TRUST_PROXY=127.0.0.1, takes the forwarded address from that proxy, and from no one else', async () => {
    const server = await limitedServer({ TRUST_PROXY: '127.0.0.1' });
    const viaProxy = async (forwardedFor: string) => (await login(server, unknownEmail(), 'guess', { forwardedFor })).statusCode;
    const spread: number[] = [];
    for (let i = 0; i < 25; i++) spread.push(await viaProxy(forged(i)));
    expect(spread.every((status) => status === 401)).toBe(true);
    const one: number[] = [];
    for (let i = 0; i < 21; i++) one.push(await viaProxy('198.51.100.7'));
    expect(one.at(-2)).toBe(401);
    expect(one.at(-1)).toBe(429);
    expect(await viaProxy('198.51.100.8')).toBe(401);
    // A client that is not the proxy forging the header is counted by its own address.
    const direct: number[] = [];
    for (let i = 0; i < 21; i++) {
      direct.push((await login(server, unknownEmail(), 'guess', { remoteAddress: '192.0.2.50', forwardedFor: forged(i) })).statusCode);
    }
    expect(direct.at(-2)).toBe(401);
    expect(direct.at(-1)).toBe(429);
  });
});

describe('the log-in throttle per account', () => {
  it('refuses 30 wrong passwords with 30 forged addresses before the 30th; the owner logs in from another address', async () => {
    const owner = await signUp(app);
    const server = await limitedServer();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(server, owner.email, 'wrong password', { forwardedFor: forged(i) })).statusCode);
    expect(statuses.slice(0, 29)).toContain(429);
    const ownerLogin = await login(server, owner.email, owner.password, { remoteAddress: '198.51.100.30' });
    expect(ownerLogin.statusCode).toBe(200);
  });

  it('slows down guesses spread over many trusted addresses, without locking the owner out', async () => {
    const owner = await signUp(app);
    const server = await limitedServer({ TRUST_PROXY: '127.0.0.1' });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await login(server, owner.email, 'wrong password', { forwardedFor: forged(i), language: 'fr-FR' }));
    const firstRefusal = answers.findIndex((answer) => answer.statusCode === 429);
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThan(29);
    // From then on every new address gets one guess: each of them is refused.
    expect(answers.slice(firstRefusal).every((answer) => answer.statusCode === 429)).toBe(true);
    const refusal = answers[firstRefusal]!;
    expect(refusal.json().error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(refusal.json().error.message).toBe('Trop de tentatives de connexion échouées pour ce compte : réessayez dans 15 min');
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address without failures, is let in; an attacker's address is not, even with the right password.
    expect((await login(server, owner.email, owner.password, { forwardedFor: '198.51.100.40' })).statusCode).toBe(200);
    const attackerWithPassword = await login(server, owner.email, owner.password, { forwardedFor: forged(3) });
    expect(attackerWithPassword.statusCode).toBe(429);
    expect(attackerWithPassword.json().error.message).toBe('Too many failed log-in attempts for this account: please try again in 15 min');
  });

  it('throttles one address after 5 wrong passwords, even on the test server without rate limits', async () => {
    const owner = await signUp(app);
    const attacker = { remoteAddress: '192.0.2.60' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(app, owner.email, 'wrong password', attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The right password does not get a throttled address in (the refusal says nothing about the password)...
    expect((await login(app, owner.email, owner.password, attacker)).statusCode).toBe(429);
    // ...but the stranger did not lock the owner out.
    expect((await login(app, owner.email, owner.password, { remoteAddress: '192.0.2.61' })).statusCode).toBe(200);
    // An e-mail without an account is throttled alike, so a refusal does not reveal whether the account exists.
    const nobody = unknownEmail();
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) unknown.push((await login(app, nobody, 'guess', attacker)).statusCode);
    expect(unknown).toEqual([401, 401, 401, 401, 429]);
  });

  it('forgets an address\'s failures when it logs in', async () => {
    const owner = await signUp(app);
    const from = { remoteAddress: '192.0.2.70' };
    for (let i = 0; i < 4; i++) expect((await login(app, owner.email, 'typo', from)).statusCode).toBe(401);
    expect((await login(app, owner.email, owner.password, from)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, owner.email, 'typo', from)).statusCode).toBe(401);
  });

  it('keeps its counts in the database, shared by every server on it', async () => {
    const owner = await signUp(app);
    const other = await buildServer(ctx, { rateLimits: false });
    opened.push(other);
    const from = { remoteAddress: '192.0.2.80' };
    for (let i = 0; i < 3; i++) expect((await login(app, owner.email, 'wrong', from)).statusCode).toBe(401);
    expect((await login(other, owner.email, 'wrong', from)).statusCode).toBe(401);
    expect((await login(other, owner.email, 'wrong', from)).statusCode).toBe(429);
    expect((await login(app, owner.email, owner.password, from)).statusCode).toBe(429);
  });

  it('lets a throttled address try again once its failures leave the window, without checking passwords meanwhile', async () => {
    const throttle = new LoginThrottle(new LoginFailuresRepository(ctx.database.db), {
      windowSeconds: 1, failuresPerAddress: 2, accountFailuresUnderAttack: 100, failuresPerAddressUnderAttack: 1,
    });
    const email = unknownEmail();
    let checks = 0;
    const check = (right: boolean) => async () => { checks++; return right; };
    expect(await throttle.attempt(email, '192.0.2.90', check(false))).toEqual({ outcome: 'rejected' });
    expect(await throttle.attempt(email, '192.0.2.90', check(false))).toEqual({ outcome: 'throttled', retryAfterSeconds: 1 });
    expect(await throttle.attempt(email, '192.0.2.90', check(true))).toEqual({ outcome: 'throttled', retryAfterSeconds: 1 });
    expect(checks).toBe(2);
    await sleep(1_100);
    expect(await throttle.attempt(email, '192.0.2.90', check(true))).toEqual({ outcome: 'accepted' });
    expect(checks).toBe(3);
  });
});

describe('sign-up and the e-mail check', () => {
  it('limits sign-ups per address whatever X-Forwarded-For says', async () => {
    const server = await limitedServer();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await server.inject({
        method: 'POST', url: '/api/Clients', headers: { 'x-forwarded-for': forged(i) },
        payload: { email: unknownEmail(), password: 'long enough pw', firstName: 'Grace', lastName: 'Hopper', acceptTerms: true },
      })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits the e-mail check per address whatever X-Forwarded-For says', async () => {
    const server = await limitedServer();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await server.inject({ method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(unknownEmail())}`, headers: { 'x-forwarded-for': forged(i) } }));
    }
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 404)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
