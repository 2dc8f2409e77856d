/**
 * The market-study report in the browser: a Pro user with an organisation (name and logo) takes
 * the map's picture from the Export menu, customises the report of two areas around Nice in the
 * analysis panel's report tab (title, comment, colours, sections, the organisation's logo), orders
 * it, follows it from waiting to Ready in My downloads, downloads the PDF and reads its text; then
 * again in French with an image uploaded in the panel as the logo. A free user sees the tab locked.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { testPng } from '../packages/domain/src/organization/test-images.js';
import { areaItems, drawCircle, unexpectedErrors } from './support/app.js';
import { launchBrowser, screenshot, waitForMapIdle } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { pdfPages } from './support/pdf-text.js';
import { poll } from './support/patience.js';

const ARTIFACTS = path.resolve('e2e/artifacts');
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The organisation a client sets up on its settings page, set through the same calls. */
async function setOrganization(page: Page, name: string) {
  const status = await page.evaluate(async ({ name, png }) => {
    const me = await (await fetch('/api/auth/me')).json() as { id: number };
    const json = { 'content-type': 'application/json' };
    const configured = await fetch(`/api/Clients/${me.id}/organization/configuration`, { method: 'PATCH', headers: json, body: JSON.stringify({ name, contact: '+33 4 93 00 00 00' }) });
    const logo = await fetch(`/api/Clients/${me.id}/organization/setLogo`, { method: 'POST', headers: json, body: JSON.stringify({ logo: png, ext: 'png' }) });
    return [configured.status, logo.status];
  }, { name, png: Buffer.from(testPng({ widthPixels: 120, heightPixels: 40 })).toString('base64') });
  expect(status).toEqual([200, 200]);
}

/** Follows the newest download to Ready in My downloads (opened from the report tab's note), and reads its PDF. */
async function followAndRead(page: Page, { ready, kind }: { ready: string; kind: string }, artifact: string) {
  await page.getByTestId('report-open-downloads').click();
  await page.waitForURL(/\/app\/profile\/downloads$/);
  const row = page.getByTestId('download').first();
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 120_000 }).toBe('completed');
  expect(await row.getByTestId('download-status').textContent()).toBe(ready);
  expect(await row.locator('.download-summary').textContent()).toContain(`${kind} · `);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-file').click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Kept beside the screenshots, to look at.
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, artifact), bytes);
  return { name: download.suggestedFilename(), pages: await pdfPages(bytes) };
}

