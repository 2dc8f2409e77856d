/**
 * Travel-time areas in the browser, on the Monaco road network the test server imported: a
 * 10-minute car isochrone from a searched place, previewed then created and saved with its fields;
 * and the message a user gets where no road network is loaded.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, signUp, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

interface StoredArea { isoMode: string; transportMode: string; duration: number; startPoint: [number, number]; startAddress: string; geometry: { type: string } }

describe('travel-time areas', () => {
  it('creates a 10-minute car isochrone in Monaco and saves it with its fields', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await signUp(page);
    await page.waitForURL(/\/app\/map\//);
    const accessId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('place-search-input').fill('Monaco');
    await page.getByTestId('place-suggestion').first().click();
    await page.getByTestId('transport-mode').selectOption('car');
    await page.getByTestId('values-input').fill('10');
    await page.getByTestId('routed-preview').click();
    await expect.poll(() => page.getByTestId('routed-preview').isDisabled()).toBe(true);
    await waitForMapIdle(page);
    await screenshot(page, 'isochrone-preview');
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await expect.poll(() => areaItems(page).first().innerText()).toMatch(/10 min by car/);
    await waitForSaved(page);
    await waitForMapIdle(page);
    await screenshot(page, 'isochrone-created');

    const map = await (await page.request.get(`/api/v2/maps/${accessId}`)).json() as { folders: Array<{ areas: StoredArea[] }> };
    const area = map.folders[0]!.areas[0]!;
    expect(area).toMatchObject({ isoMode: 'isochrone', transportMode: 'car', duration: 600, startAddress: expect.stringMatching(/Monaco/) });
    expect(area.geometry.type).toBe('MultiPolygon');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('says the roads are not loaded where no road network is', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await viewAt(page, [2.35, 48.85], 11);
    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('pick-on-map').click();
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByTestId('values-input').fill('15');
    await page.getByTestId('routed-preview').click();
    await expect.poll(() => page.getByTestId('create-error').innerText()).toMatch(/roads of this region are not loaded/);
    expect(await areaItems(page).count()).toBe(0);
    await context.close();
  });
});
