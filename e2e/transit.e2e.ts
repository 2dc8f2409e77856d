/**
 * A public transport area in the browser, in French, on the rnv timetables the test server
 * imported (npm run data -- import gtfs) over the demo's Mannheim–Heidelberg roads: 30 minutes
 * from Bismarckplatz leaving at 8:00 on 22 November 2016 (the user's clock in Berlin) reach
 * Schriesheim and Neckargemünd stations, some 7 km away.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { insidePolygon } from '@catchment/geodata';
import { launchBrowser, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, signUpByApi, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const BISMARCKPLATZ: [number, number] = [8.6938, 49.4093];
const SCHRIESHEIM_BAHNHOF: [number, number] = [8.6602, 49.4722];
const NECKARGEMUEND_BAHNHOF: [number, number] = [8.7874, 49.3941];
const patiently = { timeout: 60_000 };

interface StoredArea {
  label: string; transportMode: string; departureDate: string | null; startPoint: [number, number];
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

describe('public transport areas', () => {
  it('makes a 30-minute area by tram and bus from Bismarckplatz at a chosen departure, in French', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'fr-FR', timezoneId: 'Europe/Berlin', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.goto('/app/');
    await waitForMapIdle(page);
    // Signed up through the API (the sign-up form's own test is in English): home then opens a new map.
    await signUpByApi(page);
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    const accessId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('transport-mode').selectOption('transit');
    // One start, leaving it: no direction nor other starts; a departure date and time instead.
    const departure = page.getByTestId('transit-departure');
    await expect.poll(() => departure.innerText(), patiently).toMatch(/Départ/);
    expect(await departure.innerText()).toMatch(/au départ à cette heure/);
    expect(await page.getByTestId('direction-switch').count()).toBe(0);
    await page.getByTestId('departure-date').fill('2016-11-22');
    await page.getByTestId('departure-time').fill('08:00');

    await viewAt(page, BISMARCKPLATZ, 15);
    await page.getByTestId('pick-on-map').click();
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('start-point').count(), patiently).toBe(1);
    await page.getByTestId('values-input').fill('30');
    await page.getByTestId('routed-preview').click();
    await expect.poll(() => page.getByTestId('routing-progress').count(), patiently).toBe(0);
    expect(await page.getByTestId('create-error').count()).toBe(0);
    await waitForMapIdle(page);
    await screenshot(page, 'transit-preview');
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count(), patiently).toBe(1);
    await continuePastFreePlanNotice(page);
    await expect.poll(() => areaItems(page).first().innerText(), patiently).toMatch(/30 min en transports en commun/);
    await waitForSaved(page);

    const map = await (await page.request.get(`/api/v2/maps/${accessId}`)).json() as { folders: Array<{ areas: StoredArea[] }> };
    const [area] = map.folders.flatMap((folder) => folder.areas);
    // 8:00 in Berlin in November is 7:00 UTC.
    expect(area).toMatchObject({ transportMode: 'transit', departureDate: '2016-11-22T07:00:00.000Z' });
    const contains = ([lng, lat]: [number, number]) => area!.geometry.coordinates.some((polygon) => insidePolygon(lng, lat, polygon));
    expect(contains(SCHRIESHEIM_BAHNHOF)).toBe(true);
    expect(contains(NECKARGEMUEND_BAHNHOF)).toBe(true);
    await waitForMapIdle(page);
    await screenshot(page, 'transit-area');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
