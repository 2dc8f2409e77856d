/**
 * The account's profile and sessions: updateClientInfo (the VAT number's contract), the password
 * rule at sign-up, logging out everywhere, sessions going idle, and the outbox that keeps the
 * account e-mails of a server without SMTP.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../src/context.js';
import { sessionCookie, signUp, testApp } from './harness.js';

let ctx: AppContext;
let app: FastifyInstance;
// The first file of a worker opens the shared database: minutes on a busy machine.
beforeAll(async () => { ({ ctx, app } = await testApp()); }, 600_000);

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const updateInfo = (cookie: string, id: number, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/Clients/${id}/updateClientInfo`, payload, headers: { cookie, ...headers } });

describe('the user', () => {
  it('has the profile, billing and verification fields, empty for a new account', async () => {
    const user = await signUp(app);
    expect((await me(user.cookie)).json()).toMatchObject({
      emailVerified: false, vat: null, addressLine1: null, addressLine2: null, postalCode: null, city: null, domain: null,
    });
  });
});

describe('updateClientInfo', () => {
  it('accepts a VAT number as people write it and stores it normalised; an empty string clears it', async () => {
    const user = await signUp(app);
    const saved = await updateInfo(user.cookie, user.id, { vat: 'FR 40 303 265 045' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().vat).toBe('FR40303265045');
    expect((await me(user.cookie)).json().vat).toBe('FR40303265045');
    const cleared = await updateInfo(user.cookie, user.id, { vat: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().vat).toBeNull();
  });

  it('refuses an invalid VAT number with a translated message, and changes nothing', async () => {
    const user = await signUp(app);
    await updateInfo(user.cookie, user.id, { vat: 'DE129273398' });
    const fr = await updateInfo(user.cookie, user.id, { vat: 'FR123', city: 'Lyon' }, { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error.message).toBe('Numéro de TVA invalide');
    expect(fr.json().error.details[0].path).toBe('body.vat');
    const en = await updateInfo(user.cookie, user.id, { vat: 'FR123' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.message).toBe('Invalid VAT number');
    expect((await me(user.cookie)).json()).toMatchObject({ vat: 'DE129273398', city: null });
  });

  it('changes the fields given and leaves the others; an empty string clears an optional field', async () => {
    const user = await signUp(app, { company: 'Analytical Engines', phone: '+44 20 7946 0000' });
    const saved = await updateInfo(user.cookie, user.id, {
      firstName: 'Augusta', addressLine1: '12 St James\'s Square', addressLine2: 'Floor 2', postalCode: 'SW1Y 4JH', city: 'London', country: 'GB',
      companySector: 'consulting', phone: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: user.id, email: user.email, firstName: 'Augusta', lastName: 'Lovelace', company: 'Analytical Engines', companySector: 'consulting',
      phone: null, addressLine1: '12 St James\'s Square', addressLine2: 'Floor 2', postalCode: 'SW1Y 4JH', city: 'London', country: 'GB',
    });
    expect((await me(user.cookie)).json()).toMatchObject({ firstName: 'Augusta', city: 'London', phone: null });
  });

  it('refuses an empty name and a value too long, changing nothing', async () => {
    const user = await signUp(app);
    const empty = await updateInfo(user.cookie, user.id, { firstName: ' ', city: 'Paris' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].path).toBe('body.firstName');
    const long = await updateInfo(user.cookie, user.id, { city: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect((await me(user.cookie)).json()).toMatchObject({ firstName: 'Ada', city: null });
  });

  it('lets only the user change their own profile', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const foreign = await updateInfo(other.cookie, user.id, { city: 'Nowhere' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    const anonymous = await app.inject({ method: 'POST', url: `/api/Clients/${user.id}/updateClientInfo`, payload: { city: 'Nowhere' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await me(user.cookie)).json().city).toBeNull();
  });
});

describe('the sign-up\'s password rule', () => {
  const signupWith = (email: string, password: string, headers: Record<string, string> = {}) => app.inject({
    method: 'POST', url: '/api/Clients', headers,
    payload: { email, password, firstName: 'Grace', lastName: 'Hopper', company: 'Remington Rand', acceptTerms: true },
  });

  it.each([['password'], ['12345678'], ['        '], ['own e-mail']])('refuses %j and creates no account', async (kind) => {
    const email = `hopper-${randomUUID()}@example.com`;
    const password = kind === 'own e-mail' ? email : kind;
    const refused = await signupWith(email, password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This password is too easy to guess: make it longer, with several words for example, and avoid your name and e-mail address',
      details: [{ path: 'body.password', message: expect.any(String) }],
    });
    expect((await app.inject({ method: 'HEAD', url: `/api/Clients/email/${encodeURIComponent(email)}` })).statusCode).toBe(404);
  });

  it('says so in French, and takes a strong password', async () => {
    const email = `hopper-${randomUUID()}@example.com`;
    const fr = await signupWith(email, 'gracehopper', { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error.message).toBe('Ce mot de passe est trop facile à deviner : allongez-le, avec plusieurs mots par exemple, et évitez votre nom et votre adresse e-mail');
    expect((await signupWith(email, 'nanoseconds of wire')).statusCode).toBe(201);
  });
});

describe('logging out everywhere', () => {
  it('ends every session of the user, this one included, and no one else\'s', async () => {
    const user = await signUp(app);
    const bystander = await signUp(app);
    const second = sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } }));
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { cookie: second } });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((cookie) => cookie.name === 'session')?.value).toBe('');
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere' })).statusCode).toBe(401);
  });
});

describe('idle sessions', () => {
  const lastUsedAt = async (clientId: number) => {
    const row = await sql<{ last_used_at: Date }>`SELECT last_used_at FROM sessions WHERE client_id = ${clientId}`.execute(ctx.database.db);
    return new Date(row.rows[0]!.last_used_at).getTime();
  };
  const setLastUse = (clientId: number, interval: string) =>
    sql`UPDATE sessions SET last_used_at = now() - ${interval}::interval WHERE client_id = ${clientId}`.execute(ctx.database.db);

  it('ends a session unused for 14 days, though its absolute expiry is later', async () => {
    const user = await signUp(app);
    const life = Number((await me(user.cookie)).headers['token-life-time']);
    expect(life).toBeGreaterThan(14 * 86_400 - 60);
    expect(life).toBeLessThanOrEqual(14 * 86_400);
    await setLastUse(user.id, '13 days 23 hours');
    const stillOpen = await me(user.cookie);
    expect(stillOpen.statusCode).toBe(200);
    // Used just now: 14 days again.
    expect(Number(stillOpen.headers['token-life-time'])).toBeGreaterThan(14 * 86_400 - 60);
    await setLastUse(user.id, '14 days 1 minute');
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const user = await signUp(app);
    await setLastUse(user.id, '30 seconds');
    const before = await lastUsedAt(user.id);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(await lastUsedAt(user.id)).toBe(before);
    await setLastUse(user.id, '2 minutes');
    const requestedAt = Date.now();
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(Math.abs((await lastUsedAt(user.id)) - requestedAt)).toBeLessThan(5_000);
  });
});

describe('the outbox', () => {
  /** The outbox's messages to this address, parsed, once at least one has arrived. */
  async function outboxMessagesTo(address: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const names = (await readdir(ctx.config.outboxDir)).filter((name) => name.endsWith('.eml'));
      const found = [];
      for (const name of names) {
        const raw = await readFile(path.join(ctx.config.outboxDir, name));
        if (!raw.includes(address)) continue;
        found.push({ name, mail: await simpleParser(raw) });
      }
      if (found.length > 0 || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('keeps the verification e-mail of a server without SMTP as an .eml file whose link works', async () => {
    expect(ctx.mailer.kind).toBe('outbox');
    const user = await signUp(app);
    const [message] = await outboxMessagesTo(user.email);
    expect(message?.name).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const mail = message!.mail;
    expect([mail.to].flat()[0]?.text).toBe(user.email);
    expect(mail.subject).toBe('Confirm your e-mail address');
    const link = mail.text!.split(/\s+/).find((word) => word.startsWith(`${ctx.config.publicUrl}/app/verify-email?token=`));
    expect(link).toBeDefined();
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: new URL(link!).searchParams.get('token') } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().emailVerified).toBe(true);
  });
});
