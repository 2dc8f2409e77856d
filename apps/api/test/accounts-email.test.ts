/**
 * The account e-mails end to end: the server sends through a real SMTP server started by the test
 * (smtp-server), the test reads what arrived and follows the links, as a user would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../src/context.js';
import { SmtpMailer } from '../src/mail/smtp-mailer.js';
import { linkIn, SmtpInbox } from '../src/mail/test-support/smtp-inbox.js';
import { buildServer } from '../src/server.js';
import { sessionCookie, testApp } from './harness.js';

let ctx: AppContext;
let app: FastifyInstance;
let inbox: SmtpInbox;
let mailer: SmtpMailer;
let publicUrl: string;

beforeAll(async () => {
  ({ ctx } = await testApp());
  inbox = await SmtpInbox.start();
  mailer = new SmtpMailer(inbox.url, 'Catchment <no-reply@catchment.test>');
  app = await buildServer({ ...ctx, mailer }, { rateLimits: false });
  await app.ready();
  publicUrl = ctx.config.publicUrl;
  // The first file of a worker opens the shared database: minutes on a busy machine.
}, 600_000);

afterAll(async () => {
  await app?.close();
  await mailer?.close();
  await inbox?.close();
});

const PASSWORD = 'correct horse battery';

interface Account { id: number; email: string; password: string; cookie: string }

async function signUp(headers: Record<string, string> = {}): Promise<Account> {
  const email = `mail-${randomUUID()}@example.com`;
  const response = await app.inject({
    method: 'POST', url: '/api/Clients', headers,
    payload: { email, password: PASSWORD, firstName: 'Zoé', lastName: 'Durand', acceptTerms: true },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, email, password: PASSWORD, cookie: sessionCookie(response) };
}

const tokenOf = (link: string, name: string) => new URL(link).searchParams.get(name)!;

async function verificationToken(email: string, count = 1): Promise<string> {
  return tokenOf(linkIn(await inbox.waitFor(email, count), `${publicUrl}/app/verify-email?token=`), 'token');
}

async function resetToken(email: string, count = 1): Promise<string> {
  return tokenOf(linkIn(await inbox.waitFor(email, count), `${publicUrl}/app/resetpassword?token=`), 'token');
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const logIn = (email: string, password: string) => post('/api/auth/login', { email, password });

/** Moves a client's tokens of a purpose past their expiry, as time would. */
async function expireTokens(clientId: number, purpose: string): Promise<void> {
  await sql`UPDATE account_tokens SET expires_at = now() - interval '1 second', created_at = now() - interval '3 days'
    WHERE client_id = ${clientId} AND purpose = ${purpose}`.execute(ctx.database.db);
}

