/**
 * Exports in the browser: a map's areas as KML and GeoJSON from the layers panel's Export menu
 * (opened and chosen with the keyboard too), and the census figures of the areas to Excel from the
 * analysis panel, in English then in French. The user is given the Pro plan (the census's).
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, unexpectedErrors } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const digits = (text: string) => Number(text.replace(/\D/g, ''));

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: await readFile((await download.path())!) };
}

describe('exports', () => {
  it('exports the areas as KML and GeoJSON, and their census figures to Excel, in English then French', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir, 'pro_2020');
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();

    await drawCircle(page, { radiusKm: 5, label: 'Centre & port' });

    // The Export menu, by mouse: KML.
    await page.getByTestId('map-export').click();
    await screenshot(page, 'exports-menu');
    const kml = await downloaded(page, () => page.getByTestId('map-export-kml').click());
    expect(kml.name).toMatch(/\.kml$/);
    const text = kml.content.toString('utf8');
    expect(text).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(text.match(/<Placemark /g)).toHaveLength(1);
    expect(text).toContain('<name>Centre &amp; port</name>');
    expect(text).toContain('As the crow flies, 5 km');

    // By keyboard: the button opens the menu, arrows move, Enter chooses GeoJSON.
    await page.getByTestId('map-export').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('map-export-kml');
    await page.keyboard.press('ArrowDown');
    const geojson = await downloaded(page, () => page.keyboard.press('Enter'));
    expect(geojson.name).toMatch(/\.geojson$/);
    const collection = JSON.parse(geojson.content.toString('utf8'));
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0].properties).toMatchObject({ label: 'Centre & port', distanceMeters: 5000 });

    // The census figures to Excel: the population shown is the one written.
    await page.getByTestId('analysis-toggle').click();
    const population = page.getByTestId('census-population');
    await poll(() => population.textContent()).toMatch(/\d/);
    expect(await page.getByTestId('census-export').textContent()).toBe('Export to Excel');
    await screenshot(page, 'exports-census');
    const xlsx = await downloaded(page, () => page.getByTestId('census-export').click());
    expect(xlsx.name).toBe('Centre & port - census.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Census')!.getRow(2);
    expect([row.getCell(1).value, row.getCell(4).value]).toEqual(['Centre & port', 'Population']);
    expect(Math.round(row.getCell(5).value as number)).toBe(digits((await population.textContent())!));

    // In French.
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.getByTestId('census-export').textContent()).toBe('Exporter vers Excel');
    expect(await page.getByTestId('map-export').textContent()).toBe('Exporter');
    await page.getByTestId('map-export').click();
    expect(await page.getByTestId('map-export-geojson').textContent()).toBe('GeoJSON (SIG)');
    const french = await downloaded(page, () => page.getByTestId('map-export-kml').click());
    expect(french.content.toString('utf8')).toContain("À vol d&apos;oiseau, 5 km");
    const frenchXlsx = await downloaded(page, () => page.getByTestId('census-export').click());
    const frenchBook = new ExcelJS.Workbook();
    await frenchBook.xlsx.load(frenchXlsx.content as unknown as ArrayBuffer);
    expect(frenchBook.getWorksheet('Recensement')!.getRow(1).getCell(1).value).toBe('Zone');
    await screenshot(page, 'exports-french');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
