/**
 * The Advanced plan's exports in the browser: the census comparison of the areas to one Excel
 * sheet (the multi-area export) from the census tab, and the boundaries of the communes an area
 * covers as GeoJSON and KML from the divisions tab, read back from the files, in English then in
 * French; and the locks a Pro user sees on both, which open the plan comparison on Advanced.
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

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** A new user on `plan`, on the map signup leads to, with labelled circles (in km) around the places named. */
async function signedUpWithCircles(plan: string, circles: [place: string, radiusKm: number, label: string][]) {
  const opened = await newUserOnMap(browser, baseUrl, dataDir, plan);
  await opened.page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
  for (const [index, [place, radiusKm, label]] of circles.entries()) await drawCircle(opened.page, { place, radiusKm, label, expectedAreas: index + 1 });
  return opened;
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: await readFile((await download.path())!) };
}

async function sheetOf(content: Buffer, name: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook.getWorksheet(name)!;
}

/** The row of a sheet whose first cell is `label`, as its cells' values. */
function rowLabelled(sheet: ExcelJS.Worksheet, label: string): ExcelJS.CellValue[] {
  let found: ExcelJS.CellValue[] = [];
  sheet.eachRow((row) => { if (row.getCell(1).value === label) found = (row.values as ExcelJS.CellValue[]).slice(1); });
  return found;
}

describe('comparison and boundaries exports', () => {
  it('exports the comparison of two areas to Excel and the communes’ boundaries as GeoJSON and KML, in English then French', async () => {
    const { context, page, errors } = await signedUpWithCircles('advanced_2024', [['Antibes', 3, '=Antibes'], ['Nice', 5, 'Centre & port']]);
    await page.getByTestId('analysis-toggle').click();
    const comparison = page.getByTestId('census-comparison');
    await poll(() => comparison.locator('[data-testid="comparison-row"]').count()).toBe(2);
    // The selected area (the last drawn) first, then the others.
    const shown = await comparison.locator('[data-testid="comparison-row"]').evaluateAll((rows) => rows.map((row) => [
      row.querySelector('.comparison-label')?.textContent, row.querySelector('td[data-key="population"]')?.textContent,
    ]));
    expect(shown.map(([label]) => label)).toEqual(['Centre & port', '=Antibes']);
    const exportButton = page.getByTestId('comparison-export');
    expect(await exportButton.textContent()).toBe('Export the comparison (Excel)');
    await page.locator('.analysis-comparison').scrollIntoViewIfNeeded();
    await screenshot(page, 'comparison-export-en');

    const xlsx = await downloaded(page, () => exportButton.click());
    expect(xlsx.name).toBe('My map - comparison.xlsx');
    const sheet = await sheetOf(xlsx.content, 'Comparison');
    // The areas side by side, in the order shown; a name a spreadsheet would run is written as text.
    expect([sheet.getCell(1, 2).value, sheet.getCell(1, 4).value]).toEqual(['Centre & port', "'=Antibes"]);
    expect(sheet.getCell(2, 2).value).toContain('As the crow flies, 5 km');
    const population = rowLabelled(sheet, 'Population');
    expect([Math.round(population[1] as number), Math.round(population[3] as number)]).toEqual(shown.map(([, value]) => digits(value ?? '')));
    expect(rowLabelled(sheet, 'Population per km²')[1]).toBeGreaterThan(0);

    // The boundaries of the communes the first area covers, as listed in the divisions tab.
    await page.getByTestId('analysis-tab-divisions').click();
    await page.getByTestId('divisions-kind-fr_cities').click();
    const rows = page.getByTestId('division-row');
    await poll(() => rows.count()).toBeGreaterThan(1);
    const codes = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-code')));
    await screenshot(page, 'boundaries-export-en');
    const geojson = await downloaded(page, () => page.getByTestId('divisions-boundaries-geojson').click());
    expect(geojson.name).toBe('Centre & port - Communes (France).geojson');
    const collection = JSON.parse(geojson.content.toString('utf8'));
    expect(collection.features.map((feature: { properties: { code: string } }) => feature.properties.code)).toEqual(codes);
    const nice = collection.features.find((feature: { properties: { code: string } }) => feature.properties.code === '06088');
    expect(nice).toMatchObject({ geometry: { type: expect.stringMatching(/Polygon/) }, properties: { name: 'Nice', kind: 'fr_cities' } });
    const kml = await downloaded(page, () => page.getByTestId('divisions-boundaries-kml').click());
    const kmlText = kml.content.toString('utf8');
    expect(kmlText).toContain('<Folder><name>Communes (France)</name>');
    expect(kmlText.match(/<Placemark /g)).toHaveLength(codes.length);
    expect(kmlText).toContain('Share inside the area:');

    // In French.
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.getByTestId('divisions-boundaries').textContent()).toContain('Contours');
    const frenchKml = await downloaded(page, () => page.getByTestId('divisions-boundaries-kml').click());
    expect(frenchKml.name).toBe('Centre & port - Communes (France).kml');
    expect(frenchKml.content.toString('utf8')).toContain('Part dans la zone :');
    await screenshot(page, 'boundaries-export-fr');
    await page.getByTestId('analysis-tab-census').click();
    await poll(() => page.getByTestId('comparison-export').textContent()).toBe('Exporter la comparaison (Excel)');
    const frenchXlsx = await downloaded(page, () => page.getByTestId('comparison-export').click());
    expect(frenchXlsx.name).toBe('Ma carte - comparison.xlsx');
    const frenchSheet = await sheetOf(frenchXlsx.content, 'Comparaison');
    expect(frenchSheet.getCell(1, 1).value).toBe('Zone');
    expect(rowLabelled(frenchSheet, 'Habitants par km²')[1]).toBeGreaterThan(0);
    await page.locator('.analysis-comparison').scrollIntoViewIfNeeded();
    await screenshot(page, 'comparison-export-fr');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows a Pro user both exports locked with the Advanced plan, which they open the plan comparison on', async () => {
    const { context, page, errors } = await signedUpWithCircles('pro_2020', [['Nice', 5, 'Nice'], ['Antibes', 3, 'Antibes']]);
    await page.getByTestId('analysis-toggle').click();
    const locked = page.getByTestId('comparison-export');
    await poll(() => locked.getAttribute('data-locked-plan')).toBe('advanced_2024');
    expect(await locked.textContent()).toContain('Export the comparison (Excel)');
    await page.locator('.analysis-comparison').scrollIntoViewIfNeeded();
    await screenshot(page, 'comparison-export-locked');
    await locked.click();
    const dialog = page.getByTestId('plans-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByTestId('plan-card-advanced_2024').getAttribute('data-highlighted')).toBe('true');
    await page.getByTestId('plans-dialog-close').click();

    await page.getByTestId('analysis-tab-divisions').click();
    const boundaries = page.getByTestId('divisions-boundaries-locked');
    await poll(() => boundaries.getAttribute('data-locked-plan')).toBe('advanced_2024');
    expect(await boundaries.textContent()).toContain('Export the boundaries');
    expect(await page.getByTestId('divisions-boundaries-geojson').count()).toBe(0);
    await screenshot(page, 'boundaries-export-locked');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
