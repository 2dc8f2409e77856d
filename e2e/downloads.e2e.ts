/**
 * My downloads in the browser: the divisions of an area ordered as a download job from the
 * analysis panel, the file followed to Ready in Profile → My downloads (live, over the real-time
 * channel), downloaded (the workbook read back), the header's count of files ready going up then
 * down; the page on a phone's width; then the same in French, and Delete down to the empty list.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { areaItems, drawCircle, unexpectedErrors } from './support/app.js';
import { launchBrowser, screenshot, waitForMapIdle } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The header's count of files ready to download (wide screens: on the account menu's button); 0 when it shows none. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="user-menu"] [data-testid="downloads-badge"]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
}

/** Orders the selected area's divisions as a download job from the divisions tab, and opens My downloads from its note. */
async function orderDivisions(page: Page, buttonText: string) {
  const order = page.getByTestId('divisions-export-job');
  await expect.poll(() => order.textContent()).toBe(buttonText);
  await order.click();
  await page.getByTestId('divisions-export-ordered').waitFor();
}

async function downloadFile(page: Page, row: ReturnType<Page['getByTestId']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-file').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return { name: download.suggestedFilename(), workbook };
}

describe('my downloads', () => {
  it('orders the divisions as a job, follows it to Ready, downloads it and sees the count drop, in English then in French', async () => {
    const { context, page, errors, mapUrl } = await newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();

    await drawCircle(page, { radiusKm: 5, label: 'Nice centre' });

    // Nothing ordered yet: no count in the header, and an empty list.
    expect(await badgeCount(page)).toBe(0);
    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-tab-divisions').click();
    await poll(() => page.locator('[data-testid="division-row"]').count()).toBeGreaterThan(0);
    await orderDivisions(page, 'Prepare in My downloads');
    await screenshot(page, 'downloads-ordered');
    // The job completes on the server; the `downloads` event brings the count to the header.
    await poll(() => badgeCount(page)).toBe(1);

    await page.getByTestId('divisions-open-downloads').click();
    await page.waitForURL(/\/app\/profile\/downloads$/);
    await expect.poll(() => page.title()).toMatch(/^Downloads/);
    const row = page.getByTestId('download').first();
    await poll(() => row.getAttribute('data-status')).toBe('completed');
    expect(await row.getByTestId('download-title').textContent()).toBe('Nice centre - divisions.xlsx');
    expect(await row.getByTestId('download-status').textContent()).toBe('Ready');
    expect(await page.getByTestId('profile-nav-downloads').getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'downloads-ready');

    const english = await downloadFile(page, row);
    expect(english.name).toBe('Nice centre - divisions.xlsx');
    expect(english.workbook.getWorksheet('Communes (France)')?.getRow(1).values).toContain('Share inside the area (%)');
    // Downloaded: marked so, and the header's count drops.
    await expect.poll(() => row.getAttribute('data-downloaded')).toBe('true');
    await expect.poll(() => badgeCount(page)).toBe(0);
    expect(await row.getByTestId('download-downloaded').textContent()).toBe('downloaded');

    // In French: a second order from the map, followed the same way.
    await page.getByTestId('locale-switch').selectOption('fr');
    await page.goto(mapUrl);
    await waitForMapIdle(page);
    await areaItems(page).first().click();
    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-tab-divisions').click();
    await poll(() => page.locator('[data-testid="division-row"]').count()).toBeGreaterThan(0);
    await orderDivisions(page, 'Préparer dans Mes téléchargements');
    await poll(() => badgeCount(page)).toBe(1);
    await page.getByTestId('divisions-open-downloads').click();
    await page.waitForURL(/\/app\/profile\/downloads$/);
    // The URL changes before the page under it is drawn: wait for the heading the user reads.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Téléchargements');
    await expect.poll(() => page.getByTestId('download').count()).toBe(2);
    const newest = page.getByTestId('download').first();
    await poll(() => newest.getAttribute('data-status')).toBe('completed');
    expect(await newest.getByTestId('download-status').textContent()).toBe('Prêt');
    expect(await newest.getByTestId('download-file').textContent()).toBe('Télécharger');

    // A phone's width: the count on the one menu's button, the cards stacked.
    await page.setViewportSize({ width: 360, height: 760 });
    await expect.poll(() => page.locator('[data-testid="header-menu-button"] [data-testid="downloads-badge"]').getAttribute('data-count')).toBe('1');
    await screenshot(page, 'downloads-phone-fr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1400, height: 900 });

    const french = await downloadFile(page, newest);
    expect(french.workbook.getWorksheet('Communes (France)')?.getRow(1).values).toContain('Part dans la zone (%)');
    await expect.poll(() => badgeCount(page)).toBe(0);

    // Delete, after the question, down to the empty list.
    for (let left = 2; left > 0; left -= 1) {
      await page.getByTestId('download').first().getByTestId('download-delete').click();
      await page.getByTestId('download-delete-dialog-confirm').click();
      await expect.poll(() => page.getByTestId('download').count()).toBe(left - 1);
    }
    expect(await page.getByTestId('downloads-empty').textContent()).toMatch(/^Aucun téléchargement/);
    await screenshot(page, 'downloads-empty-fr');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