describe('market-study report', () => {
  it('customises and orders the report of two areas with the organisation’s logo, follows it to Ready and reads the PDF, in English then in French', async () => {
    const { context, page, errors, mapUrl } = await newUserOnMap(browser, baseUrl, dataDir, 'pro_2020');
    await setOrganization(page, 'Riviera Conseil');
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();

    await drawCircle(page, { radiusKm: 3, label: 'Nice 3 km' });
    await drawCircle(page, { radiusKm: 8, label: 'Nice 8 km', expectedAreas: 2 });

    // The map's picture, drawn by the server's renderer, from the Export menu. The first picture
    // starts the renderer's Chromium and draws 3200 × 2000 pixels in software: on a busy machine it
    // takes longer than Playwright's 30 s default, well within the server's own time limit.
    await page.getByTestId('map-export').click();
    const [pictureDownload] = await Promise.all([page.waitForEvent('download', { timeout: 150_000 }), page.getByTestId('map-export-png').click()]);
    expect(pictureDownload.suggestedFilename()).toBe('My map.png');
    const picture = await readFile((await pictureDownload.path())!);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, 'map-picture.png'), picture);
    expect(picture.subarray(1, 4).toString()).toBe('PNG');
    // 1600 × 1000 drawn at twice the pixels; a blank picture would weigh a few kilobytes.
    expect([picture.readUInt32BE(16), picture.readUInt32BE(20)]).toEqual([3200, 2000]);
    expect(picture.length).toBeGreaterThan(100_000);

    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-tab-report').click();
    const form = page.getByTestId('report-form');
    await form.waitFor();
    // The selected area is in the report; the other is added.
    await expect.poll(() => page.getByTestId('report-area-choice').count()).toBe(2);
    for (const choice of await page.getByTestId('report-area-choice').all()) if (!(await choice.isChecked())) await choice.check();
    await page.getByTestId('report-title').fill('Opening a bakery in Nice');
    await page.getByTestId('report-comment').fill('Prepared for the franchise committee of 3 December.');
    await page.getByTestId('report-section-ownData').uncheck();
    await page.getByTestId('report-color-primary').fill('#0f766e');
    await page.getByTestId('report-logo-preview').waitFor();
    expect(await page.getByTestId('report-order').textContent()).toBe('Order the report of 2 areas');
    await screenshot(page, 'report-tab');
    await page.getByTestId('report-order').click();
    await page.getByTestId('report-ordered').waitFor();

    const english = await followAndRead(page, { ready: 'Ready', kind: 'Market-study report (PDF)' }, 'report-en.pdf');
    await screenshot(page, 'report-downloads');
    expect(english.name).toBe('Opening a bakery in Nice - report.pdf');
    const cover = english.pages[0]!;
    expect(cover).toContain('Riviera Conseil');
    expect(cover).toContain('MARKET STUDY');
    expect(cover).toContain('Opening a bakery in Nice');
    expect(cover).toContain('Prepared for the franchise committee of 3 December.');
    expect(cover).toContain('Nice 3 km');
    expect(cover).toContain('As the crow flies, 8 km');
    const all = english.pages.join('\n');
    expect(all).toContain('Census figures');
    expect(all).toContain('Administrative divisions');
    expect(all).toContain('Page 1 of');
    // Unticked: not printed.
    expect(all).not.toContain('My data');
    // Each area starts a page of its own, after the cover.
    expect(english.pages.length).toBeGreaterThanOrEqual(3);
    expect(english.pages.filter((text) => /^Nice [38] km/m.test(text)).length).toBeGreaterThanOrEqual(2);

    // In French, from the map again.
    await page.getByTestId('locale-switch').selectOption('fr');
    await page.goto(mapUrl);
    await waitForMapIdle(page);
    await areaItems(page).first().click();
    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-tab-report').click();
    await expect.poll(() => page.getByTestId('report-order').textContent()).toBe('Commander le rapport');
    await page.getByTestId('report-title').fill('Étude de la zone');
    // This time one of the user's images as the logo, uploaded in the panel.
    await page.getByTestId('report-logo-image').check();
    await page.getByTestId('asset-picker-empty').waitFor();
    expect(await page.getByTestId('report-order').isDisabled()).toBe(true);
    await page.getByTestId('asset-input').setInputFiles({ name: 'enseigne.png', mimeType: 'image/png', buffer: Buffer.from(testPng({ widthPixels: 90, heightPixels: 30 })) });
    await poll(() => page.locator('[data-testid="asset-option"][data-selected="true"]').count()).toBe(1);
    await screenshot(page, 'report-tab-image-fr');
    await page.getByTestId('report-order').click();
    await page.getByTestId('report-ordered').waitFor();
    const french = await followAndRead(page, { ready: 'Prêt', kind: "Rapport d'étude de marché (PDF)" }, 'report-fr.pdf');
    expect(french.name).toBe('Étude de la zone - rapport.pdf');
    expect(french.pages[0]).toContain('ÉTUDE DE MARCHÉ');
    expect(french.pages[0]).toContain('Étude de la zone');
    const allFrench = french.pages.join('\n');
    expect(allFrench).toContain('Chiffres du recensement');
    expect(allFrench).toContain('Page 1 sur');
    await screenshot(page, 'report-downloads-fr');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 420_000); // A picture and two reports, each drawn by the server's Chromium.

  it('shows the report tab locked on the free plan, with the plan that has it', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir);
    await page.getByTestId('analysis-toggle').click();
    const tab = page.getByTestId('analysis-tab-report');
    await expect.poll(() => tab.getAttribute('data-locked-plan')).toBe('pro_2020');
    await tab.click();
    expect(await page.getByTestId('report-form').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
