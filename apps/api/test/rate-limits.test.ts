/**
 * Rate limits counted in the database: two servers built on one database (as two API processes
 * behind a load balancer are) enforce each limit together. Each test gives its pair of servers a
 * scope of their own, so that it counts from zero.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../src/context.js';
import { DEFAULT_LOGIN_REQUEST_LIMITS } from '../src/auth/request-limits.js';
import { RateLimitCountersRepository } from '../src/http/rate-limit-counters.repository.js';
import { buildServer, type ServerOptions } from '../src/server.js';
import { testApp } from './harness.js';

let ctx: AppContext;
beforeAll(async () => { ({ ctx } = await testApp()); });

const opened: FastifyInstance[] = [];
afterEach(async () => { await Promise.all(opened.splice(0).map((server) => server.close())); });

/** Two servers on the test database sharing one scope of counters, as two processes would. */
async function twoServers(options: ServerOptions = {}): Promise<[FastifyInstance, FastifyInstance]> {
  const scope = randomUUID();
  const servers = await Promise.all([1, 2].map(() => buildServer(ctx, { ...options, rateLimitScope: scope })));
  opened.push(...servers);
  return [servers[0]!, servers[1]!];
}

/** The e-mail check, limited to 10 a minute per address. */
const emailCheck = (server: FastifyInstance, remoteAddress = '127.0.0.1') =>
  server.inject({ method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(`nobody-${randomUUID()}@example.com`)}`, remoteAddress });

const login = (server: FastifyInstance, forwardedFor: string) =>
  server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `nobody-${randomUUID()}@example.com`, password: 'guess' }, headers: { 'x-forwarded-for': forwardedFor } });

async function statusesOf(count: number, request: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await request(i)).statusCode);
  return statuses;
}

describe('rate limits shared through the database', () => {
  it('lets two servers together allow a route\'s limit once, and refuse the next request on either', async () => {
    const [a, b] = await twoServers();
    expect(await statusesOf(5, () => emailCheck(a))).toEqual(Array(5).fill(404));
    expect(await statusesOf(5, () => emailCheck(b))).toEqual(Array(5).fill(404));
    const refusedA = await emailCheck(a);
    expect(refusedA.statusCode).toBe(429);
    expect(Number(refusedA.headers['retry-after'])).toBeGreaterThan(0);
    expect((await emailCheck(b)).statusCode).toBe(429);
    // Another address has its own allowance.
    expect((await emailCheck(b, '192.0.2.10')).statusCode).toBe(404);
  });

  it('shares the log-in\'s per-address cap, a limiter without a route of its own', async () => {
    const [a, b] = await twoServers({ login: { limits: { ...DEFAULT_LOGIN_REQUEST_LIMITS, perSocket: { max: 4, timeWindow: '1 minute' } } } });
    // A different claimed client each time, so that only the per-address cap can refuse.
    expect(await statusesOf(2, (i) => login(a, `198.51.100.${i}`))).toEqual([401, 401]);
    expect(await statusesOf(2, (i) => login(b, `198.51.100.${i + 2}`))).toEqual([401, 401]);
    expect((await login(a, '198.51.100.9')).statusCode).toBe(429);
    expect((await login(b, '198.51.100.10')).statusCode).toBe(429);
  });

  it('counts requests arriving at once on both servers each exactly once', async () => {
    const [a, b] = await twoServers();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => emailCheck(i % 2 === 0 ? a : b)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('keeps the counts of servers of another scope apart', async () => {
    const [a] = await twoServers();
    const [other] = await twoServers();
    expect(await statusesOf(10, () => emailCheck(a))).toEqual(Array(10).fill(404));
    expect((await emailCheck(a)).statusCode).toBe(429);
    expect((await emailCheck(other)).statusCode).toBe(404);
  });
});

describe('the counters', () => {
  const counters = () => new RateLimitCountersRepository(ctx.database.db);
  const rowsOf = async (limiter: string) =>
    Number((await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM rate_limit_counters WHERE limiter = ${limiter}`.execute(ctx.database.db)).rows[0]!.rows);

  it('count up within a window, say how long it has left, and start again at 1 once it ended', async () => {
    const limiter = `test-${randomUUID()}`;
    const first = await counters().hit(limiter, 'k', 60_000);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counters().hit(limiter, 'k', 60_000)).hits).toBe(2);
    expect(await counters().read(limiter, 'k')).toMatchObject({ hits: 2 });
    expect((await counters().hit(limiter, 'other key', 60_000)).hits).toBe(1);

    const short = `test-${randomUUID()}`;
    expect((await counters().hit(short, 'k', 50)).hits).toBe(1);
    expect((await counters().hit(short, 'k', 50)).hits).toBe(2);
    await sleep(100);
    expect(await counters().read(short, 'k')).toBeUndefined();
    expect((await counters().hit(short, 'k', 50)).hits).toBe(1);
  });

  it('sweep the counters whose window ended, and only those', async () => {
    const limiter = `test-${randomUUID()}`;
    await counters().hit(limiter, 'ended', 10);
    await counters().hit(limiter, 'running', 60_000);
    await sleep(50);
    expect(await counters().sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(limiter)).toBe(1);
    expect(await counters().read(limiter, 'running')).toMatchObject({ hits: 1 });
  });
});
