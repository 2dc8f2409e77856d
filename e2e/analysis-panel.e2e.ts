/**
 * The analysis panel as users meet it: a visitor is told what it gives and offered to sign up; the
 * panel leaves the map's controls usable and has one close control; the census tab shows only the
 * figures the data has and says once what is missing; ten areas compare in a readable table; and
 * the data country chosen decides the figures shown. Screenshots in English and French. The users
 * are given the Advanced plan by the data command line, as an operator would (census figures and
 * divisions are paid features; e2e/plans.e2e.ts has the free plan's locks).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** A new user on the Advanced plan, on the map signup leads to, with circles (in km) around the places named. */
async function signedUpWithCircles(circles: [place: string, radiusKm: number][]) {
  const opened = await newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');
  await opened.page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
  for (const [index, [place, radiusKm]] of circles.entries()) await drawCircle(opened.page, { place, radiusKm, expectedAreas: index + 1 });
  return opened;
}

/** Whether two boxes on the page overlap. */
async function overlaps(page: Page, panelSelector: string, controlSelector: string): Promise<boolean> {
  const [a, b] = await Promise.all([page.locator(panelSelector).boundingBox(), page.locator(controlSelector).first().boundingBox()]);
  if (!a || !b) throw new Error(`${panelSelector} or ${controlSelector} is not on the page`);
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('analysis panel for visitors', () => {
  it('explains what the analysis gives, offers to sign up, and leaves the map controls free', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);

    await page.getByTestId('analysis-toggle').click();
    const panel = page.getByTestId('analysis-panel');
    await expect.poll(() => page.getByTestId('analysis-visitor').isVisible()).toBe(true);
    expect(await page.getByTestId('analysis-visitor').textContent()).toContain('Sign up to analyse your areas');
    // One close control: the toggle gives way to the panel's own button.
    expect(await page.getByTestId('analysis-toggle').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Close the analysis' }).count()).toBe(1);
    for (const control of ['.maplibregl-ctrl-zoom-in', '.maplibregl-ctrl-zoom-out', '.maplibregl-ctrl-scale', '.maplibregl-ctrl-attrib']) {
      expect(await overlaps(page, '[data-testid="analysis-panel"]', control), control).toBe(false);
    }
    // The zoom buttons still work with the panel open.
    const zoom = await page.evaluate(() => (window as unknown as { catchmentMap: { getZoom(): number } }).catchmentMap.getZoom());
    await page.locator('.maplibregl-ctrl-zoom-in').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { catchmentMap: { getZoom(): number } }).catchmentMap.getZoom())).toBeGreaterThan(zoom);
    await screenshot(page, 'analysis-visitor-en');

    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.getByTestId('analysis-signup').textContent()).toBe("S'inscrire gratuitement");
    await screenshot(page, 'analysis-visitor-fr');
    await page.getByTestId('locale-switch').selectOption('en');

    await page.getByTestId('analysis-close').click();
    expect(await panel.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('analysis-toggle');

    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('analysis-signup').click();
    await page.waitForURL(/\/app\/signup/);
    await expect.poll(() => page.getByTestId('signup-form').isVisible()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('census figures', () => {
  it('shows only the figures the data has, says once what finer data would add, and compares ten areas readably', async () => {
    const places: [string, number][] = [
      ['Nice', 10], ['Antibes', 5], ['Cannes', 5], ['Grasse', 5], ['Menton', 3],
      ['Cagnes-sur-Mer', 3], ['Vence', 3], ['Villefranche-sur-Mer', 2], ['Mougins', 3], ['Valbonne', 3],
    ];
    const { context, page, errors } = await signedUpWithCircles(places);
    await page.getByTestId('analysis-toggle').click();
    await poll(() => page.getByTestId('census-population').textContent()).toMatch(/\d/);

    // The demo data has the population of communes, not their age bands or occupations: no empty rows for those.
    const panel = page.getByTestId('analysis-panel');
    expect(await panel.textContent()).not.toContain('No data');
    expect(await page.getByTestId('census-rows').count()).toBe(0);
    const finer = page.getByTestId('census-finer-data');
    expect(await finer.count()).toBe(1);
    expect(await finer.textContent()).toMatch(/age bands and socio-professional categories.*INSEE/);
    expect(await finer.textContent()).not.toContain('npm run');

    const comparison = page.getByTestId('census-comparison');
    await poll(() => comparison.locator('[data-testid="comparison-row"]').count()).toBe(10);
    expect(await comparison.locator('thead th').allTextContents()).toEqual(['Area', 'Population']);
    expect(await comparison.locator('td').allTextContents()).not.toContain('–');
    const cells = await comparison.locator('td.num').evaluateAll((elements) => elements.map((cell) => {
      const style = getComputedStyle(cell);
      return { text: cell.textContent, cut: cell.scrollWidth > cell.clientWidth, align: style.textAlign, digits: style.fontVariantNumeric };
    }));
    expect(cells).toHaveLength(10);
    for (const cell of cells) {
      expect(cell.text).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(cell, String(cell.text)).toMatchObject({ cut: false, align: 'right', digits: 'tabular-nums' });
    }
    // The area column stays in view when the measures scroll sideways.
    expect(await comparison.locator('tbody th').first().evaluate((cell) => getComputedStyle(cell).position)).toBe('sticky');
    expect(await comparison.locator('tbody th').allTextContents()).toEqual(expect.arrayContaining(['Nice – 10 km', 'Valbonne – 3 km']));
    await comparison.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-comparison-en');

    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => finer.textContent()).toMatch(/tranches d'âge et les catégories socioprofessionnelles.*INSEE/);
    await expect.poll(() => comparison.locator('thead th').allTextContents()).toEqual(['Zone', 'Population']);
    await comparison.scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-comparison-fr');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows the figures of the data country chosen', async () => {
    const { context, page, errors } = await signedUpWithCircles([['Nice', 10]]);
    await page.getByTestId('analysis-toggle').click();
    const population = page.getByTestId('census-population');
    await poll(() => population.textContent()).toMatch(/\d/);
    const french = digits(await population.textContent());
    expect(await page.getByTestId('analysis-country').inputValue()).toBe('fr');

    // The rest of the world: the GeoNames towns' population, another figure, with nothing said missing.
    await page.getByTestId('analysis-country').selectOption('ww');
    await poll(async () => digits(await population.textContent())).not.toBe(french);
    expect(digits(await population.textContent())).toBeGreaterThan(300_000);
    expect(await page.getByTestId('census-coverage-note').textContent()).toContain('whose centre is inside the area');
    expect(await page.getByTestId('census-finer-data').count()).toBe(0);
    await screenshot(page, 'analysis-country-ww-en');
    await page.getByTestId('analysis-tab-divisions').click();
    await poll(() => page.getByTestId('divisions-kind-ww_cities').isVisible()).toBe(true);
    expect(await page.getByTestId('divisions-kind-fr_cities').count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid="division-row"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Nice')]));
    await page.getByTestId('analysis-tab-census').click();

    // The United States: their data does not cover Nice, and the panel says so instead of French figures.
    await page.getByTestId('analysis-country').selectOption('us');
    const noData = page.getByTestId('census-no-data');
    await poll(() => noData.textContent()).toContain('(United States) does not cover this area');
    expect(await population.count()).toBe(0);
    await screenshot(page, 'analysis-country-us-en');
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => noData.textContent()).toContain('(États-Unis) ne couvrent pas cette zone');
    await screenshot(page, 'analysis-country-us-fr');

    await page.getByTestId('analysis-country').selectOption('fr');
    await poll(async () => digits(await population.textContent())).toBe(french);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
