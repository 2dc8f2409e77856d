/**
 * A public transport area in the browser, in French, on the rnv timetables the test server
 * imported (npm run data -- import gtfs) over the demo's Mannheim–Heidelberg roads: 30 minutes
 * from Bismarckplatz leaving at 8:00 on 22 November 2016 (the user's clock in Berlin) reach
 * Schriesheim and Neckargemünd stations, some 7 km away; that area's departure changed to 3:00 in
 * its edit panel (the time zone named beside the time) shrinks it to the walk, nothing running then.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, newMapByApi, storedAreas, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import {
  BISMARCKPLATZ, createAreaAtBismarckplatz, holds, NECKARGEMUEND_BAHNHOF, SCHRIESHEIM_BAHNHOF, type StoredArea,
} from './support/transit.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });


describe('public transport areas', () => {
  it('makes a 30-minute area by tram and bus from Bismarckplatz at a chosen departure, in French', async () => {
    const { context, page, errors } = await frenchPageInBerlin();
    const accessId = await newMapByApi(page);

    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('transport-mode').selectOption('transit');
    // One start, leaving it unless Arrival is chosen; a departure date and time.
    const departure = page.getByTestId('transit-departure');
    await poll(() => departure.innerText()).toMatch(/Départ/);
    expect(await departure.innerText()).toMatch(/au départ à cette heure/);
    expect(await page.getByTestId('direction-departure').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('departure-date').fill('2016-11-22');
    await page.getByTestId('departure-time').fill('08:00');

    await createAreaAtBismarckplatz(page, 30, 'transit-preview');
    await poll(() => areaItems(page).first().innerText()).toMatch(/30 min en transports en commun/);
    await waitForSaved(page);

    const [area] = await storedAreas<StoredArea>(page, accessId);
    // 8:00 in Berlin in November is 7:00 UTC.
    expect(area).toMatchObject({ transportMode: 'transit', departureDate: '2016-11-22T07:00:00.000Z' });
    expect(holds(area!, SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(holds(area!, NECKARGEMUEND_BAHNHOF)).toBe(true);
    await waitForMapIdle(page);
    await screenshot(page, 'transit-area');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('recomputes the area at a new departure chosen in its edit panel: at 3:00 nothing runs, it shrinks to the walk', async () => {
    const { context, page, errors } = await frenchPageInBerlin();
    const accessId = await newMapByApi(page);
    const areaUuid = await postTransitArea(page, accessId, '2016-11-22T08:00:00+01:00');
    await page.reload();
    await poll(() => areaItems(page).first().innerText()).toMatch(/30 min en transports en commun/);
    await viewAt(page, [8.70, 49.44], 11);
    await poll(() => drawnNorthernmostLatitude(page)).toBeGreaterThan(SCHRIESHEIM_BAHNHOF[1]);

    await areaItems(page).first().getByTestId('area-menu').click();
    await page.getByTestId('area-edit').click();
    const panel = page.getByTestId('edit-area-panel');
    // Prefilled: public transport, leaving at 8:00 on 22 November on the user's clock, which is named.
    await poll(() => panel.getByTestId('departure-zone').innerText()).toBe(
      'Heure du fuseau Europe/Berlin (UTC+01:00 ce jour-là), celui de votre appareil');
    expect(await panel.getByTestId('transport-mode').inputValue()).toBe('transit');
    expect(await panel.getByTestId('departure-date').inputValue()).toBe('2016-11-22');
    expect(await panel.getByTestId('departure-time').inputValue()).toBe('08:00');
    await panel.getByTestId('departure-time').fill('03:00');
    await waitForMapIdle(page);
    await screenshot(page, 'transit-edit-departure-fr');
    await panel.getByTestId('edit-area-save').click();
    await poll(() => page.getByTestId('edit-area-panel').count()).toBe(0);
    // The area drawn on the map shrinks to the half-hour walk around Bismarckplatz.
    await poll(() => drawnNorthernmostLatitude(page)).toBeLessThan(49.44);
    await waitForSaved(page);
    const [area] = await storedAreas<StoredArea>(page, accessId);
    expect(area).toMatchObject({ uuid: areaUuid, transportMode: 'transit', departureDate: '2016-11-22T02:00:00.000Z' });
    expect(holds(area!, BISMARCKPLATZ)).toBe(true);
    expect(holds(area!, SCHRIESHEIM_BAHNHOF)).toBe(false);
    expect(holds(area!, NECKARGEMUEND_BAHNHOF)).toBe(false);
    await waitForMapIdle(page);
    await screenshot(page, 'transit-edited-night-fr');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

/** A French user whose device is in Berlin, the timetables' zone. */
const frenchPageInBerlin = () => openPage(browser, baseUrl, 'fr-FR', { timezoneId: 'Europe/Berlin' });

/** A 30-minute transit area from Bismarckplatz, made through the API as another device of the user would. */
async function postTransitArea(page: Page, accessId: string, departureDate: string): Promise<string> {
  const map = await (await page.request.get(`/api/v2/maps/${accessId}`)).json() as { id: number; folders: Array<{ uuid: string }> };
  let folder = map.folders[0]?.uuid;
  if (!folder) {
    folder = randomUUID();
    expect((await page.request.put(`/api/v2/maps/${map.id}/folders/${folder}`, { data: { label: 'Calque 1' } })).status()).toBe(201);
  }
  const uuid = randomUUID();
  const response = await page.request.post(`/api/v2/maps/${map.id}/folders/${folder}/areas/bulk`, {
    data: { areas: [{ uuid, label: 'Bismarckplatz – 30 min en transports en commun', isoMode: 'isochrone', transportMode: 'transit', duration: 1800, startPoint: BISMARCKPLATZ, departureDate }] },
    timeout: 120_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return uuid;
}

/** The northernmost latitude of the areas the map draws (its source's features in view). */
function drawnNorthernmostLatitude(page: Page): Promise<number> {
  return page.evaluate(() => {
    const map = (window as unknown as { catchmentMap: { querySourceFeatures(source: string): Array<{ geometry: { coordinates: unknown } }> } }).catchmentMap;
    const latitudes = map.querySourceFeatures('catchment-areas').flatMap((feature) => (feature.geometry.coordinates as unknown[]).flat(3) as number[])
      .filter((_, index) => index % 2 === 1);
    return latitudes.length > 0 ? Math.max(...latitudes) : Number.NaN;
  });
}
