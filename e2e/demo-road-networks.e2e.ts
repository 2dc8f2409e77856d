/**
 * A new user asks for a travel-time area where no road network is loaded: next to the import
 * instructions, the panel offers the regions whose roads are loaded (the demo's, imported by the
 * server on its first start, and the Monaco extract the test server imported as an operator would).
 * From the keyboard they go to Monaco, pick a starting point there and get their isochrone.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, clickMapAt, signUp, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PARIS: [number, number] = [2.35, 48.85];
/** Boulevard Albert 1er, by the port. */
const MONACO_PORT: [number, number] = [7.4209, 43.7371];

function mapCenter(page: Page): Promise<{ lng: number; lat: number }> {
  return page.evaluate(() => (window as unknown as { catchmentMap: { getCenter(): { lng: number; lat: number } } }).catchmentMap.getCenter());
}

describe('demo road networks', () => {
  it('offers the loaded regions where there are no roads, goes to Monaco from the keyboard and computes an isochrone there', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await signUp(page);
    await page.waitForURL(/\/app\/map\//);

    // Paris has no road network loaded.
    await page.getByTestId('create-mode-isochrone').click();
    await viewAt(page, PARIS, 11);
    await page.getByTestId('pick-on-map').click();
    await clickMapAt(page, PARIS);
    await page.getByTestId('values-input').fill('10');
    await page.getByTestId('routed-preview').click();
    await expect.poll(() => page.getByTestId('create-error').innerText()).toMatch(/roads of this region are not loaded/);
    const regions = page.getByTestId('road-network-region');
    await expect.poll(() => regions.allInnerTexts()).toEqual(['Monaco', 'Andorra', 'Mannheim–Heidelberg']);
    await page.getByTestId('create-area-panel').screenshot({ path: path.resolve('e2e/artifacts/demo-road-networks-panel.png') });
    await screenshot(page, 'demo-road-networks-offered');

    // Tab from the values leads to the first region; Enter takes the map there and the focus to the place search.
    await page.getByTestId('values-input').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-region'))).toBe('monaco');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('road-network-chosen').innerText()).toMatch(/^Monaco: search a place there/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('place-search-input');
    await poll(async () => {
      const { lng, lat } = await mapCenter(page);
      return Math.abs(lng - 7.42) < 0.03 && Math.abs(lat - 43.737) < 0.03;
    }).toBe(true);
    await waitForMapIdle(page);

    // A starting point by the port, and the 10-minute car isochrone from it.
    await page.getByTestId('pick-on-map').click();
    await clickMapAt(page, MONACO_PORT);
    await page.getByTestId('routed-preview').click();
    await expect.poll(() => page.getByTestId('routed-preview').isDisabled()).toBe(true);
    expect(await page.getByTestId('create-error').count()).toBe(0);
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await expect.poll(() => areaItems(page).first().innerText()).toMatch(/10 min by car/);
    await waitForSaved(page);
    await waitForMapIdle(page);
    await screenshot(page, 'demo-road-networks-monaco-isochrone');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
