/**
 * The app on a phone (390×844 and 320×640, touch) and a tablet (768×1024), as a user holds them:
 * the header fits in one row and its menu gives the language, the unit, My maps and logout; the
 * map has the screen; the panels open as a bottom sheet from a button on the map and close with
 * its Hide button or Escape, leaving the map (resized, its controls uncovered) above it; a circle
 * is created from the sheet; the analysis opens as a sheet too and closes. The tablet keeps a
 * narrower sidebar beside the map, and a wide screen the full one. Screenshots in English and
 * French at 390 px. The phone's user is given the Advanced plan by the data command line (the
 * census figures shown in the analysis are a paid feature); the tablet's stays on the free plan.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle, type Device } from './support/browser.js';
import { areaItems, signUp, unexpectedErrors, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice, withPlan } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SMALL_PHONE: Device = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };
const TABLET: Device = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };

/** Shown elements (under a selector) whose box reaches past the left or right edge of the viewport. */
function beyondViewport(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => [...document.querySelectorAll(`${root}, ${root} *`)].flatMap((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return [];
    return box.left < -0.5 || box.right > window.innerWidth + 0.5 ? [`${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${Math.round(box.left)}…${Math.round(box.right)}`] : [];
  }), selector);
}

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not shown`);
  return found;
}

/**
 * Whether the map's controls can be pressed: what is drawn at the centre of the zoom-in button and
 * of the attribution is the control itself, not a panel or a button over it.
 */
function mapControlsUncovered(page: Page): Promise<boolean> {
  return page.evaluate(() => ['.maplibregl-ctrl-zoom-in', '.maplibregl-ctrl-attrib'].every((selector) => {
    const control = document.querySelector(selector);
    if (!control) return false;
    const box = control.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.bottom <= window.innerHeight && !!top && control.contains(top);
  }));
}

/** Whether MapLibre has resized its canvas to its container (it follows the container's size). */
function mapFitsItsContainer(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const map = (window as unknown as { catchmentMap: { getCanvas(): HTMLCanvasElement; getContainer(): HTMLElement } }).catchmentMap;
    const canvas = map.getCanvas().getBoundingClientRect();
    const container = map.getContainer().getBoundingClientRect();
    return Math.abs(canvas.height - container.height) < 1 && Math.abs(canvas.width - container.width) < 1;
  });
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('phone layout', () => {
  it('fits a 390 px phone: header menu, map on the screen, panels and analysis as sheets, logout', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-US', PHONE);
    await page.goto('/app/');
    await waitForMapIdle(page);

    // A visitor: one header row within the screen, the map over the rest, the sheet closed.
    expect(await beyondViewport(page, 'body')).toEqual([]);
    const header = await page.locator('.app-header').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(60);
    const fullMap = await box(page, 'map');
    expect(fullMap.height / 844).toBeGreaterThan(0.9);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await mapControlsUncovered(page)).toBe(true);
    await screenshot(page, 'phone-01-visitor');

    const email = await signUp(page);
    await page.waitForURL(/\/app\/map\/[A-Za-z0-9_-]+/);
    await withPlan(page, dataDir, email, 'advanced_2024');
    await waitForMapIdle(page);
    await expect.poll(() => page.getByTestId('map-title').innerText()).toBe('My map');
    expect(await beyondViewport(page, '.app-header')).toEqual([]);
    expect((await box(page, 'map')).height / 844).toBeGreaterThan(0.6);

    // The header's menu: within the screen, the unit switched there, Escape closes it.
    await page.getByTestId('header-menu-button').tap();
    await page.getByTestId('header-menu').waitFor();
    expect(await beyondViewport(page, '.app-header')).toEqual([]);
    await screenshot(page, 'phone-02-menu');
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').tap();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('header-menu').count()).toBe(0);
    expect(await focusedTestId(page)).toBe('header-menu-button');

    // The sheet: opened from the button on the map, the map above it resized and still usable.
    await page.getByTestId('panels-toggle').tap();
    await page.getByTestId('sidebar').waitFor();
    expect(await focusedTestId(page)).toBe('panels-hide');
    const sheet = await box(page, 'sidebar');
    await expect.poll(async () => (await box(page, 'map')).height).toBeLessThan(fullMap.height);
    const smallMap = await box(page, 'map');
    expect(smallMap.height / 844).toBeGreaterThan(0.35);
    expect(sheet.y).toBeGreaterThanOrEqual(smallMap.y + smallMap.height - 1);
    await expect.poll(() => mapFitsItsContainer(page)).toBe(true);
    await expect.poll(() => mapControlsUncovered(page)).toBe(true);

    // A 5 km circle around Nice, made from the sheet, drawn in the map above it.
    await page.getByTestId('create-mode-circle').tap();
    await page.getByTestId('place-search-input').fill('Nice');
    await page.getByTestId('place-suggestion').first().tap();
    await page.getByTestId('radius-input').fill('5');
    await page.getByTestId('create-area-submit').tap();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await waitForSaved(page);
    await waitForMapIdle(page);
    const drawn = await page.evaluate(() => {
      const map = (window as unknown as { catchmentMap: { queryRenderedFeatures(options: object): unknown[] } }).catchmentMap;
      return map.queryRenderedFeatures({ layers: ['catchment-areas-fill'] }).length;
    });
    expect(drawn).toBeGreaterThan(0);
    expect(await beyondViewport(page, 'body')).toEqual([]);
    await screenshot(page, 'phone-03-sheet-en');

    // Escape closes the sheet from inside it; the focus goes back to its button, the map is whole again.
    await page.getByTestId('radius-input').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await focusedTestId(page)).toBe('panels-toggle');
    await expect.poll(async () => (await box(page, 'map')).height).toBe(fullMap.height);
    await expect.poll(() => mapFitsItsContainer(page)).toBe(true);

    // The analysis: a sheet under the map too, then closed by its one close button.
    await page.getByTestId('analysis-toggle').tap();
    const analysis = page.getByTestId('analysis-panel');
    await analysis.waitFor();
    await poll(() => page.getByTestId('census-population').count()).toBe(1);
    const panel = await box(page, 'analysis-panel');
    const mapWithAnalysis = await box(page, 'map');
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(panel.y).toBeGreaterThanOrEqual(mapWithAnalysis.y + mapWithAnalysis.height - 1);
    expect(mapWithAnalysis.height / 844).toBeGreaterThan(0.35);
    await expect.poll(() => mapControlsUncovered(page)).toBe(true);
    await screenshot(page, 'phone-04-analysis-en');
    // Escape from within closes it, the focus back on its button; so does its close button.
    await page.keyboard.press('Escape');
    await expect.poll(() => analysis.count()).toBe(0);
    expect(await focusedTestId(page)).toBe('analysis-toggle');
    await page.getByTestId('analysis-toggle').tap();
    await page.getByTestId('analysis-close').tap();
    await expect.poll(() => analysis.count()).toBe(0);
    await expect.poll(async () => (await box(page, 'map')).height).toBe(fullMap.height);

    // French, chosen in the menu: the header still fits, and the sheets speak French.
    await page.getByTestId('header-menu-button').tap();
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.keyboard.press('Escape');
    expect(await beyondViewport(page, '.app-header')).toEqual([]);
    await page.getByTestId('panels-toggle').tap();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toMatch(/Zones et calques[\s\S]*Créer une zone/);
    await screenshot(page, 'phone-05-sheet-fr');
    await page.getByTestId('panels-hide').tap();
    await page.getByTestId('analysis-toggle').tap();
    await poll(() => page.getByTestId('census-population').count()).toBe(1);
    expect(await page.getByTestId('analysis-panel').innerText()).toMatch(/Analyse/);
    await screenshot(page, 'phone-06-analysis-fr');
    await page.getByTestId('analysis-close').tap();

    // Logout, through the menu: back to a visitor, the session gone.
    await page.getByTestId('header-menu-button').tap();
    await page.getByTestId('header-menu').getByText('Se déconnecter').tap();
    await page.getByTestId('signup-link').waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('fits 320 px in French: the header, its menu and the sheet stay within the screen', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'fr-FR', SMALL_PHONE);
    await page.goto('/app/');
    await waitForMapIdle(page);
    expect(await beyondViewport(page, 'body')).toEqual([]);
    expect((await box(page, 'map')).height / 640).toBeGreaterThan(0.6);
    await page.getByTestId('header-menu-button').tap();
    expect(await page.getByTestId('header-menu').getByTestId('login-link').innerText()).toBe('Se connecter');
    expect(await beyondViewport(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('panels-toggle').tap();
    await page.getByTestId('create-area-panel').waitFor();
    expect(await beyondViewport(page, 'body')).toEqual([]);
    await page.getByTestId('panels-hide').tap();
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('tablet and wide layouts', () => {
  it('keeps a narrower sidebar beside the map on a 768 px tablet, and the full one on a wide screen', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-US', TABLET);
    await page.goto('/app/');
    await waitForMapIdle(page);
    expect(await beyondViewport(page, 'body')).toEqual([]);
    expect(await page.getByTestId('panels-toggle').count()).toBe(0);
    const sidebar = await box(page, 'sidebar');
    const map = await box(page, 'map');
    expect(sidebar.x).toBe(0);
    expect(sidebar.width).toBe(300);
    expect(map.x).toBeGreaterThanOrEqual(sidebar.width - 1);
    expect(map.height / 1024).toBeGreaterThan(0.9);
    expect(await mapControlsUncovered(page)).toBe(true);

    await signUp(page);
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').tap();
    await page.getByTestId('create-mode-circle').tap();
    await page.getByTestId('place-search-input').fill('Nice');
    await page.getByTestId('place-suggestion').first().tap();
    await page.getByTestId('radius-input').fill('5');
    await page.getByTestId('create-area-submit').tap();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await waitForSaved(page);
    expect(await beyondViewport(page, 'body')).toEqual([]);

    // Held upright, the analysis opens under the map, beside the sidebar, and the map keeps the top.
    await page.getByTestId('analysis-toggle').tap();
    await page.getByTestId('analysis-panel').waitFor();
    await expect.poll(async () => (await box(page, 'map')).height).toBeLessThan(map.height);
    const panel = await box(page, 'analysis-panel');
    const mapAbove = await box(page, 'map');
    expect(panel.x).toBeGreaterThanOrEqual(sidebar.width - 1);
    expect(panel.y).toBeGreaterThanOrEqual(mapAbove.y + mapAbove.height - 1);
    expect(mapAbove.height / 1024).toBeGreaterThan(0.35);
    await expect.poll(() => mapFitsItsContainer(page)).toBe(true);
    await expect.poll(() => mapControlsUncovered(page)).toBe(true);
    expect(await beyondViewport(page, 'body')).toEqual([]);
    await screenshot(page, 'tablet-01-analysis');
    await page.getByTestId('analysis-close').tap();
    await expect.poll(() => page.getByTestId('analysis-panel').count()).toBe(0);

    // Turned into a wide screen, the same page has today's layout: the 340 px sidebar, the full header.
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(async () => (await box(page, 'sidebar')).width).toBe(340);
    expect(await page.getByTestId('header-menu-button').count()).toBe(0);
    expect(await page.getByTestId('my-maps-button').innerText()).toBe('My maps');
    expect(await page.getByTestId('user-menu').isVisible()).toBe(true);
    await expect.poll(() => mapFitsItsContainer(page)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
