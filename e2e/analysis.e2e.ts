/**
 * Analysing areas in the browser, on the demo data plus the real communes of Alpes-Maritimes the
 * test server imported: the population of a circle around Nice in English and French, an area
 * made of three communes picked by name, and the XLSX export of the divisions it covers. The users
 * are given the Advanced plan by the data command line, as an operator would (census figures and
 * divisions are paid features; e2e/plans.e2e.ts has the free plan's locks).
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { areaItems, drawCircle, unexpectedErrors, waitForSaved } from './support/app.js';
import { launchBrowser, screenshot, waitForMapIdle } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const digits = (text: string) => Number(text.replace(/\D/g, ''));

/** A new user on the Advanced plan, on the map signup leads to. */
const signedUpOnNewMap = () => newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');

describe('analysis panel', () => {
  it('shows the population of a circle around Nice, in English then in French', async () => {
    const { context, page, errors } = await signedUpOnNewMap();

    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
    await drawCircle(page, { radiusKm: 10 });

    await page.getByTestId('analysis-toggle').click();
    await expect.poll(() => page.getByTestId('analysis-country').inputValue()).toBe('fr');
    expect(await page.getByTestId('analysis-tab-census').getAttribute('aria-selected')).toBe('true');
    const population = page.getByTestId('census-population');
    await poll(() => population.textContent()).toMatch(/\d/);
    const english = (await population.textContent())!;
    // Nice and its neighbours: well above 100,000 people, written the English way.
    expect(english).toMatch(/^\d{3},\d{3}$/);
    expect(digits(english)).toBeGreaterThan(100_000);
    expect(await page.getByTestId('census-coverage-note').textContent()).toMatch(/cover \d+%/);
    await waitForMapIdle(page);
    await screenshot(page, 'analysis-census');

    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.getByTestId('analysis-tab-census').textContent()).toBe('Statistiques');
    await expect.poll(() => population.textContent()).toMatch(/^\d{3}\u202f\d{3}$/);
    expect(digits((await population.textContent())!)).toBe(digits(english));
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('makes an area of three communes and exports the divisions it covers', async () => {
    const { context, page, errors } = await signedUpOnNewMap();

    await page.getByTestId('create-mode-administrative').click();
    await page.getByTestId('unit-kind-select').selectOption('fr_cities');
    for (const name of ['Nice', 'Villefranche-sur-Mer', 'Beaulieu-sur-Mer']) {
      await page.getByTestId('unit-search-input').fill(name);
      await page.getByTestId('unit-suggestion').filter({ hasText: `${name} (` }).first().click();
    }
    await expect.poll(() => page.getByTestId('unit-selection-count').textContent()).toBe('3 territories selected');
    await expect.poll(() => page.getByTestId('create-admin-area-submit').isEnabled()).toBe(true);
    await waitForMapIdle(page);
    await screenshot(page, 'administrative-selection');
    await page.getByTestId('create-admin-area-submit').click();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    expect(await areaItems(page).first().innerText()).toContain('Nice, Villefranche-sur-Mer, Beaulieu-sur-Mer');
    await waitForSaved(page);

    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-tab-divisions').click();
    await page.getByTestId('divisions-kind-fr_cities').click();
    const whole = page.locator('[data-testid="division-row"]').filter({ hasText: '100%' });
    await poll(() => whole.count()).toBe(3);
    expect((await whole.allTextContents()).join(' ')).toMatch(/06088.*Nice/);
    await screenshot(page, 'analysis-divisions');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('divisions-export').click()]);
    expect(download.suggestedFilename()).toBe('Nice, Villefranche-sur-Mer, Beaulieu-sur-Mer - divisions.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Communes (France)')!;
    const rows: string[] = [];
    sheet.eachRow((row, index) => { if (index > 1) rows.push(`${String(row.getCell(3).value)}:${String(row.getCell(5).value)}`); });
    expect(rows).toEqual(expect.arrayContaining(['Nice:100', 'Villefranche-sur-Mer:100', 'Beaulieu-sur-Mer:100']));
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
