/**
 * The new-version notice (SPEC §4, §7): once the server serves another build than the one a page
 * runs (a deploy), the page says so when its user comes back to it (or at the minute's check) and
 * asks to reload; the notice cannot be closed. The deploy is played by writing the served
 * version file (in this run's own copy of the build), put back afterwards. In English and in French.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const VERSION_FILE = path.join(inject('webDistDir'), 'version.json');

let browser: Browser;
let served: string;
beforeAll(async () => {
  browser = await launchBrowser();
  served = fs.readFileSync(VERSION_FILE, 'utf8');
});
afterAll(async () => {
  if (served) fs.writeFileSync(VERSION_FILE, served);
  await browser?.close();
});

describe.each([
  ['en-US', 'A new version of Catchment is available', 'Reload'],
  ['fr-FR', 'Une nouvelle version de Catchment est disponible', 'Recharger'],
] as const)('the new-version notice (%s)', (locale, title, reload) => {
  it('appears once another build is served, cannot be closed, and reloads the page', async () => {
    const { context, page } = await openPage(browser, baseUrl, locale);
    try {
      await page.goto('/app/');
      await page.locator('header').first().waitFor();
      // The served build is the running one: no notice when the user comes back.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForTimeout(500);
      expect(await page.getByTestId('new-version-notice').count()).toBe(0);

      fs.writeFileSync(VERSION_FILE, JSON.stringify({ build: `deployed-${Date.now()}` }));
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const notice = page.getByTestId('new-version-notice');
      await poll(() => notice.innerText()).toContain(title);
      expect(await notice.getByRole('button').allInnerTexts()).toEqual([reload]);
      await screenshot(page, `new-version-${locale}`);

      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: reload }).click()]);
      await page.locator('header').first().waitFor();
    } finally {
      fs.writeFileSync(VERSION_FILE, served);
      await context.close();
    }
  });
});