describe('e-mail verification', () => {
  it('sends the link at sign-up in the request\'s language, and the link verifies the address once', async () => {
    const user = await signUp({ 'accept-language': 'fr-FR,fr;q=0.9' });
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: false });

    const mail = await inbox.waitFor(user.email);
    expect(mail.from).toMatch(/no-reply@catchment\.test/);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toContain('Ce lien est valable 48 h.');
    const link = linkIn(mail, `${publicUrl}/app/verify-email?token=`);
    expect(mail.html).toContain(`href="${link}"`);

    const verified = await post('/api/auth/verify-email', { token: tokenOf(link, 'token') });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
    expect((await me(user.cookie)).json().emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token: tokenOf(link, 'token') });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Your e-mail address is already verified' });
    const againFr = await post('/api/auth/verify-email', { token: tokenOf(link, 'token') }, { 'accept-language': 'fr' });
    expect(againFr.json().error.message).toBe('Votre adresse e-mail est déjà vérifiée');
  });

  it('refuses an unknown token and a token of another kind with TOKEN_INVALID, in English and French', async () => {
    const unknown = await post('/api/auth/verify-email', { token: 'not-a-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({ code: 'TOKEN_INVALID', message: 'This link is not valid: it may have been used already, or replaced by a newer one' });
    const fr = await post('/api/auth/verify-email', { token: 'not-a-token' }, { 'accept-language': 'fr' });
    expect(fr.json().error.message).toBe("Ce lien n'est pas valide : il a peut-être déjà servi, ou été remplacé par un plus récent");

    const user = await signUp();
    await verificationToken(user.email);
    expect((await post('/api/auth/forgotPassword', { email: user.email })).statusCode).toBe(204);
    const reset = await resetToken(user.email, 2);
    const wrongKind = await post('/api/auth/verify-email', { token: reset });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.code).toBe('TOKEN_INVALID');
    expect((await me(user.cookie)).json().emailVerified).toBe(false);

    const empty = await post('/api/auth/verify-email', { token: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].path).toBe('body.token');
  });

  it('answers TOKEN_EXPIRED (410) to a link older than 48 hours, and leaves the address unverified', async () => {
    const user = await signUp();
    const token = await verificationToken(user.email);
    const row = await sql<{ hours: number }>`SELECT extract(epoch FROM expires_at - created_at)::float8 / 3600 AS hours
      FROM account_tokens WHERE client_id = ${user.id} AND purpose = 'verify_email'`.execute(ctx.database.db);
    expect(Number(row.rows[0]!.hours)).toBeCloseTo(48, 3);
    await expireTokens(user.id, 'verify_email');
    const expired = await post('/api/auth/verify-email', { token }, { 'accept-language': 'fr' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: 'Ce lien a expiré : veuillez en demander un nouveau' });
    expect((await me(user.cookie)).json().emailVerified).toBe(false);
  });

  it('sends the link again to a logged-in user, until the address is verified', async () => {
    const user = await signUp();
    const first = await verificationToken(user.email);
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
    const resent = await post('/api/auth/verify-email/resend', {}, { cookie: user.cookie });
    expect(resent.statusCode).toBe(204);
    const second = await verificationToken(user.email, 2);
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const afterwards = await post('/api/auth/verify-email/resend', {}, { cookie: user.cookie });
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });
});

