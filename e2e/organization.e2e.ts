/**
 * The organisation page of the profile area as a user lives it: in English, a GIF refused with the
 * SPEC's message and nothing sent, a PNG logo chosen with the file input (its upload's progress on
 * a slow connection), then seen again after a reload, the report details saved and kept; in French,
 * a JPEG dropped on the zone, a file over 5 MB and a GIF refused in French, the logo removed; a
 * subscription's user seeing its owner's organisation, without the means to change it.
 * Screenshots in both languages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { TEST_GIF, testJpeg, testPng } from '../packages/domain/src/organization/test-images.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'violet lantern orbit 42';
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A new user signed up through the API, logged in in the page's browser; their id. */
async function signedUp(page: Page, email = `e2e-org-${randomUUID()}@example.com`): Promise<number> {
  return (await signUpByApi(page, { email, password: PASSWORD })).id;
}

/** A call the test makes as the page's user, which must succeed; its JSON answer. */
async function succeed(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await page.request.fetch(url, { method, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

const isSetLogo = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/organization/setLogo');

/** The preview's picture once loaded: its address and its size in pixels. */
async function preview(page: Page): Promise<{ src: string; width: number; height: number }> {
  const image = page.getByTestId('logo-preview');
  await image.waitFor();
  await page.waitForFunction(() => {
    const element = document.querySelector<HTMLImageElement>('[data-testid="logo-preview"]');
    return !!element && element.complete && element.naturalWidth > 0 && !element.src.startsWith('blob:');
  });
  return image.evaluate((element: HTMLImageElement) => ({ src: element.getAttribute('src') ?? '', width: element.naturalWidth, height: element.naturalHeight }));
}

const file = (name: string, mimeType: string, bytes: Uint8Array) => ({ name, mimeType, buffer: Buffer.from(bytes) });

describe('organisation page', () => {
  it('refuses a GIF, uploads a PNG logo with its progress, and shows it again after a reload, in English', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-US');
    const shot = (name: string) => screenshot(page, `organization-en-${name}`);
    const clientId = await signedUp(page);
    const uploads: Request[] = [];
    page.on('request', (request) => { if (isSetLogo(request)) uploads.push(request); });

    // From the profile's side navigation.
    await page.goto('/app/profile');
    await page.getByTestId('profile-nav-organization').click();
    await page.getByTestId('organization-page').waitFor();
    await expect.poll(() => page.title()).toBe('Organisation · Catchment');
    await page.getByText('No logo yet').waitFor();
    await shot('01-empty');

    // A GIF: refused with the SPEC's message, before anything is sent.
    await page.getByTestId('logo-input').setInputFiles(file('logo.gif', 'image/gif', TEST_GIF));
    await expect.poll(() => page.getByTestId('logo-error').textContent()).toBe('This type of file is not supported: only JPEG and PNG images are accepted');
    expect(uploads).toHaveLength(0);
    expect(await page.getByTestId('logo-preview').count()).toBe(0);
    await shot('02-gif-refused');

    // A PNG on a slow connection: the progress shows while it uploads.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const png = testPng({ widthPixels: 240, heightPixels: 80, totalBytes: 600 * 1024 });
    await page.getByTestId('logo-input').setInputFiles(file('logo.png', 'image/png', png));
    await page.getByTestId('logo-progress').waitFor();
    await shot('03-uploading');
    await poll(() => page.getByTestId('logo-status').textContent()).toBe('Your logo has been saved.');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(uploads).toHaveLength(1);
    const shown = await preview(page);
    expect(shown.src).toMatch(new RegExp(`^/api/Clients/${clientId}/organization/logo\\?v=[0-9a-f]{16}$`));
    expect([shown.width, shown.height]).toEqual([240, 80]);
    expect(await page.getByTestId('logo-facts').textContent()).toBe('240 × 80 px · 600 kB');

    // The report details, saved; a bad website refused beside its field first.
    await page.getByLabel('Organisation name (optional)').fill('Études & Territoires');
    await page.getByLabel('Main colour', { exact: true }).fill('#AA3300');
    await page.getByLabel('Website (optional)').fill('not a website');
    await page.getByTestId('organization-save').click();
    await expect.poll(() => page.getByText('Invalid website address, e.g. www.example.com').count()).toBe(1);
    await page.getByLabel('Website (optional)').fill('www.etudes.example');
    await page.getByTestId('organization-save').click();
    await page.getByTestId('organization-saved').waitFor();
    await shot('04-saved');

    // After a reload: the logo from the server, the details as saved.
    await page.reload();
    const again = await preview(page);
    expect(again).toEqual(shown);
    expect(await page.getByLabel('Organisation name (optional)').inputValue()).toBe('Études & Territoires');
    expect(await page.getByLabel('Main colour', { exact: true }).inputValue()).toBe('#aa3300');
    expect(await page.getByLabel('Website (optional)').inputValue()).toBe('https://www.etudes.example');
    await shot('05-after-reload');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('takes a dropped JPEG, refuses a file over 5 MB and a GIF in French, and removes the logo', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'fr-FR');
    const shot = (name: string) => screenshot(page, `organization-fr-${name}`);
    await signedUp(page);
    await page.goto('/app/profile/organization');
    await page.getByTestId('organization-page').waitFor();
    await expect.poll(() => page.title()).toBe('Organisation · Catchment');
    await page.getByText('Pas encore de logo').waitFor();

    // Dropped on the zone, as from the desktop.
    const jpeg = Array.from(testJpeg(160, 64));
    await page.getByTestId('logo-dropzone').evaluate((zone, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'logo.jpg', { type: 'image/jpeg' }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, jpeg);
    await expect.poll(() => page.getByTestId('logo-status').textContent()).toBe('Votre logo a été enregistré.');
    expect(await preview(page)).toMatchObject({ width: 160, height: 64 });
    await shot('01-jpeg-dropped');

    // Over 5 MB, then a GIF: each refused in French, the logo kept.
    await page.getByTestId('logo-input').setInputFiles(file('grand.png', 'image/png', testPng({ totalBytes: 6 * 1024 * 1024 })));
    await expect.poll(() => page.getByTestId('logo-error').textContent()).toBe('Le logo est trop volumineux : il ne doit pas dépasser 5 Mo');
    await page.getByTestId('logo-input').setInputFiles(file('anime.gif', 'image/gif', TEST_GIF));
    await expect.poll(() => page.getByTestId('logo-error').textContent())
      .toBe("Ce type de fichier n'est pas pris en charge : seules les images JPEG et PNG sont acceptées");
    expect(await preview(page)).toMatchObject({ width: 160, height: 64 });
    await shot('02-gif-refused');

    // Removed: gone after a reload too.
    await page.getByTestId('logo-remove').click();
    await expect.poll(() => page.getByTestId('logo-status').textContent()).toBe('Le logo a été supprimé.');
    await page.reload();
    await page.getByText('Pas encore de logo').waitFor();
    expect(await page.getByTestId('logo-preview').count()).toBe(0);
    await shot('03-removed');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("shows a subscription's user its owner's organisation, read only", async () => {
    const owner = await openPage(browser, baseUrl, 'en-US');
    const colleague = await openPage(browser, baseUrl, 'en-US');
    const colleagueEmail = `e2e-org-${randomUUID()}@example.com`;
    await signedUp(colleague.page, colleagueEmail);
    const ownerId = await signedUp(owner.page);
    // The owner subscribes with two licences on the test-mode payment page, and gives one away.
    const payment = await succeed(owner.page, 'POST', `/api/Clients/${ownerId}/payment/pro_2020`, { period: 'monthly', licences: 2 });
    await succeed(owner.page, 'POST', `/api/billing/checkouts/${(payment.checkout as { id: string }).id}/confirm`, { outcome: 'paid' });
    await succeed(owner.page, 'POST', `/api/Clients/${ownerId}/subscribers`, { email: colleagueEmail });
    await succeed(owner.page, 'PATCH', `/api/Clients/${ownerId}/organization/configuration`, { name: 'Team & Co', primaryColor: '#0f766e' });
    await succeed(owner.page, 'POST', `/api/Clients/${ownerId}/organization/setLogo`, { logo: Buffer.from(testPng({ widthPixels: 120, heightPixels: 40 })).toString('base64'), ext: 'png' });

    const { page, errors } = colleague;
    await page.goto('/app/profile/organization');
    await expect.poll(() => page.getByTestId('organization-shared').textContent())
      .toBe('Your reports carry the organisation of your subscription’s owner: only they can change it.');
    expect(await preview(page)).toMatchObject({ width: 120, height: 40 });
    expect(await page.getByLabel('Organisation name (optional)').inputValue()).toBe('Team & Co');
    expect(await page.getByLabel('Organisation name (optional)').isDisabled()).toBe(true);
    expect(await page.getByTestId('logo-input').count()).toBe(0);
    expect(await page.getByTestId('organization-save').count()).toBe(0);
    await screenshot(page, 'organization-en-06-shared');

    expect(unexpectedErrors(errors)).toEqual([]);
    await owner.context.close();
    await colleague.context.close();
  });
});
