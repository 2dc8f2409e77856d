/**
 * The integrations page of the profile as a user lives it, in English on a desktop (signed up
 * through the form) and in French on a phone: Profile → Integrations, the demo key with what it is
 * for, copied with its button (the clipboard holds it, the button says so), used from outside the
 * app without any session (a partner's script: the categories suggested, then the page's own curl
 * example run in a shell, which counts Andorra's imported restaurants), this month's calls shown;
 * Revoke kept once, then confirmed in the dialog, which shows the key that replaces it: the old key
 * answers 401 APP_KEY_INVALID at once, the new one works. Then a Pro user's paid key, asleep once
 * the plan is free again, with its way to the plans, on a phone in English and a desktop in
 * French. Screenshots of each step under e2e/artifacts.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { APP_KEY_PATTERN } from '@catchment/domain';
import { launchBrowser, openPage, screenshot, type Device } from './support/browser.js';
import { signUp, signUpByApi, unexpectedErrors } from './support/app.js';
import { setPlan } from './support/plans.js';
import { runDataCommand } from './support/data-command.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

/** Andorra's points of interest, imported as an operator does it: the catalogue the curl example counts in. */
const ANDORRA_EXTRACT = 'test-data/osm/andorra.osm.pbf';

beforeAll(async () => {
  runDataCommand(dataDir, ['import', 'osm-pois', ANDORRA_EXTRACT]);
  browser = await launchBrowser();
});
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const TEXTS = {
  en: {
    browserLocale: 'en-US', title: 'Integrations · Catchment', heading: 'Integrations', section: 'App keys',
    demo: 'Demo key', paid: 'Paid key', demoPurpose: /^For trying the calls and for demonstration pages\./,
    active: 'Active', asleep: 'Asleep', asleepNote: /^Asleep while your plan is free: its calls are refused until a paid plan is in force again\. See plans$/,
    copy: 'Copy', copied: '✓ Copied', demoAllowance: '30 calls a minute', paidAllowance: '300 calls a minute',
    revokeTitle: 'Revoke the demo key', consequence: 'This key stops working at once: every site or script that calls with it gets an error.',
    replacement: 'A new key replaces it straight away: put the new key wherever you used this one.',
    done: 'The key is revoked. Here is the new key that replaces it:', howToCall: 'How to call', subscription: 'You are on the free plan',
  },
  fr: {
    browserLocale: 'fr-FR', title: 'Intégrations · Catchment', heading: 'Intégrations', section: "Clés d'application",
    demo: 'Clé de démonstration', paid: 'Clé payante', demoPurpose: /^Pour essayer les appels et pour des pages de démonstration\./,
    active: 'Active', asleep: 'En sommeil',
    asleepNote: /^En sommeil tant que votre offre est gratuite : ses appels sont refusés jusqu'à ce qu'une offre payante soit de nouveau en vigueur\. Voir les offres$/,
    copy: 'Copier', copied: '✓ Copié', demoAllowance: '30 appels par minute', paidAllowance: '300 appels par minute',
    revokeTitle: 'Révoquer la clé de démonstration', consequence: "Cette clé cesse de fonctionner immédiatement : tout site ou script qui l'utilise reçoit une erreur.",
    replacement: 'Une nouvelle clé la remplace aussitôt : mettez-la partout où vous utilisiez celle-ci.',
    done: 'La clé est révoquée. Voici la nouvelle clé qui la remplace :', howToCall: 'Comment appeler', subscription: "Vous êtes sur l'offre gratuite",
  },
} as const;
type Language = keyof typeof TEXTS;

/** Text as read, runs of white space (and French no-break spaces) as one space. */
const shown = async (page: Page, testId: string, within?: string) => {
  const scope = within ? page.locator(within) : page;
  return (await scope.getByTestId(testId).innerText()).replace(/[\s\u202f\u00a0]+/g, ' ').trim();
};

