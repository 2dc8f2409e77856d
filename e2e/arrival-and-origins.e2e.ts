/**
 * Arrival areas and areas from several starts in the browser, on the Monaco road network the test
 * server imported: an arrival isochrone made from a searched place, saved and shown as an arrival;
 * a second start picked on the map, both marked and listed, giving one area that holds both. In
 * English and in French: the words the user reads, from the app's translations.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { insidePolygon } from '@catchment/geodata';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, newMapByApi, storedAreas, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** By the casino of Monte-Carlo, a kilometre from the place search's Monaco: a five-minute walk from one does not reach the other. */
const CASINO: [number, number] = [7.4275, 43.7395];

interface StoredArea {
  uuid: string; label: string; direction: string; startPoint: [number, number]; startPoints: [number, number][] | null;
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

/** What the user reads, in each language. */
const WORDS = {
  'en-US': {
    arrivalHint: /from where one reaches this point/, arrivalItem: /^Arrival at Monaco.*5 min by car/, arrivalLabel: /^Arrival at Monaco/,
    arrivalNote: 'Direction: Arrival', twoStarts: /Start points \(2\)/, twoStartsItem: /Monaco \+1.*5 min on foot/,
  },
  'fr-FR': {
    arrivalHint: /d'où l'on atteint ce point/, arrivalItem: /^Arrivée à Monaco.*5 min en voiture/, arrivalLabel: /^Arrivée à Monaco/,
    arrivalNote: 'Sens : Arrivée', twoStarts: /Points de départ \(2\)/, twoStartsItem: /Monaco \+1.*5 min à pied/,
  },
} as const;
const LOCALES = Object.keys(WORDS) as (keyof typeof WORDS)[];

const contains = (area: StoredArea, [lng, lat]: [number, number]) => area.geometry.coordinates.some((polygon) => insidePolygon(lng, lat, polygon));

/** Monaco from the place search, the mode and the minutes of a travel-time area. */
async function startInMonaco(page: Page, transportMode: string, minutes: string): Promise<void> {
  await page.getByTestId('create-mode-isochrone').click();
  await page.getByTestId('place-search-input').fill('Monaco');
  await page.getByTestId('place-suggestion').first().click();
  await page.getByTestId('transport-mode').selectOption(transportMode);
  await page.getByTestId('values-input').fill(minutes);
}

describe('arrival areas and areas from several starts', () => {
  it.each(LOCALES)('makes an arrival isochrone in Monaco, saved and shown as an arrival (%s)', async (locale) => {
    const words = WORDS[locale];
    const { context, page, errors } = await openPage(browser, baseUrl, locale);
    const accessId = await newMapByApi(page);
    await startInMonaco(page, 'car', '5');
    const arrival = page.getByTestId('direction-arrival');
    expect(await arrival.getAttribute('title')).toMatch(words.arrivalHint);
    await arrival.click();
    await poll(() => page.getByTestId('arrival-hint').innerText()).toMatch(words.arrivalHint);
    await page.getByTestId('routed-preview').click();
    await waitForMapIdle(page);
    await page.getByTestId('create-area-submit').click();
    await poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await poll(() => areaItems(page).first().innerText()).toMatch(words.arrivalItem);
    await waitForSaved(page);

    const [stored] = await storedAreas<StoredArea>(page, accessId);
    expect(stored).toMatchObject({ direction: 'arrival', startPoints: null, label: expect.stringMatching(words.arrivalLabel) });
    expect(contains(stored!, stored!.startPoint)).toBe(true);

    // Its edit panel says how it was made.
    await areaItems(page).first().getByTestId('area-menu').click();
    await page.getByTestId('area-edit').click();
    const panel = page.getByTestId('edit-area-panel');
    await poll(() => panel.getByTestId('edit-area-starts').innerText()).toBe(words.arrivalNote);
    expect(await panel.getByTestId('direction-arrival').getAttribute('aria-pressed')).toBe('true');
    await waitForMapIdle(page);
    await screenshot(page, `arrival-area-${locale}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it.each(LOCALES)('adds a second start picked on the map and makes one area reached from both (%s)', async (locale) => {
    const words = WORDS[locale];
    const { context, page, errors } = await openPage(browser, baseUrl, locale);
    const accessId = await newMapByApi(page);
    await startInMonaco(page, 'walk', '5');
    await poll(() => page.getByTestId('start-marker').count()).toBe(1);

    await page.getByTestId('add-start').click();
    await viewAt(page, CASINO, 15);
    await page.getByTestId('add-start-field').getByTestId('add-start-pick').click();
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await poll(() => page.getByTestId('start-list-item').count()).toBe(2);
    await poll(() => page.getByTestId('start-marker').count()).toBe(2);
    expect(await page.getByTestId('start-list').innerText()).toMatch(words.twoStarts);

    await screenshot(page, `several-starts-listed-${locale}`);
    await page.getByTestId('create-area-submit').click();
    await poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await poll(() => areaItems(page).first().innerText()).toMatch(words.twoStartsItem);
    await waitForSaved(page);

    const areas = await storedAreas<StoredArea>(page, accessId);
    expect(areas).toHaveLength(1);
    const [area] = areas;
    expect(area!.startPoints).toHaveLength(2);
    expect(area!.startPoint).toEqual(area!.startPoints![0]);
    const [first, second] = area!.startPoints!;
    expect(Math.abs(second![0] - CASINO[0]) + Math.abs(second![1] - CASINO[1])).toBeLessThan(0.0005);
    // One area holding the surroundings of both starts, where the first start's own area misses the second.
    expect(contains(area!, first!)).toBe(true);
    expect(contains(area!, second!)).toBe(true);
    const alone = await (await page.request.post('/api/v2/isochrones', {
      data: { startPoint: first, isoMode: 'isochrone', transportMode: 'walk', values: [300] },
    })).json() as { features: Array<{ geometry: StoredArea['geometry'] }> };
    expect(contains({ ...area!, geometry: alone.features[0]!.geometry }, second!)).toBe(false);
    // The form is ready for the next area: one start field, no markers left.
    await poll(() => page.getByTestId('start-marker').count()).toBe(0);
    await waitForMapIdle(page);
    await screenshot(page, `several-starts-created-${locale}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
