/**
 * The indicators tab in the browser, in English and in French, on the communes of Alpes-Maritimes
 * (census) and the OpenStreetMap points of interest of Monaco imported into the test server as an
 * operator does it (`npm run data -- import osm-pois`): an Advanced user draws a circle over
 * Beausoleil and Monaco, chooses France's data, searches the restaurants, and builds "population per restaurant" in the
 * editor (Population ÷ Restaurants, from the measure search and the keyboard), meeting the
 * incorrect-formula message while the formula is unfinished; its value for the area is the census
 * population the census tab shows divided by the restaurant count the POI tab shows, and the Excel
 * export says the same. A Pro user is told that such a formula is part of the Advanced plan. Screenshots under e2e/artifacts.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, signUpByApi, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { setPlan } from './support/plans.js';
import { runDataCommand } from './support/data-command.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

/** The OpenStreetMap extract of Monaco in test-data, whose points of interest are imported here. */
const MONACO_EXTRACT = 'test-data/osm/monaco.osm.pbf';

beforeAll(async () => {
  runDataCommand(dataDir, ['import', 'osm-pois', MONACO_EXTRACT]);
  browser = await launchBrowser();
});
afterAll(async () => { await browser?.close(); });

const TEXTS = {
  en: {
    browserLocale: 'en-US', tab: 'My indicators', restaurants: 'Restaurants', name: 'Population per restaurant',
    incorrect: 'Error: the formula is incorrect', formula: '= Population ÷ Restaurants', saved: 'Saved', sheet: 'Indicators', advanced: /part of the Advanced plan/,
    figure: /^\d{1,3}(,\d{3})*(\.\d+)?$/,
  },
  fr: {
    browserLocale: 'fr-FR', tab: 'Mes indicateurs', restaurants: 'Restaurants', name: 'Population par restaurant',
    incorrect: 'Erreur: la formule est incorrecte', formula: '= Population ÷ Restaurants', saved: 'Enregistré', sheet: 'Indicateurs', advanced: /incluse dans l'offre Advanced/,
    figure: /^\d{1,3}(\u202f\d{3})*(,\d+)?$/,
  },
} as const;
type Language = keyof typeof TEXTS;

