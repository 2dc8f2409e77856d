/**
 * The first whole slice, as a user does it in Chromium: sign up, get a map, draw a circle from a
 * place search and a polygon by clicks, merge them, undo and redo from the keyboard, reload and
 * find everything saved on the server, switch to French, log out.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, clickMapAt, signUp, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Lyon's centre: the circle is drawn around it, the polygon overlaps the circle's east side. */
const LYON: [number, number] = [4.835, 45.758];

async function drawPolygon(page: Page, corners: Array<[number, number]>): Promise<void> {
  await page.getByTestId('create-mode-polygon').click();
  await page.getByTestId('draw-polygon').click();
  for (const corner of corners) await clickMapAt(page, corner);
  await page.keyboard.press('Enter');
}

describe('drawing and saving areas', () => {
  it('signs up, draws a circle and a polygon, merges them, undoes and redoes, and finds them after a reload', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await screenshot(page, '01-visitor-map');

    const email = await signUp(page);
    await page.waitForURL(/\/app\/map\/[A-Za-z0-9_-]+/);
    const accessId = new URL(page.url()).pathname.split('/').pop()!;

    // A 5 km circle around a searched place (the browser says en-US, so switch miles to km first).
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
    await page.getByTestId('create-mode-circle').click();
    await page.getByTestId('place-search-input').fill('Lyon');
    await page.getByTestId('place-suggestion').first().click();
    await page.getByTestId('radius-input').fill('5');
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await waitForSaved(page);

    // A square polygon overlapping the circle's east side, clicked on the map.
    await viewAt(page, LYON, 11);
    const [lng, lat] = LYON;
    await drawPolygon(page, [[lng + 0.03, lat - 0.02], [lng + 0.1, lat - 0.02], [lng + 0.1, lat + 0.02], [lng + 0.03, lat + 0.02]]);
    await screenshot(page, '02a-polygon-drawn');
    await expect.poll(() => areaItems(page).count()).toBe(2);
    await waitForSaved(page);
    await screenshot(page, '02-circle-and-polygon');

    // Merge the two: select both, then Merge.
    await areaItems(page).nth(0).getByTestId('area-label').click();
    await areaItems(page).nth(1).getByTestId('area-label').click({ modifiers: ['Shift'] });
    await page.getByTestId('merge-button').click();
    await expect.poll(() => areaItems(page).count()).toBe(3);
    const toast = page.getByTestId('undo-toast');
    await expect.poll(() => toast.innerText()).toContain('Areas merged');
    // Shown before the language changes, it reads in the new one.
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => toast.innerText()).toContain('Zones fusionnées');
    await expect.poll(() => toast.getByRole('button', { name: 'Annuler' }).count()).toBe(1);
    await page.getByTestId('locale-switch').selectOption('en');
    await expect.poll(() => toast.innerText()).toContain('Areas merged');
    await waitForSaved(page);
    await screenshot(page, '03-merged');

    // Undo with Ctrl+Z, redo with Ctrl+Y, then again with Ctrl+Shift+Z.
    await page.locator('body').click({ position: { x: 5, y: 5 }, force: true }).catch(() => undefined);
    await page.keyboard.press('Control+z');
    await expect.poll(() => areaItems(page).count()).toBe(2);
    await page.keyboard.press('Control+y');
    await expect.poll(() => areaItems(page).count()).toBe(3);
    await page.keyboard.press('Control+z');
    await expect.poll(() => areaItems(page).count()).toBe(2);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => areaItems(page).count()).toBe(3);
    await waitForSaved(page);

    // Everything is on the server: reload and read it back, in the page and from the API.
    await page.reload();
    await waitForMapIdle(page);
    await expect.poll(() => areaItems(page).count()).toBe(3);
    const response = await page.request.get(`/api/v2/maps/${accessId}`);
    expect(response.status()).toBe(200);
    const map = await response.json() as { folders: Array<{ areas: Array<{ isoMode: string; transportMode: string | null; operation: string | null; distance: number | null }> }> };
    const areas = map.folders.flatMap((folder) => folder.areas);
    expect(areas).toHaveLength(3);
    expect(areas.find((area) => area.transportMode === 'circle')).toMatchObject({ isoMode: 'isodistance', distance: 5000 });
    expect(areas.filter((area) => area.isoMode === 'polygon')).toHaveLength(2);
    expect(areas.some((area) => area.operation === 'union')).toBe(true);
    const rendered = await page.evaluate(() => {
      const map = (window as unknown as { catchmentMap: { queryRenderedFeatures(options: object): unknown[] } }).catchmentMap;
      return map.queryRenderedFeatures({ layers: ['catchment-areas-fill'] }).length;
    });
    expect(rendered).toBeGreaterThan(0);

    // French: the interface switches, the areas stay.
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByTestId('layers-panel').innerText()).toMatch(/Calques/);
    await expect.poll(() => page.getByTestId('create-area-panel').innerText()).toMatch(/Créer une zone/);
    await expect.poll(() => page.getByTestId('my-maps-button').innerText()).toMatch(/Mes cartes/);
    expect(await areaItems(page).count()).toBe(3);
    await screenshot(page, '04-french');

    // Log out: back to a visitor, the account's session is gone.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-button').click();
    await page.getByTestId('signup-link').waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect(email).toContain('@');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('refuses a polygon that crosses itself, with a clear message', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    const [lng, lat] = [2.35, 48.85];
    await viewAt(page, [lng, lat], 10);
    // A bow tie: the second edge crosses the fourth.
    await drawPolygon(page, [[lng - 0.1, lat - 0.05], [lng + 0.1, lat + 0.05], [lng + 0.1, lat - 0.05], [lng - 0.1, lat + 0.05]]);
    await expect.poll(() => page.getByTestId('map-hint-error').innerText()).toMatch(/crosses itself/);
    await page.keyboard.press('Escape');
    expect(await areaItems(page).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('selects the new polygon, not the area under the click that closed it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
    await page.getByTestId('create-mode-circle').click();
    await page.getByTestId('place-search-input').fill('Paris');
    await page.getByTestId('place-suggestion').first().click();
    await page.getByTestId('radius-input').fill('10');
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await viewAt(page, [2.35, 48.85], 11);
    // A small square well inside the circle, closed by clicking its first corner again.
    const [lng, lat] = [2.35, 48.85];
    const corners: Array<[number, number]> = [[lng - 0.02, lat - 0.01], [lng + 0.02, lat - 0.01], [lng + 0.02, lat + 0.01], [lng - 0.02, lat + 0.01]];
    await page.getByTestId('create-mode-polygon').click();
    await page.getByTestId('draw-polygon').click();
    for (const corner of [...corners, corners[0]!]) await clickMapAt(page, corner);
    await expect.poll(() => areaItems(page).count()).toBe(2);
    await page.waitForTimeout(500);
    const selected = page.locator('[data-testid="area-item"][aria-selected="true"]');
    await expect.poll(() => selected.count()).toBe(1);
    expect(await selected.innerText()).toMatch(/Polygon/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
