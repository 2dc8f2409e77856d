import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server.js';
import { sessionCookie, signUp, testApp } from './harness.js';

let app: FastifyInstance;
beforeAll(async () => { ({ app } = await testApp()); });

const signupPayload = (email: string) => ({ email, password: 'long enough pw', firstName: 'Grace', lastName: 'Hopper', acceptTerms: true });

describe('signup', () => {
  it('creates the account, logs it in and answers 201 with the user', async () => {
    const email = `grace-${Date.now()}@example.com`;
    const response = await app.inject({ method: 'POST', url: '/api/Clients', payload: signupPayload(email) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper' });
    expect(typeof response.json().id).toBe('number');
    expect(response.json()).not.toHaveProperty('passwordHash');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(response) } });
    expect(me.json().email).toBe(email);
  });

  it('keeps the stepper\'s answers (who signs up and what for) and refuses an answer it does not offer', async () => {
    const { ctx } = await testApp();
    const email = `answers-${randomUUID()}@example.com`;
    const response = await app.inject({ method: 'POST', url: '/api/Clients', payload: { ...signupPayload(email), accountKind: 'franchise', need: 'siteSelection' } });
    expect(response.statusCode).toBe(201);
    const stored = await ctx.clients.findByEmail(email);
    expect(stored).toMatchObject({ account_kind: 'franchise', signup_need: 'siteSelection' });
    const odd = await app.inject({ method: 'POST', url: '/api/Clients', payload: { ...signupPayload(`odd-${randomUUID()}@example.com`), need: 'world domination' } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.details[0].path).toBe('body.need');
  });

  it('refuses without accepted terms, in English and in French, and creates nothing', async () => {
    const email = `noterms-${Date.now()}@example.com`;
    for (const acceptTerms of [undefined, false]) {
      const response = await app.inject({ method: 'POST', url: '/api/Clients', payload: { ...signupPayload(email), acceptTerms } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'You must accept CGU.' });
    }
    const fr = await app.inject({
      method: 'POST', url: '/api/Clients', headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: { ...signupPayload(email), acceptTerms: false },
    });
    expect(fr.json().error.message).toBe('Vous devez accepter les CGU.');
    const exists = await app.inject({ method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(email)}` });
    expect(exists.statusCode).toBe(404);
  });

  it('refuses a bad email with the path of the field, and a second account for the same email', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/Clients', payload: signupPayload('not-an-email') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('body.email');
    const user = await signUp(app);
    const again = await app.inject({ method: 'POST', url: '/api/Clients', payload: signupPayload(user.email.toUpperCase()) });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/Clients', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeTruthy();
  });
});

describe('login, me and logout', () => {
  it('logs in with the right password only', async () => {
    const user = await signUp(app);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(login) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
    expect(Number(me.headers['token-life-time'])).toBeGreaterThan(0);
  });

  it('answers 401 without a session and after logout', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const user = await signUp(app);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect(logout.statusCode).toBe(204);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('UNAUTHORIZED');
  });

  it('records and closes the session through /Clients/{id}/session, for the user only', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const described = await app.inject({ method: 'POST', url: `/api/Clients/${user.id}/session`, headers: { cookie: user.cookie }, payload: { fingerprint: 'abc', lng: 2.35, lat: 48.85 } });
    expect(described.statusCode).toBe(204);
    const foreign = await app.inject({ method: 'DELETE', url: `/api/Clients/${user.id}/session`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(403);
    const closed = await app.inject({ method: 'DELETE', url: `/api/Clients/${user.id}/session`, headers: { cookie: user.cookie } });
    expect(closed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it('rate-limits the email check, which reveals accounts', async () => {
    const { ctx } = await testApp();
    const limited = await buildServer(ctx, { rateLimitScope: randomUUID() });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await limited.inject({ method: 'HEAD', url: '/api/Clients/email/someone%40example.com' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await limited.close();
  });

  it('tells whether an email has an account', async () => {
    const user = await signUp(app);
    expect((await app.inject({ method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(user.email)}` })).statusCode).toBe(200);
  });
});

describe('system', () => {
  it('reports health with the database in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite' });
  });
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe('/api');
    expect(doc.paths['/Clients'].post.requestBody).toBeTruthy();
  });
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
