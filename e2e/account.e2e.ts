/**
 * The account as a user lives it, in English on a desktop and in French on a phone: sign-up
 * through the three steps (each step's checks, a weak password refused by the server, then a
 * strong one; the campaign of the landing address sent along; the session described with a
 * fingerprint and the language's default place), the "check your inbox" notice and its resend,
 * the address confirmed from the e-mail's link, the profile edited (an invalid VAT number refused
 * with its message, then a valid one saved), the password changed, logout (the session record
 * closed first), the forgotten-password link from the e-mail, and login with the new password.
 * Then, in English: the e-mail change (current password first, then the link sent to the new
 * address), links that are not valid, and logging out everywhere. Screenshots of every page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type Device } from './support/browser.js';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { readOutbox, waitForMailLink } from './support/outbox.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What the user reads, in each language. */
const TEXTS = {
  en: {
    browserLocale: 'en-US',
    kind: 'A company', need: 'Choose a location', firstName: 'First name', lastName: 'Last name', company: 'Company',
    email: 'Email', password: 'Password', newPassword: 'New password', currentPassword: 'Current password', confirm: 'Confirm password', terms: /I accept/,
    required: 'Value required', passwordsDiffer: 'Passwords are not identical', acceptTerms: 'You must accept CGU.',
    weak: 'Strength: weak', strong: 'Strength: strong', tooWeak: /too easy to guess/,
    checkInbox: /check your inbox/, verified: 'Your e-mail address is confirmed',
    vatInvalid: 'Invalid VAT number', saved: 'Your details have been saved.',
    wrongCurrent: 'The password entered does not match your current password.', passwordChanged: 'Your password has been changed.',
    resetNotice: 'Your password has been changed: log in with the new one.', invalidCredentials: 'Invalid email or password',
    titles: { signup: 'Sign up · Catchment', verify: 'Email confirmation · Catchment', profile: 'Profile · Catchment', forgotten: 'Forgotten password · Catchment', login: 'Login · Catchment' },
    // Washington, the English default place (no IP-location service in tests).
    place: { lng: -77.0369, lat: 38.9072 },
  },
  fr: {
    browserLocale: 'fr-FR',
    kind: 'Une entreprise', need: 'Choisir un emplacement', firstName: 'Prénom', lastName: 'Nom', company: 'Entreprise',
    email: 'E-mail', password: 'Mot de passe', newPassword: 'Nouveau mot de passe', currentPassword: 'Mot de passe actuel', confirm: 'Confirmer le mot de passe', terms: /J'accepte/,
    required: 'Valeur requise', passwordsDiffer: 'Les mots de passe ne sont pas identiques', acceptTerms: 'Vous devez accepter les CGU.',
    weak: 'Robustesse : faible', strong: 'Robustesse : forte', tooWeak: /trop facile à deviner/,
    checkInbox: /consultez votre boîte de réception/, verified: 'Votre adresse e-mail est confirmée',
    vatInvalid: 'Numéro de TVA invalide', saved: 'Vos informations ont été enregistrées.',
    wrongCurrent: 'Le mot de passe saisi ne correspond pas à votre mot de passe actuel.', passwordChanged: 'Votre mot de passe a été modifié.',
    resetNotice: 'Votre mot de passe a été modifié : connectez-vous avec le nouveau.', invalidCredentials: 'E-mail ou mot de passe invalide',
    titles: { signup: 'Inscription · Catchment', verify: "Confirmation de l'e-mail · Catchment", profile: 'Profil · Catchment', forgotten: 'Mot de passe oublié · Catchment', login: 'Connexion · Catchment' },
    // Paris, the French default place.
    place: { lng: 2.3522, lat: 48.8566 },
  },
} as const;

type Language = keyof typeof TEXTS;

const WEAK_PASSWORD = 'password123';
const FIRST_PASSWORD = 'violet lantern orbit 42';
const SECOND_PASSWORD = 'amber falcon river 9';
const THIRD_PASSWORD = 'quiet harbour cactus 17';

