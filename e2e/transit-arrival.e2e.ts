/**
 * A public transport area arriving at a point, in the browser, in English, on the rnv timetables
 * the test server imported over the demo's Mannheim–Heidelberg roads: Arrival chosen with public
 * transport, the time field reads "Arrive by"; arriving at Bismarckplatz by 8:45 on 22 November
 * 2016 (the user's clock in Berlin) within 30 minutes, one leaves from as far as Schriesheim
 * station, some 7 km away up the tram line.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { insidePolygon } from '@catchment/geodata';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, signUpByApi, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const BISMARCKPLATZ: [number, number] = [8.6938, 49.4093];
const SCHRIESHEIM_BAHNHOF: [number, number] = [8.6602, 49.4722];
const patiently = { timeout: 60_000 };

interface StoredArea {
  transportMode: string; direction: string; departureDate: string | null;
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

describe('public transport areas, arriving', () => {
  it('makes a 30-minute area arriving at Bismarckplatz by 8:45 by tram and bus, the time field reading "Arrive by", in English', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-GB', { timezoneId: 'Europe/Berlin' });
    await page.goto('/app/');
    await waitForMapIdle(page);
    await signUpByApi(page);
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    const accessId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('transport-mode').selectOption('transit');
    const time = page.getByTestId('transit-departure');
    await expect.poll(() => time.innerText(), patiently).toMatch(/^Departure/);
    await page.getByTestId('direction-arrival').click();
    await expect.poll(() => time.innerText(), patiently).toMatch(/^Arrive by/);
    expect(await time.innerText()).toMatch(/there by this time/);
    expect(await page.getByTestId('departure-time').getAttribute('aria-label')).toBe('Arrival time');
    await page.getByTestId('departure-date').fill('2016-11-22');
    await page.getByTestId('departure-time').fill('08:45');

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
    await screenshot(page, 'transit-arrival-preview-en');
    await page.getByTestId('create-area-submit').click();
    await expect.poll(() => areaItems(page).count(), patiently).toBe(1);
    await continuePastFreePlanNotice(page);
    await expect.poll(() => areaItems(page).first().innerText(), patiently).toMatch(/Arrival at .* 30 min by public transport/);
    await waitForSaved(page);

    const map = await (await page.request.get(`/api/v2/maps/${accessId}`)).json() as { folders: Array<{ areas: StoredArea[] }> };
    const [area] = map.folders.flatMap((folder) => folder.areas);
    // 8:45 in Berlin in November is 7:45 UTC.
    expect(area).toMatchObject({ transportMode: 'transit', direction: 'arrival', departureDate: '2016-11-22T07:45:00.000Z' });
    const contains = ([lng, lat]: [number, number]) => area!.geometry.coordinates.some((polygon) => insidePolygon(lng, lat, polygon));
    expect(contains(SCHRIESHEIM_BAHNHOF)).toBe(true);
    await viewAt(page, [8.70, 49.44], 11);
    await waitForMapIdle(page);
    await screenshot(page, 'transit-arrival-area-en');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
