/**
 * Flows a new user met with messages meant for developers or dead ends: the free plan's limit (a
 * popup before anything breaks, saving still working after), a start point in the sea, merged
 * areas with a colour of their own and the intersection of their sources, areas started from a
 * click named after the nearest town, and commune names with their article. Screenshots in English
 * and French under e2e/artifacts; merge and intersect in both languages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, clickMapAt, newMapByApi, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

interface MapDoc { id: number; folders: Array<{ uuid: string; areas: Array<{ uuid: string; label: string; color: string; operation: string | null }> }> }

async function mapDocument(page: Page, accessId: string): Promise<MapDoc> {
  return (await page.request.get(`/api/v2/maps/${accessId}`)).json() as Promise<MapDoc>;
}

/** Adds squares near Nice to the map through the API, as another device of the user would, in one layer. */
async function addSquares(page: Page, accessId: string, count: number, color?: string): Promise<void> {
  const map = await mapDocument(page, accessId);
  let folder = map.folders[0]?.uuid;
  if (!folder) {
    folder = randomUUID();
    expect((await page.request.put(`/api/v2/maps/${map.id}/folders/${folder}`, { data: { label: 'Layer 1' } })).status()).toBe(201);
  }
  const areas = Array.from({ length: count }, (_, i) => {
    const [lng, lat] = [7.20 + i * 0.012, 43.70];
    return {
      uuid: randomUUID(), isoMode: 'polygon', label: `Square ${i + 1}`, ...(color ? { color } : {}),
      geometry: { type: 'Polygon', coordinates: [[[lng, lat], [lng + 0.015, lat], [lng + 0.015, lat + 0.015], [lng, lat + 0.015], [lng, lat]]] },
    };
  });
  expect((await page.request.post(`/api/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { data: { areas } })).status()).toBe(201);
}

async function createCircleAt(page: Page, place: string): Promise<void> {
  await page.getByTestId('create-mode-circle').click();
  await page.getByTestId('place-search-input').fill(place);
  await page.getByTestId('place-suggestion').first().click();
  await page.getByTestId('create-area-submit').click();
}

describe('the free plan\'s limit', () => {
  it('opens the limit popup for the 11th area, changes nothing, and saving still works after', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const accessId = await newMapByApi(page);
    await addSquares(page, accessId, 10);
    await page.reload();
    await poll(() => areaItems(page).count()).toBe(10);

    await createCircleAt(page, 'Nice');
    const popup = page.getByTestId('limit-popup');
    await poll(() => popup.isVisible()).toBe(true);
    await poll(() => popup.innerText()).toMatch(/up to 10 areas: this one was not added/);
    expect(await areaItems(page).count()).toBe(10);
    expect(await page.getByTestId('save-indicator').innerText()).not.toMatch(/error/i);
    await waitForMapIdle(page);
    await screenshot(page, 'flows-limit-popup-en');

    // The way forward: the layers panel, an area deleted, then the same area created and saved.
    await page.getByTestId('limit-popup-manage').click();
    await poll(() => popup.isVisible()).toBe(false);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('layers-search');
    await areaItems(page).first().getByTestId('area-menu').click();
    await page.getByTestId('area-delete').click();
    await poll(() => areaItems(page).count()).toBe(9);
    await waitForSaved(page);
    await page.getByTestId('create-area-submit').click();
    await poll(() => areaItems(page).count()).toBe(10);
    await waitForSaved(page);
    expect(await popup.isVisible()).toBe(false);
    const storedLabels = async () => (await mapDocument(page, accessId)).folders.flatMap((folder) => folder.areas.map((area) => area.label));
    await poll(storedLabels).toHaveLength(10);
    expect((await storedLabels()).some((label) => /^Nice/.test(label))).toBe(true);

    // The same popup in French.
    await page.getByTestId('locale-switch').selectOption('fr');
    await createCircleAt(page, 'Antibes');
    await poll(() => popup.innerText()).toMatch(/au plus 10 zones : celle-ci n'a pas été ajoutée/);
    await screenshot(page, 'flows-limit-popup-fr');
    await page.getByTestId('limit-popup-close').click();
    expect(await areaItems(page).count()).toBe(10);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('travel time from the sea', () => {
  it('says the point is in the sea, in English and in French', async () => {
    for (const [locale, message] of [['en-US', /This point is in the sea/], ['fr-FR', /Ce point est en mer/]] as const) {
      const { context, page } = await openPage(browser, baseUrl, locale);
      await page.goto('/app/');
      await viewAt(page, [7.45, 43.70], 11);
      await page.getByTestId('create-mode-isochrone').click();
      await page.getByTestId('pick-on-map').click();
      await clickMapAt(page, [7.45, 43.69]);
      await page.getByTestId('values-input').fill('10');
      await page.getByTestId('routed-preview').click();
      await poll(() => page.getByTestId('create-error').innerText()).toMatch(message);
      expect(await page.getByTestId('create-error').innerText()).not.toMatch(/npm|osm/);
      await screenshot(page, `flows-sea-${locale}`);
      await context.close();
    }
  });

  it('offers the loaded regions and a circle where the roads are not loaded', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await viewAt(page, [2.35, 48.85], 11);
    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('pick-on-map').click();
    await clickMapAt(page, [2.35, 48.85]);
    await page.getByTestId('routed-preview').click();
    await poll(() => page.getByTestId('create-error').innerText()).toMatch(/roads of this region are not loaded/);
    await page.getByTestId('use-circle-instead').click();
    await poll(() => page.getByTestId('create-mode-circle').getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
});

/** The buttons and kinds of area the user reads, in each language. */
const COMBINE_WORDS = {
  'en-US': { merge: 'Merge', intersect: 'Intersect', intersection: /Square 1 ∩ Square 2[\s\S]*Intersection/ },
  'fr-FR': { merge: 'Fusionner', intersect: 'Intersection', intersection: /Square 1 ∩ Square 2[\s\S]*Intersection/ },
} as const;

describe('merge, subtract and intersect', () => {
  it.each(Object.keys(COMBINE_WORDS) as (keyof typeof COMBINE_WORDS)[])('gives the result a colour of its own, and intersects the sources into the ground they share (%s)', async (locale) => {
    const words = COMBINE_WORDS[locale];
    const { context, page } = await openPage(browser, baseUrl, locale);
    // Signed up through the API (the sign-up form has tests of its own: app, account, plans, subscription).
    const accessId = await newMapByApi(page);
    await addSquares(page, accessId, 2, '#3b82f6');
    await page.reload();
    await poll(() => areaItems(page).count()).toBe(2);
    await areaItems(page).nth(0).getByTestId('area-label').click();
    await areaItems(page).nth(1).getByTestId('area-label').click({ modifiers: ['Shift'] });
    expect(await page.getByTestId('merge-button').innerText()).toBe(words.merge);
    await page.getByTestId('merge-button').click();
    await poll(() => areaItems(page).count()).toBe(3);
    await waitForSaved(page);
    const areas = (await mapDocument(page, accessId)).folders.flatMap((folder) => folder.areas);
    const merged = areas.find((area) => area.operation === 'union')!;
    expect(merged.color.toLowerCase()).not.toBe('#3b82f6');
    await waitForMapIdle(page);
    await screenshot(page, `flows-merged-colour-${locale}`);

    // The two squares again (the sources, hidden by the merge): Intersect keeps the strip they share.
    await areaItems(page).nth(0).getByTestId('area-label').click();
    await areaItems(page).nth(2).getByTestId('area-label').click({ modifiers: ['Shift'] });
    expect(await page.getByTestId('intersect-button').innerText()).toBe(words.intersect);
    await page.getByTestId('intersect-button').click();
    await poll(() => areaItems(page).count()).toBe(4);
    expect(await areaItems(page).nth(1).innerText()).toMatch(words.intersection);
    await waitForSaved(page);
    const intersection = (await mapDocument(page, accessId)).folders.flatMap((folder) => folder.areas).find((area) => area.operation === 'intersection');
    expect(intersection?.label).toBe('Square 1 ∩ Square 2');
    await waitForMapIdle(page);
    await screenshot(page, `flows-intersection-${locale}`);
    await context.close();
  });
});

describe('the selection bar', () => {
  it('leaves a layer\'s delete confirmation in view above it', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const accessId = await newMapByApi(page);
    await addSquares(page, accessId, 10);
    const { id } = await mapDocument(page, accessId);
    expect((await page.request.put(`/api/v2/maps/${id}/folders/${randomUUID()}`, { data: { label: 'Layer 2' } })).status()).toBe(201);
    await page.reload();
    await poll(() => areaItems(page).count()).toBe(10);
    await areaItems(page).first().getByTestId('area-label').click();
    await poll(() => page.getByTestId('selection-bar').isVisible()).toBe(true);

    const lastLayer = page.getByTestId('folder-item').last();
    await lastLayer.getByTestId('folder-menu').click();
    await page.getByTestId('folder-delete').click();
    const confirm = page.getByTestId('folder-delete-confirm');
    await poll(() => confirm.isVisible()).toBe(true);
    await page.waitForTimeout(300); // the smooth part of scrolling, if any
    await screenshot(page, 'flows-selection-bar-confirm');
    const bar = (await page.getByTestId('selection-bar').boundingBox())!;
    const confirmation = (await lastLayer.locator('.folder-confirm').boundingBox())!;
    expect(confirmation.y + confirmation.height).toBeLessThanOrEqual(bar.y + 1);
    await confirm.click({ trial: true, timeout: 2_000 }); // nothing covers it
    await context.close();
  });
});

describe('areas started from a click on the map', () => {
  it('are named after the nearest town, and the town keeps its article', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await newMapByApi(page);
    await viewAt(page, [7.40, 43.745], 13);
    await page.getByTestId('create-mode-circle').click();
    await page.getByTestId('pick-on-map').click();
    await clickMapAt(page, [7.40, 43.745]);
    await poll(() => page.getByTestId('start-point').innerText()).toBe('La Turbie');
    await page.getByTestId('create-area-submit').click();
    await continuePastFreePlanNotice(page);
    await poll(() => areaItems(page).first().getByTestId('area-label').innerText()).toMatch(/^La Turbie – /);
    await poll(() => areaItems(page).first().getByTestId('area-label').getAttribute('title')).toMatch(/^La Turbie – /);
    await waitForSaved(page);

    // The imported communes of Alpes-Maritimes: "La Turbie", named once on the map.
    await page.getByTestId('create-mode-administrative').click();
    await page.getByTestId('unit-search-input').fill('Turbie');
    await poll(() => page.getByTestId('unit-suggestion').allInnerTexts()).toEqual(['La Turbie (06150)']);
    await waitForMapIdle(page);
    await screenshot(page, 'flows-communes-named-once');
    await context.close();
  });
});