const isSessionRequest = (method: string) => (request: Request) => request.method() === method && /\/api\/Clients\/\d+\/session$/.test(new URL(request.url()).pathname);

/** The text of a field's error message (the input's aria-describedby), as a screen reader reads it. */
async function fieldError(page: Page, label: string | RegExp): Promise<string> {
  const input = page.getByLabel(label, { exact: typeof label === 'string' });
  await poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return (await page.locator(`[id="${errorId}"]`).textContent()) ?? '';
}

async function expectTitle(page: Page, title: string): Promise<void> {
  await poll(() => page.title()).toBe(title);
}

/** The profile, from the account menu (the header's menu on phones). */
async function openProfile(page: Page, phone: boolean): Promise<void> {
  await page.getByTestId(phone ? 'header-menu-button' : 'user-menu').click();
  await page.getByTestId('profile-link').click();
  await page.getByTestId('profile-page').waitFor();
}

async function me(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/auth/me');
  expect(response.status()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

async function journey(language: Language, device: Device = {}) {
  const text = TEXTS[language];
  const phone = !!device.isMobile;
  const shot = (name: string) => screenshot(page, `account-${language}-${name}`);
  const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale, device);
  const email = `e2e-${language}-${randomUUID()}@example.com`;

  // Landing on the sign-up page from a campaign's link.
  await page.goto('/app/signup?utm_source=newsletter&utm_medium=email&utm_campaign=accounts');
  const form = page.getByTestId('signup-form');
  await expectTitle(page, text.titles.signup);

  // Step 1, with the keyboard: nothing chosen is refused, then a choice per group and Enter.
  await form.getByTestId('signup-next').click();
  await poll(() => form.getByTestId('choice-kind').textContent()).toContain(text.required);
  await poll(() => form.getByTestId('choice-need').textContent()).toContain(text.required);
  await shot('signup-1-required');
  await form.getByLabel(text.kind).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  expect(await form.getByLabel(text.kind).isChecked()).toBe(true);
  expect(await form.getByLabel(text.need).isChecked()).toBe(true);
  await page.keyboard.press('Enter');
  await poll(() => form.getAttribute('data-step')).toBe('profile');

  // Step 2: the names are required; Back keeps the choices made.
  await form.getByTestId('signup-next').click();
  expect(await fieldError(page, text.firstName)).toBe(text.required);
  await form.getByTestId('signup-back').click();
  expect(await form.getByLabel(text.kind).isChecked()).toBe(true);
  await form.getByTestId('signup-next').click();
  await form.getByLabel(text.firstName, { exact: true }).fill('Ada');
  await form.getByLabel(text.lastName, { exact: true }).fill('Lovelace');
  await form.getByLabel(text.company, { exact: true }).fill('Analytical Engines');
  await shot('signup-2-profile');
  await form.getByLabel(text.company, { exact: true }).press('Enter');
  await poll(() => form.getAttribute('data-step')).toBe('login');

  // Step 3: the confirmation and the terms are checked here, the strength by the server.
  await form.getByLabel(text.email, { exact: true }).fill(email);
  await form.getByLabel(text.password, { exact: true }).fill(WEAK_PASSWORD);
  await form.getByLabel(text.confirm).fill(`${WEAK_PASSWORD}!`);
  await form.getByTestId('signup-next').click();
  expect(await fieldError(page, text.confirm)).toBe(text.passwordsDiffer);
  await poll(() => form.textContent()).toContain(text.acceptTerms);
  await poll(() => page.getByTestId('password-strength').textContent()).toBe(text.weak);
  await shot('signup-3-errors');
  await form.getByLabel(text.confirm).fill(WEAK_PASSWORD);
  await form.getByLabel(text.terms).check();
  await form.getByTestId('signup-next').click();
  expect(await fieldError(page, text.password)).toMatch(text.tooWeak);
  expect(await form.getAttribute('data-step')).toBe('login');

  await form.getByLabel(text.password, { exact: true }).fill(FIRST_PASSWORD);
  await poll(() => page.getByTestId('password-strength').textContent()).toBe(text.strong);
  await form.getByLabel(text.confirm).fill(FIRST_PASSWORD);
  await shot('signup-3-strong');
  const signupRequest = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/Clients');
  const sessionRequest = page.waitForRequest(isSessionRequest('POST'));
  await form.getByTestId('signup-next').click();
  const sent = (await signupRequest).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    email, firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', acceptTerms: true,
    utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'accounts',
    firstPageSeen: '/app/signup?utm_source=newsletter&utm_medium=email&utm_campaign=accounts',
  });
  const session = (await sessionRequest).postDataJSON() as { fingerprint: string; lng: number; lat: number };
  expect(session.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  expect(session).toMatchObject(text.place);

  // The notice: check the inbox, or have the link sent again.
  const notice = page.getByTestId('check-inbox-notice');
  await poll(() => notice.textContent()).toMatch(text.checkInbox);
  expect(await notice.textContent()).toContain(email);
  await page.waitForURL(/\/app\/map\//);
  await shot('signup-done-notice');
  const firstLink = await waitForMailLink(dataDir, email, '/app/verify-email?token=');
  const before = readOutbox(dataDir);
  await notice.getByRole('button').first().click();
  await page.getByTestId('verification-resent').waitFor();
  const link = await waitForMailLink(dataDir, email, '/app/verify-email?token=', before);
  expect(link).not.toBe(firstLink);

  // The address confirmed from the e-mail's link.
  await page.goto(link);
  await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('verified');
  expect(await page.getByTestId('verify-email-title').textContent()).toBe(text.verified);
  await expectTitle(page, text.titles.verify);
  await shot('verify-email-verified');
  expect((await me(page)).emailVerified).toBe(true);
  // The first link, opened afterwards: nothing more to do.
  await page.goto(firstLink);
  await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('alreadyVerified');
  await shot('verify-email-already');

  // The profile: an invalid VAT number is refused with its message and nothing is saved.
  await page.getByTestId('verify-email-profile').click();
  await page.getByTestId('profile-page').waitFor();
  await expectTitle(page, text.titles.profile);
  expect(await page.getByTestId('email-not-verified').count()).toBe(0);
  await page.getByTestId('email-verified-badge').waitFor();
  await page.getByTestId('profile-vat').fill('FR123');
  await page.getByTestId('profile-city').fill('Paris');
  await page.getByTestId('profile-save').click();
  await poll(async () => fieldError(page, /VAT|TVA/)).toBe(text.vatInvalid);
  await shot('profile-vat-invalid');
  expect((await me(page)).vat).toBeNull();
  expect((await me(page)).city).toBeNull();

  // A valid one, typed with spaces, and the billing address are saved and still there after a reload.
  await page.getByTestId('profile-vat').fill('FR 40 303 265 045');
  await page.getByTestId('profile-addressLine1').fill('12 rue de la Paix');
  await page.getByTestId('profile-postalCode').fill('75002');
  await page.getByTestId('profile-country').selectOption('FR');
  await page.getByTestId('profile-save').click();
  await poll(() => page.getByTestId('profile-saved').textContent()).toBe(text.saved);
  await shot('profile-saved');
  expect(await me(page)).toMatchObject({ vat: 'FR40303265045', addressLine1: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' });
  await page.reload();
  await poll(() => page.getByTestId('profile-vat').inputValue()).toBe('FR40303265045');
  expect(await page.getByTestId('profile-city').inputValue()).toBe('Paris');

  // The password change: the current one must be right.
  await page.getByTestId('password-change-button').click();
  const passwordForm = page.getByTestId('password-change-form');
  await passwordForm.getByLabel(text.currentPassword).fill('not my password');
  await passwordForm.getByLabel(text.newPassword).fill(SECOND_PASSWORD);
  await passwordForm.getByLabel(text.confirm).fill(SECOND_PASSWORD);
  await poll(() => passwordForm.getByTestId('password-strength').textContent()).toBe(text.strong);
  await passwordForm.getByTestId('password-change-submit').click();
  expect(await fieldError(page, text.currentPassword)).toBe(text.wrongCurrent);
  await shot('profile-password-wrong');
  await passwordForm.getByLabel(text.currentPassword).fill(FIRST_PASSWORD);
  await passwordForm.getByTestId('password-change-submit').click();
  await poll(() => page.getByTestId('password-changed').textContent()).toBe(text.passwordChanged);

  // Logout: the session record is closed, then the session.
  const closing = page.waitForRequest(isSessionRequest('DELETE'));
  await page.getByTestId('profile-logout-button').click();
  await closing;
  await page.getByTestId('signup-link').waitFor();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // Forgotten password, from the login page, with the e-mail typed there.
  await page.goto('/app/login');
  await expectTitle(page, text.titles.login);
  await page.getByTestId('login-form').getByLabel(text.email, { exact: true }).fill(email);
  await page.getByTestId('forgot-password-link').click();
  await expectTitle(page, text.titles.forgotten);
  expect(await page.getByTestId('forgot-password-form').getByLabel(text.email, { exact: true }).inputValue()).toBe(email);
  await shot('forgot-password');
  const beforeReset = readOutbox(dataDir);
  await page.getByTestId('forgot-password-form').locator('[type=submit]').click();
  await page.getByTestId('forgot-password-sent').waitFor();
  expect(await page.getByTestId('forgot-password-sent').textContent()).toContain(email);
  await shot('forgot-password-sent');
  const resetLink = await waitForMailLink(dataDir, email, '/app/resetpassword?token=', beforeReset);

  await page.goto(resetLink);
  await expectTitle(page, text.titles.forgotten);
  const resetForm = page.getByTestId('reset-password-form');
  await resetForm.getByLabel(text.newPassword).fill(THIRD_PASSWORD);
  await resetForm.getByLabel(text.confirm).fill(`${THIRD_PASSWORD}.`);
  await resetForm.locator('[type=submit]').click();
  expect(await fieldError(page, text.confirm)).toBe(text.passwordsDiffer);
  await resetForm.getByLabel(text.confirm).fill(THIRD_PASSWORD);
  await poll(() => resetForm.getByTestId('password-strength').textContent()).toBe(text.strong);
  await shot('reset-password');
  await resetForm.locator('[type=submit]').click();

  // Back on the login page, told so; the former password no longer opens the account, the new one does.
  await page.getByTestId('login-notice').waitFor();
  expect(await page.getByTestId('login-notice').textContent()).toBe(text.resetNotice);
  await shot('login-after-reset');
  const loginForm = page.getByTestId('login-form');
  await loginForm.getByLabel(text.email, { exact: true }).fill(email);
  await loginForm.getByLabel(text.password, { exact: true }).fill(SECOND_PASSWORD);
  await loginForm.locator('[type=submit]').click();
  await poll(() => page.getByTestId('form-error').textContent()).toContain(text.invalidCredentials);
  const reopened = page.waitForRequest(isSessionRequest('POST'));
  await loginForm.getByLabel(text.password, { exact: true }).fill(THIRD_PASSWORD);
  await loginForm.locator('[type=submit]').click();
  await page.waitForURL(/\/app\/map\//);
  expect(((await reopened).postDataJSON() as { lat: number }).lat).toBe(text.place.lat);
  expect((await me(page)).email).toBe(email);
  await openProfile(page, phone);
  await shot('profile');

  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
}

describe('account', () => {
  it('signs up, confirms the address, edits the profile, changes and resets the password, in English', async () => {
    await journey('en');
  });

  it('does the same in French on a phone', async () => {
    await journey('fr', PHONE);
  });

  it('changes the e-mail address after the current password, refuses links that are not valid, and logs out everywhere', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const shot = (name: string) => screenshot(page, `account-en-${name}`);
    const { email } = await signUpByApi(page, { password: FIRST_PASSWORD, firstName: 'Grace', lastName: 'Hopper' });
    const newEmail = `e2e-new-${randomUUID()}@example.com`;

    // Not confirmed yet: the profile says so, with a resend.
    await page.goto('/app/profile');
    await page.getByTestId('email-not-verified').waitFor();
    expect(await page.getByTestId('email-not-verified').textContent()).toContain(email);
    await shot('profile-not-verified');
    const beforeResend = readOutbox(dataDir);
    await page.getByTestId('resend-verification').click();
    await poll(() => page.getByTestId('email-not-verified').textContent()).toContain('A new link is on its way');
    await waitForMailLink(dataDir, email, '/app/verify-email?token=', beforeResend);

    // The change asks for the current password first.
    await page.getByTestId('email-change-button').click();
    const passwordStep = page.getByTestId('email-change-password');
    await passwordStep.getByLabel('Current password').fill('not my password');
    await passwordStep.locator('[type=submit]').click();
    expect(await fieldError(page, 'Current password')).toBe(TEXTS.en.wrongCurrent);
    await shot('email-change-password');
    await passwordStep.getByLabel('Current password').fill(FIRST_PASSWORD);
    await passwordStep.locator('[type=submit]').click();
    const emailStep = page.getByTestId('email-change-email');
    await emailStep.getByLabel('New e-mail address').fill(newEmail);
    await emailStep.locator('[type=submit]').click();
    await page.getByTestId('email-change-sent').waitFor();
    expect(await page.getByTestId('email-change-sent').textContent()).toContain(newEmail);
    await shot('email-change-sent');
    // Nothing changes until the link is followed.
    expect((await me(page)).email).toBe(email);

    const changeLink = await waitForMailLink(dataDir, newEmail, '/app/verify-email?emailChange=');
    await page.goto(changeLink);
    await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('emailChanged');
    expect(await page.getByTestId('verify-email-text').textContent()).toContain(newEmail);
    await shot('verify-email-changed');
    expect((await me(page)).email).toBe(newEmail);
    await page.getByTestId('verify-email-profile').click();
    await poll(() => page.getByTestId('profile-email').textContent()).toBe(newEmail);

    // Links that are not valid say so, and what to do.
    await page.goto('/app/verify-email?token=not-a-token');
    await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('invalid');
    expect(await page.getByTestId('verify-email-title').textContent()).toBe('This link is not valid');
    await shot('verify-email-invalid');
    await page.goto('/app/verify-email');
    await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('invalid');
    await page.goto('/app/resetpassword?token=not-a-token');
    const resetForm = page.getByTestId('reset-password-form');
    await resetForm.getByLabel('New password').fill(SECOND_PASSWORD);
    await resetForm.getByLabel('Confirm password').fill(SECOND_PASSWORD);
    await resetForm.locator('[type=submit]').click();
    await page.getByTestId('reset-password-link-problem').waitFor();
    await shot('reset-password-invalid');

    // Log out everywhere: this browser and another one are both logged out.
    const other = await openPage(browser, baseUrl);
    const login = await other.page.request.post('/api/auth/login', { data: { email: newEmail, password: FIRST_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto('/app/profile');
    await page.getByTestId('logout-everywhere-button').click();
    await shot('logout-everywhere-confirm');
    await page.getByTestId('logout-everywhere-confirm').click();
    await page.getByTestId('login-notice').waitFor();
    expect(await page.getByTestId('login-notice').textContent()).toBe('You have been logged out on every device.');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect((await other.page.request.get('/api/auth/me')).status()).toBe(401);
    await other.context.close();

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