/** A number as the page writes it in the language, read back. */
const readFigure = (text: string, language: Language) =>
  Number((language === 'fr' ? text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.') : text.replace(/,/g, '')).trim());

/** A new user (on a plan) on a new map in the language, with a 1.5 km circle over Beausoleil and Monaco. */
async function userWithMonacoArea(language: Language, plan: string) {
  const opened = await openPage(browser, baseUrl, TEXTS[language].browserLocale);
  const { page } = opened;
  const { email } = await signUpByApi(page);
  setPlan(dataDir, email, plan);
  await page.goto('/app/');
  await page.waitForURL(/\/app\/map\//);
  await waitForMapIdle(page);
  await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
  await drawCircle(page, { place: 'Beausoleil', radiusKm: 1.5 });
  await page.getByTestId('analysis-toggle').click();
  // The circle's middle is in Monaco (the rest of the world's data): the user chooses France's.
  await page.getByTestId('analysis-country').selectOption('fr');
  await waitForMapIdle(page);
  await screenshot(page, `indicators-area-${language}-${plan}`);
  return opened;
}

/** The census population of the area, as the census tab shows it. */
async function censusPopulation(page: Page, language: Language): Promise<number> {
  await page.getByTestId('analysis-tab-census').click();
  const population = page.getByTestId('census-population');
  await poll(() => population.textContent()).toMatch(/\d/);
  return readFigure((await population.textContent())!, language);
}

/** Searches the restaurants of Monaco's catalogue from the POI tab; returns their count in the area, as its card shows it. */
async function restaurantCount(page: Page, language: Language): Promise<number> {
  await page.getByTestId('analysis-tab-poi').click();
  await page.getByTestId('poi-new-search').click();
  const editor = page.getByTestId('search-editor');
  await editor.waitFor();
  await editor.getByTestId('search-editor-catalogue').selectOption('mc_osm_poi');
  await editor.getByTestId('search-editor-category-input').fill('restaurant');
  await editor.getByTestId('search-editor-category-option').filter({ hasText: new RegExp(`^${TEXTS[language].restaurants}`) }).first().click();
  await poll(() => editor.getByTestId('search-editor-chip').getAttribute('data-value')).toBe('food.restaurant');
  await editor.getByTestId('search-editor-save').click();
  await editor.waitFor({ state: 'hidden' });
  const count = page.getByTestId('poi-search-count');
  await poll(() => count.getAttribute('data-count')).toMatch(/^\d+$/);
  return Number(await count.getAttribute('data-count'));
}

describe.each(['en', 'fr'] as const)('indicators in %s', (language) => {
  const text = TEXTS[language];

  it('builds the population per restaurant of an area, equal to the census population over the restaurants counted', async () => {
    const { context, page, errors } = await userWithMonacoArea(language, 'advanced_2024');
    const population = await censusPopulation(page, language);
    expect(population).toBeGreaterThan(0);
    const restaurants = await restaurantCount(page, language);
    expect(restaurants).toBeGreaterThan(0);

    const tab = page.getByTestId('analysis-tab-indicators');
    expect(await tab.textContent()).toBe(text.tab);
    await tab.click();
    await page.getByTestId('metrics-empty').waitFor();
    await screenshot(page, `indicators-empty-${language}`);

    await page.getByTestId('metrics-new').click();
    const editor = page.getByTestId('metric-editor');
    await editor.waitFor();
    await editor.getByTestId('metric-editor-name').fill(text.name);
    await editor.getByTestId('metric-editor-symbol').filter({ hasText: '🍽️' }).click();
    const input = editor.getByTestId('metric-formula-input');
    const check = editor.getByTestId('metric-formula-check');
    const chips = editor.getByTestId('metric-formula-chip-label');
    // "pop" finds the population; Enter adds it, "/" adds the division.
    await input.fill('pop');
    await poll(() => editor.getByTestId('metric-formula-option').first().innerText()).toBe('Population');
    await input.press('Enter');
    await input.press('/');
    expect(await chips.allInnerTexts()).toEqual(['Population', '÷']);
    // Unfinished: the domain's message, the missing element marked, no saving.
    await poll(() => check.innerText()).toBe(text.incorrect);
    expect(await check.getAttribute('data-reason')).toBe('incorrect');
    await editor.getByTestId('metric-formula-missing').waitFor();
    expect(await editor.getByTestId('metric-editor-save').isDisabled()).toBe(true);
    await screenshot(page, `indicators-incorrect-${language}`);

    await input.fill('rest');
    await poll(() => editor.getByTestId('metric-formula-option').first().innerText()).toBe(text.restaurants);
    await input.press('Enter');
    await poll(() => check.getAttribute('data-reason')).toBe('ok');
    expect(await check.innerText()).toBe('');
    expect(await editor.getByTestId('metric-formula-text').innerText()).toBe(text.formula);
    // The value previewed before saving.
    const preview = editor.getByTestId('metric-editor-preview');
    await poll(() => preview.getAttribute('data-value')).toMatch(/\d/);
    // The census tab shows a whole number of people: the value is within half a person per restaurant of it.
    expect(Math.abs(Number(await preview.getAttribute('data-value')) - population / restaurants)).toBeLessThanOrEqual(0.5 / restaurants + 1e-9);
    await screenshot(page, `indicators-editor-${language}`);

    await editor.getByTestId('metric-editor-save').click();
    await editor.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('metrics-save-status').innerText()).toBe(text.saved);
    const card = page.getByTestId('metric-card');
    await poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('metric-name').innerText()).toBe(text.name);
    expect(await card.getByTestId('metric-formula').innerText()).toBe(text.formula);
    const value = card.getByTestId('metric-value');
    await poll(() => value.getAttribute('data-value')).toMatch(/\d/);
    const computed = Number(await value.getAttribute('data-value'));
    expect(Math.abs(computed - population / restaurants)).toBeLessThanOrEqual(0.5 / restaurants + 1e-9);
    // Written the language's way, and the same figure to its precision.
    const shown = await value.innerText();
    expect(shown).toMatch(text.figure);
    expect(Math.abs(readFigure(shown, language) - computed)).toBeLessThan(Math.max(0.51, computed * 0.01));
    await screenshot(page, `indicators-list-${language}`);

    // Exported to Excel: the indicator, its formula in words, the same value, unrounded.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('metrics-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await readFile((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(text.sheet);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(0, 2)).toEqual([expect.stringContaining(text.name), text.formula.replace('= ', '')]);
    expect(row[2]).toBeCloseTo(computed, 9);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('indicators on the Pro plan', () => {
  it('says that a formula combining two data is part of the Advanced plan, and saves one of a single data', async () => {
    const { context, page, errors } = await userWithMonacoArea('en', 'pro_2020');
    await page.getByTestId('analysis-tab-indicators').click();
    await page.getByTestId('metrics-new').click();
    const editor = page.getByTestId('metric-editor');
    await editor.getByTestId('metric-editor-name').fill('Thousands of people');
    const input = editor.getByTestId('metric-formula-input');
    await input.fill('population');
    await input.press('Enter');
    await input.press('/');
    await input.fill('1000');
    await input.press('Enter');
    await poll(() => editor.getByTestId('metric-formula-check').getAttribute('data-reason')).toBe('ok');
    expect(await editor.getByTestId('metric-editor-plan-lock').count()).toBe(0);
    // A second measure makes it an advanced formula.
    await input.press('+');
    await input.fill('retired');
    await poll(() => editor.getByTestId('metric-formula-option').count()).toBeGreaterThan(0);
    await input.press('Enter');
    const lock = editor.getByTestId('metric-editor-plan-lock');
    await poll(() => lock.getAttribute('data-plan')).toBe('advanced_2024');
    expect(await lock.innerText()).toMatch(TEXTS.en.advanced);
    expect(await editor.getByTestId('metric-editor-save').isDisabled()).toBe(true);
    await screenshot(page, 'indicators-advanced-lock');
    // Back to one measure: saved.
    await input.press('Backspace');
    await input.press('Backspace');
    await poll(() => lock.count()).toBe(0);
    await editor.getByTestId('metric-editor-save').click();
    await editor.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('metric-card').count()).toBe(1);
    await poll(() => page.getByTestId('metric-value').getAttribute('data-value')).toMatch(/\d/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