describe('forgotten password', () => {
  it('answers 204 whether or not the address has an account, and mails the link only to an account', async () => {
    const user = await signUp();
    await verificationToken(user.email);
    const nobody = `nobody-${randomUUID()}@example.com`;
    const unknown = await post('/api/auth/forgotPassword', { email: nobody });
    const known = await post('/api/auth/forgotPassword', { email: user.email.toUpperCase() });
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);

    const mail = await inbox.waitFor(user.email, 2);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('This link works once, for 1 h.');
    // The unknown address was asked for first: its work, if there were any, would have ended by now.
    expect(inbox.to(nobody)).toEqual([]);
  });

  it('sets the new password with the link, ends every session, and lets only the new password in', async () => {
    const user = await signUp();
    await verificationToken(user.email);
    const other = await logIn(user.email, user.password);
    expect(other.statusCode).toBe(200);
    await post('/api/auth/forgotPassword', { email: user.email });
    const token = await resetToken(user.email, 2);

    const weak = await post('/api/auth/password/reset', { token, password: 'password' }, { 'accept-language': 'fr' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('VALIDATION_ERROR');
    expect(weak.json().error.details[0].path).toBe('body.password');
    expect(weak.json().error.message).toMatch(/^Ce mot de passe est trop facile à deviner/);
    // Refused: nothing changed, the link still works.
    expect((await me(user.cookie)).statusCode).toBe(200);

    const newPassword = 'a brand new long secret';
    const reset = await post('/api/auth/password/reset', { token, password: newPassword });
    expect(reset.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(other))).statusCode).toBe(401);
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);
    const loggedIn = await logIn(user.email, newPassword);
    expect(loggedIn.statusCode).toBe(200);
    // The link reached the address: it is verified.
    expect(loggedIn.json().emailVerified).toBe(true);

    const reused = await post('/api/auth/password/reset', { token, password: 'yet another long secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('TOKEN_INVALID');
    expect((await logIn(user.email, newPassword)).statusCode).toBe(200);
  });

  it('makes older reset links void when a newer one is sent', async () => {
    const user = await signUp();
    await verificationToken(user.email);
    await post('/api/auth/forgotPassword', { email: user.email });
    const older = await resetToken(user.email, 2);
    await post('/api/auth/forgotPassword', { email: user.email });
    const newer = await resetToken(user.email, 3);
    const refused = await post('/api/auth/password/reset', { token: older, password: 'a brand new long secret' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('TOKEN_INVALID');
    expect((await post('/api/auth/password/reset', { token: newer, password: 'a brand new long secret' })).statusCode).toBe(204);
  });

  it('answers TOKEN_EXPIRED to a reset link older than an hour', async () => {
    const user = await signUp();
    await verificationToken(user.email);
    await post('/api/auth/forgotPassword', { email: user.email });
    const token = await resetToken(user.email, 2);
    const row = await sql<{ seconds: number }>`SELECT extract(epoch FROM expires_at - created_at)::float8 AS seconds
      FROM account_tokens WHERE client_id = ${user.id} AND purpose = 'reset_password'`.execute(ctx.database.db);
    expect(Number(row.rows[0]!.seconds)).toBeCloseTo(3_600, 1);
    await expireTokens(user.id, 'reset_password');
    const expired = await post('/api/auth/password/reset', { token, password: 'a brand new long secret' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: 'This link has expired: please ask for a new one' });
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, refuses a weak new one, and ends the user\'s other sessions', async () => {
    const user = await signUp();
    const other = sessionCookie(await logIn(user.email, user.password));
    const put = (payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'PUT', url: '/api/auth/password', payload, headers: { cookie: user.cookie, ...headers } });

    const wrong = await put({ currentPassword: 'not my password', password: 'a brand new long secret' }, { 'accept-language': 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'WRONG_CURRENT_PASSWORD', message: 'Le mot de passe saisi ne correspond pas à votre mot de passe actuel.' });
    const wrongEn = await put({ currentPassword: 'not my password', password: 'a brand new long secret' });
    expect(wrongEn.json().error.message).toBe('The password entered does not match your current password.');

    const weak = await put({ currentPassword: user.password, password: user.email });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details[0]).toEqual({ path: 'body.password', message: expect.stringMatching(/^This password is too easy to guess/) });

    const unauthenticated = await app.inject({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword: user.password, password: 'a brand new long secret' } });
    expect(unauthenticated.statusCode).toBe(401);

    expect((await put({ currentPassword: user.password, password: 'a brand new long secret' })).statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);
    expect((await logIn(user.email, 'a brand new long secret')).statusCode).toBe(200);
  });
});