/** A keyed call as a partner's script makes it: no cookie, no session, the key in the path. */
async function keyed(key: string, route: string, body: unknown): Promise<{ status: number; body: { error?: { code: string }; categories?: { id: string }[] } }> {
  const response = await fetch(`${baseUrl}/api/Appkeys/${key}/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() as never };
}

const suggestBakeries = (key: string) => keyed(key, 'searches/autocompleteCategories', { datasetName: 'ad_osm_poi', text: 'bakery', lang: 'en' });

async function keysOfPageUser(page: Page): Promise<{ key: string; kind: string; callsThisMonth: number }[]> {
  const me = await (await page.request.get('/api/auth/me')).json() as { id: number };
  return (await page.request.get(`/api/Clients/${me.id}/appKeys`)).json() as never;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Whether the page is wider than the screen (something would need a sideways scroll). */
const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

async function openedWithClipboard(language: Language, device: Device): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, baseUrl, TEXTS[language].browserLocale, device);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return opened;
}

async function demoKeyJourney(language: Language, device: Device) {
  const text = TEXTS[language];
  const phone = !!device.isMobile;
  const { context, page, errors } = await openedWithClipboard(language, device);
  const shot = (name: string) => screenshot(page, `integrations-${language}-${phone ? 'phone' : 'desktop'}-${name}`);

  // Signed up (through the form in English), then Profile → Integrations.
  if (language === 'en' && !phone) {
    await page.goto('/app/');
    await signUp(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('profile-link').click();
  } else {
    await signUpByApi(page);
    await page.goto('/app/profile');
  }
  await page.getByTestId('profile-page').waitFor();
  await page.getByTestId('profile-nav-integrations').click();
  await page.getByTestId('integrations-page').waitFor();
  await poll(() => page.title()).toBe(text.title);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(text.heading);
  expect(await page.locator('#app-keys-title').innerText()).toBe(text.section);

  // One demo key, active, with what it is for and its figures.
  const card = page.getByTestId('app-key');
  await poll(() => card.count()).toBe(1);
  expect(await card.getAttribute('data-kind')).toBe('demo');
  const key = await shown(page, 'app-key-value');
  expect(key).toMatch(APP_KEY_PATTERN);
  expect(key.startsWith('demo_')).toBe(true);
  expect(await shown(page, 'app-key-name')).toBe(text.demo);
  expect(await shown(page, 'app-key-purpose')).toMatch(text.demoPurpose);
  expect(await shown(page, 'app-key-state')).toBe(text.active);
  expect(await shown(page, 'app-key-calls')).toBe('0');
  expect(await shown(page, 'app-key-allowance')).toBe(text.demoAllowance);
  expect(await shown(page, 'app-key-created')).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date()).replace(/\s+/g, ' '));
  expect(await page.getByTestId('how-to-call').getByRole('heading').innerText()).toBe(text.howToCall);
  expect(await widerThanScreen(page)).toBe(false);
  await shot('01-demo-key');
  if (phone) {
    await page.getByTestId('how-to-call').scrollIntoViewIfNeeded();
    await shot('01-how-to-call');
  }

  // Copied with its button: the clipboard holds the key, the button says so, then offers again.
  const copy = page.getByTestId('app-key-copy');
  expect(await copy.innerText()).toBe(text.copy);
  await copy.click();
  await poll(() => copy.innerText()).toBe(text.copied);
  expect(await clipboard(page)).toBe(key);
  await shot('02-copied');
  await poll(() => copy.innerText()).toBe(text.copy);

  // Used from outside the app: the suggestions answer with the key alone.
  const suggested = await suggestBakeries(key);
  expect(suggested.status).toBe(200);
  expect(suggested.body.categories).toContainEqual(expect.objectContaining({ id: 'food.bakery' }));

  // The page's curl example, copied and run as it is: a count of Andorra's restaurants on this server.
  await page.getByTestId('how-to-call-copy').click();
  const command = await clipboard(page);
  expect(command).toBe(await page.getByTestId('how-to-call-command').innerText());
  expect(command).toContain(`'${baseUrl}/api/Appkeys/${key}/business'`);
  expect(command).toContain('"datasetName":"ad_osm_poi"');
  const answer = JSON.parse(execFileSync('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] }).toString()) as { counts: number[]; estimated: boolean[] };
  expect(answer.estimated).toEqual([false]);
  expect(answer.counts).toHaveLength(1);
  expect(answer.counts[0]).toBeGreaterThan(0);

  // Two calls answered this month, shown on the page once it is read again.
  await poll(async () => (await keysOfPageUser(page))[0]!.callsThisMonth).toBe(2);
  await page.reload();
  await poll(() => shown(page, 'app-key-calls')).toBe('2');

  // Revoke, then keep the key: nothing changes.
  const dialog = page.getByTestId('revoke-app-key-dialog');
  await page.getByTestId('app-key-revoke').click();
  await poll(() => dialog.isVisible()).toBe(true);
  await page.getByTestId('revoke-app-key-keep').click();
  await poll(() => dialog.isVisible()).toBe(false);
  expect(await shown(page, 'app-key-value')).toBe(key);
  expect((await suggestBakeries(key)).status).toBe(200);

  // Revoke, confirmed: the dialog says what it does, then shows the key that replaces it.
  await page.getByTestId('app-key-revoke').click();
  await poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.locator('#revoke-app-key-title').innerText()).toBe(text.revokeTitle);
  expect(await dialog.innerText()).toContain(text.consequence);
  expect(await dialog.innerText()).toContain(text.replacement);
  expect(await shown(page, 'revoke-app-key-old')).toBe(key);
  await shot('03-revoke-dialog');
  await page.getByTestId('revoke-app-key-confirm').click();
  await poll(() => dialog.getAttribute('data-step')).toBe('revoked');
  expect(await shown(page, 'revoke-app-key-done')).toBe(text.done);
  const replacement = await shown(page, 'revoke-app-key-new');
  expect(replacement).toMatch(APP_KEY_PATTERN);
  expect(replacement.startsWith('demo_')).toBe(true);
  expect(replacement).not.toBe(key);
  await page.getByTestId('revoke-app-key-copy').click();
  await poll(() => page.getByTestId('revoke-app-key-copy').innerText()).toBe(text.copied);
  expect(await clipboard(page)).toBe(replacement);
  await shot('04-revoked');

  // The old key stops at once; the page shows the new one, which works.
  const refused = await suggestBakeries(key);
  expect(refused.status).toBe(401);
  expect(refused.body.error?.code).toBe('APP_KEY_INVALID');
  await page.getByTestId('revoke-app-key-close').click();
  await poll(() => dialog.isVisible()).toBe(false);
  await poll(() => card.count()).toBe(1);
  expect(await shown(page, 'app-key-value')).toBe(replacement);
  expect(await shown(page, 'app-key-calls')).toBe('0');
  expect(await page.getByTestId('how-to-call-command').innerText()).toContain(`/api/Appkeys/${replacement}/business`);
  expect((await suggestBakeries(replacement)).status).toBe(200);
  await shot('05-new-key');

  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
}

/** A Pro user's keys: the paid key beside the demo key, then asleep once the plan is free again. */
async function paidKeyJourney(language: Language, device: Device) {
  const text = TEXTS[language];
  const { context, page, errors } = await openedWithClipboard(language, device);
  const shot = (name: string) => screenshot(page, `integrations-${language}-${device.isMobile ? 'phone' : 'desktop'}-${name}`);
  const { email } = await signUpByApi(page);
  setPlan(dataDir, email, 'pro_2020');
  await page.goto('/app/profile/integrations');
  await poll(() => page.getByTestId('app-key').count()).toBe(2);
  // Opened at its address: its entry of the profile's navigation is in view (a row of tabs on a phone).
  expect(await page.getByTestId('profile-nav-integrations').evaluate((link) => {
    const box = link.getBoundingClientRect();
    return box.left >= -0.5 && box.right <= window.innerWidth + 0.5;
  })).toBe(true);
  const paid = page.locator('[data-testid="app-key"][data-kind="paid"]');
  expect(await paid.getByTestId('app-key-name').innerText()).toBe(text.paid);
  expect(await paid.getByTestId('app-key-state').innerText()).toBe(text.active);
  expect(await paid.getByTestId('app-key-allowance').innerText()).toBe(text.paidAllowance);
  const paidKey = await paid.getByTestId('app-key-value').innerText();
  expect(paidKey.startsWith('paid_')).toBe(true);
  expect((await suggestBakeries(paidKey)).status).toBe(200);
  expect(await widerThanScreen(page)).toBe(false);
  await shot('06-paid-key');

  // Back on the free plan: the paid key sleeps (403 APP_KEY_PLAN_ENDED), the page says so and points to the plans.
  setPlan(dataDir, email, 'default');
  await page.reload();
  await poll(() => paid.getAttribute('data-active')).toBe('false');
  expect(await paid.getByTestId('app-key-state').innerText()).toBe(text.asleep);
  expect((await paid.getByTestId('app-key-asleep').innerText()).replace(/[\s\u00a0]+/g, ' ')).toMatch(text.asleepNote);
  const asleep = await suggestBakeries(paidKey);
  expect(asleep.status).toBe(403);
  expect(asleep.body.error?.code).toBe('APP_KEY_PLAN_ENDED');
  expect(await widerThanScreen(page)).toBe(false);
  await paid.scrollIntoViewIfNeeded();
  await shot('07-paid-key-asleep');
  await paid.getByTestId('app-key-see-plans').click();
  await poll(() => shown(page, 'subscription-empty')).toContain(text.subscription);

  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
}

describe('integrations page', () => {
  it('shows, copies, uses and revokes the demo key, in English on a desktop', () => demoKeyJourney('en', {}));
  it('shows, copies, uses and revokes the demo key, in French on a phone', () => demoKeyJourney('fr', PHONE));
  it("shows a Pro user's paid key, asleep on the free plan, in English on a phone", () => paidKeyJourney('en', PHONE));
  it("shows a Pro user's paid key, asleep on the free plan, in French on a desktop", () => paidKeyJourney('fr', {}));
});
