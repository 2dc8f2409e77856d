/**
 * Checking a point of a travel-time area in the browser, on the Monaco road network the test
 * server imported: a 2-minute car isochrone made through the API, selected by a click on the map;
 * "Check a point" then a click inside it draws the way from its start and says a time within the
 * 2 minutes, a click on a road beyond it says a time beyond; Escape clears the way and keeps the
 * area selected. An area from two starts is checked from the nearer. The card's words in French too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, clickMapAt, signUpByApi, unexpectedErrors, viewAt } from './support/app.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Boulevard Albert 1er, by the port. */
const START: [number, number] = [7.4209, 43.7371];
/** Quai Antoine 1er, across the port: a minute or so by car. */
const INSIDE: [number, number] = [7.4235, 43.7350];
/** Avenue Princesse Grace, Larvotto: well past 2 minutes by car. */
const OUTSIDE: [number, number] = [7.4345, 43.7452];
/** Open sea, some 3 km off Monaco: beyond the 2 km a point may lie from the road it is routed from. */
const SEA: [number, number] = [7.4600, 43.7100];
const SECONDS = 120;

/** A map of a new user holding one 2-minute car isochrone from START (or from several starts), made by the server. */
async function mapWithIsochrone(page: Page, startPoints?: [number, number][]): Promise<string> {
  await signUpByApi(page);
  const created = await page.request.post('/api/v2/maps', { data: { title: 'Port' } });
  expect(created.status()).toBe(201);
  const map = (await created.json()) as { id: number; accessId: string };
  const folder = randomUUID();
  expect((await page.request.put(`/api/v2/maps/${map.id}/folders/${folder}`, { data: { label: 'Layer 1' } })).status()).toBe(201);
  const area = { uuid: randomUUID(), isoMode: 'isochrone', transportMode: 'car', startPoint: START, ...(startPoints ? { startPoints } : {}), duration: SECONDS, label: 'Port, 2 min' };
  const answer = await page.request.post(`/api/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { data: { areas: [area] }, timeout: 60_000 });
  expect(answer.status(), await answer.text()).toBe(201);
  return map.accessId;
}

/** The features of the route drawn on the map (the line and its two ends), as MapLibre holds them. */
function routeOnMap(page: Page): Promise<Array<{ role: string; type: string; length: number; at: number[] | null }>> {
  return page.evaluate(async () => {
    const map = (window as unknown as { catchmentMap: { getSource(id: string): { getData(): Promise<GeoJSON.FeatureCollection> } | undefined } }).catchmentMap;
    const source = map.getSource('catchment-route');
    if (!source) return [];
    const data = await source.getData();
    return data.features.map((feature) => ({
      role: String(feature.properties?.role),
      type: feature.geometry.type,
      length: feature.geometry.type === 'LineString' ? feature.geometry.coordinates.length : 1,
      at: feature.geometry.type === 'Point' ? feature.geometry.coordinates : null,
    }));
  });
}

async function checkPoint(page: Page, point: [number, number]): Promise<void> {
  await page.getByTestId('point-check-button').click();
  await poll(() => page.getByTestId('map-hint').innerText()).toMatch(/Click the point to check|Cliquez sur le point à vérifier/);
  await clickMapAt(page, point);
}

describe('checking a point of a travel-time area', () => {
  it('draws the way from the start and says whether the point is within the area\'s time, inside and beyond it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const accessId = await mapWithIsochrone(page);
    await page.goto(`/app/map/${accessId}`);
    await poll(() => areaItems(page).count()).toBe(1);
    await viewAt(page, [7.4265, 43.7400], 15);

    // A click on the area still selects it.
    await clickMapAt(page, START);
    await poll(() => page.getByTestId('selection-bar').isVisible()).toBe(true);

    await checkPoint(page, INSIDE);
    const card = page.getByTestId('point-check-card');
    await poll(() => card.getAttribute('data-within')).toBe('true');
    await waitForMapIdle(page);
    await screenshot(page, 'route-check-inside');
    expect(await page.getByTestId('point-check-verdict').innerText()).toMatch(/^\d+ (min \d+ s|min|s) — within the 2 min of this area$/);
    // The distance in the user's unit (miles for en-US).
    expect(await card.innerText()).toMatch(/\d (km|mi) from the area's start, by the fastest way/);
    const roles = await routeOnMap(page);
    expect(roles.map((feature) => feature.role).sort()).toEqual(['line', 'point', 'start']);
    expect(roles.find((feature) => feature.role === 'start')!.at).toEqual(START);
    expect(roles.find((feature) => feature.role === 'line')!.length).toBeGreaterThan(2);
    // The click of the check was the check's: the area is still the one selected.
    expect(await page.getByTestId('selection-bar').innerText()).toMatch(/1 area selected/);

    await checkPoint(page, OUTSIDE);
    await poll(() => card.getAttribute('data-within')).toBe('false');
    expect(await page.getByTestId('point-check-verdict').innerText()).toMatch(/^\d+ min( \d+ s)? — beyond the 2 min of this area$/);
    const seconds = Number(await card.getAttribute('data-duration'));
    expect(seconds).toBeGreaterThan(SECONDS);
    await waitForMapIdle(page);
    await screenshot(page, 'route-check-beyond');

    // Escape clears the way and the card, not the selection.
    await page.keyboard.press('Escape');
    await poll(() => card.count()).toBe(0);
    expect(await routeOnMap(page)).toEqual([]);
    expect(await page.getByTestId('selection-bar').isVisible()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('routes an area from several starts from the nearest of them', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const accessId = await mapWithIsochrone(page, [START, OUTSIDE]);
    await page.goto(`/app/map/${accessId}`);
    await poll(() => areaItems(page).count()).toBe(1);
    await viewAt(page, [7.4265, 43.7400], 15);
    await areaItems(page).first().getByTestId('area-label').click();
    // By the second start: within the 2 minutes, though beyond them from the first.
    await checkPoint(page, [7.4335, 43.7440]);
    const card = page.getByTestId('point-check-card');
    await poll(() => card.getAttribute('data-within')).toBe('true');
    expect(await card.innerText()).toMatch(/from the nearest of the area's starts, by the fastest way/);
    expect((await routeOnMap(page)).find((feature) => feature.role === 'start')!.at).toEqual(OUTSIDE);
    await waitForMapIdle(page);
    await screenshot(page, 'route-check-several-starts');
    await context.close();
  });

  it('says it in French, and says a point at sea cannot be reached as the server words it', async () => {
    const { context, page } = await openPage(browser, baseUrl, 'fr-FR');
    const accessId = await mapWithIsochrone(page);
    await page.goto(`/app/map/${accessId}`);
    await poll(() => areaItems(page).count()).toBe(1);
    await viewAt(page, [7.4265, 43.7400], 15);
    await areaItems(page).first().getByTestId('area-label').click();

    await page.keyboard.press('c');
    await poll(() => page.getByTestId('map-hint').innerText()).toMatch(/Cliquez sur le point à vérifier/);
    await clickMapAt(page, INSIDE);
    await poll(() => page.getByTestId('point-check-verdict').innerText()).toMatch(/ — dans les 2 min de cette zone$/);
    expect(await page.getByTestId('point-check-card').innerText()).toMatch(/\d km depuis le départ de la zone, par le trajet le plus rapide/);
    await screenshot(page, 'route-check-fr-inside');

    // Out in the sea, well off the coast.
    await viewAt(page, [7.4400, 43.7250], 13);
    await checkPoint(page, SEA);
    await poll(() => page.getByTestId('point-check-card').innerText()).toMatch(/Ce point est en mer/);
    await screenshot(page, 'route-check-fr-sea');
    expect(await routeOnMap(page)).toEqual([]);
    await page.getByTestId('point-check-close').click();
    await poll(() => page.getByTestId('point-check-card').count()).toBe(0);
    await context.close();
  });
});