describe('e-mail change', () => {
  const changeRequest = (user: Account, email: string) => post('/api/Clients/email/change-request', { email }, { cookie: user.cookie });
  const confirmPassword = (user: Account, password: string, headers: Record<string, string> = {}) =>
    post('/api/Clients/verify/password', { password }, { cookie: user.cookie, ...headers });
  const changeToken = async (email: string, count = 1) =>
    tokenOf(linkIn(await inbox.waitFor(email, count), `${publicUrl}/app/verify-email?emailChange=`), 'emailChange');

  it('needs the password typed again, mails the new address, and moves the account there once confirmed', async () => {
    const user = await signUp();
    await verificationToken(user.email);
    const newEmail = `moved-${randomUUID()}@example.com`;

    const unconfirmed = await changeRequest(user, newEmail);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error).toEqual({ code: 'PASSWORD_CONFIRMATION_REQUIRED', message: 'Please confirm your password first' });

    const wrong = await confirmPassword(user, 'not my password', { 'accept-language': 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'WRONG_CURRENT_PASSWORD', message: 'Le mot de passe saisi ne correspond pas à votre mot de passe actuel.' });
    expect((await changeRequest(user, newEmail)).statusCode).toBe(403);

    expect((await confirmPassword(user, user.password)).statusCode).toBe(204);
    const same = await changeRequest(user, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details[0].path).toBe('body.email');
    const requested = await post('/api/Clients/email/change-request', { email: newEmail }, { cookie: user.cookie, 'accept-language': 'fr' });
    expect(requested.statusCode).toBe(204);

    const mail = await inbox.waitFor(newEmail);
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    const token = tokenOf(linkIn(mail, `${publicUrl}/app/verify-email?emailChange=`), 'emailChange');
    // Until the link is opened, the account keeps its address.
    expect((await me(user.cookie)).json().email).toBe(user.email);

    const confirmed = await post('/api/Clients/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: user.id, email: newEmail, emailVerified: true });
    expect((await logIn(newEmail, user.password)).statusCode).toBe(200);
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);

    // The former address is told.
    const notice = await inbox.waitFor(user.email, 2);
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(newEmail);

    const again = await post('/api/Clients/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_INVALID');
  });

  it('refuses an address another account has, when asked and when the link is opened', async () => {
    const user = await signUp();
    const taken = await signUp();
    expect((await confirmPassword(user, user.password)).statusCode).toBe(204);
    const refused = await changeRequest(user, taken.email.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'EMAIL_ALREADY_USED', message: 'This e-mail address is already used by another account' });

    // Free when asked, taken by a sign-up before the link is opened.
    const wanted = `wanted-${randomUUID()}@example.com`;
    expect((await changeRequest(user, wanted)).statusCode).toBe(204);
    const token = await changeToken(wanted);
    const signup = await post('/api/Clients', { email: wanted, password: PASSWORD, firstName: 'Other', lastName: 'Person', acceptTerms: true });
    expect(signup.statusCode).toBe(201);
    const late = await post('/api/Clients/email/confirm', { token }, { 'accept-language': 'fr' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'EMAIL_ALREADY_USED', message: 'Cette adresse e-mail est déjà utilisée par un autre compte' });
    expect((await me(user.cookie)).json().email).toBe(user.email);
  });

  it('answers TOKEN_EXPIRED to a confirmation link older than 48 hours, and a newer request voids the older link', async () => {
    const user = await signUp();
    expect((await confirmPassword(user, user.password)).statusCode).toBe(204);
    const first = `first-${randomUUID()}@example.com`;
    const second = `second-${randomUUID()}@example.com`;
    await changeRequest(user, first);
    const firstToken = await changeToken(first);
    await changeRequest(user, second);
    const secondToken = await changeToken(second);
    const voided = await post('/api/Clients/email/confirm', { token: firstToken });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().error.code).toBe('TOKEN_INVALID');

    await expireTokens(user.id, 'change_email');
    const expired = await post('/api/Clients/email/confirm', { token: secondToken });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('TOKEN_EXPIRED');
    expect((await me(user.cookie)).json().email).toBe(user.email);
  });

  it('lets a confirmed password count for 10 minutes only, and only in its session', async () => {
    const user = await signUp();
    const otherSession = { ...user, cookie: sessionCookie(await logIn(user.email, user.password)) };
    expect((await confirmPassword(user, user.password)).statusCode).toBe(204);
    expect((await changeRequest(otherSession, `elsewhere-${randomUUID()}@example.com`)).statusCode).toBe(403);
    await sql`UPDATE sessions SET password_confirmed_at = now() - interval '11 minutes' WHERE client_id = ${user.id}`.execute(ctx.database.db);
    expect((await changeRequest(user, `late-${randomUUID()}@example.com`)).statusCode).toBe(403);
  });
});

describe('limits on the routes that send e-mail', () => {
  it('limits password reset requests per address and verification resends per user', async () => {
    const limited = await buildServer({ ...ctx, mailer }, { rateLimitScope: randomUUID() });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await limited.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: `nobody-${randomUUID()}@example.com` } })).statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);

      const user = await signUp();
      const resends: number[] = [];
      for (let i = 0; i < 4; i++) {
        resends.push((await limited.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie: user.cookie } })).statusCode);
      }
      expect(resends).toEqual([204, 204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
