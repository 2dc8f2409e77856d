/**
 * A public transport area arriving at a point, in the browser, in English and in French, on the rnv timetables
 * the test server imported over the demo's Mannheim–Heidelberg roads: Arrival chosen with public
 * transport, the time field reads "Arrive by"; arriving at Bismarckplatz by 8:45 on 22 November
 * 2016 (the user's clock in Berlin) within 30 minutes, one leaves from as far as Schriesheim
 * station, some 7 km away up the tram line.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, newMapByApi, storedAreas, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { createAreaAtBismarckplatz, holds, SCHRIESHEIM_BAHNHOF, type StoredArea } from './support/transit.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** What the panel and the layers say, in each language (apps/web/src/i18n). */
const WORDS = {
  'en-GB': { departure: /^Departure/, arriveBy: /^Arrive by/, hint: /there by this time/, timeLabel: 'Arrival time', label: /Arrival at .* 30 min by public transport/ },
  'fr-FR': { departure: /^Départ/, arriveBy: /^Arrivée avant/, hint: /arrivée avant cette heure/, timeLabel: "Heure d'arrivée", label: /Arrivée à .* 30 min en transports en commun/ },
} as const;

describe('public transport areas, arriving', () => {
  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])('makes a 30-minute area arriving at Bismarckplatz by 8:45 by tram and bus, the time field reading "Arrive by" (%s)', async (locale) => {
    const words = WORDS[locale];
    const { context, page, errors } = await openPage(browser, baseUrl, locale, { timezoneId: 'Europe/Berlin' });
    const accessId = await newMapByApi(page);

    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('transport-mode').selectOption('transit');
    const time = page.getByTestId('transit-departure');
    await poll(() => time.innerText()).toMatch(words.departure);
    await page.getByTestId('direction-arrival').click();
    await poll(() => time.innerText()).toMatch(words.arriveBy);
    expect(await time.innerText()).toMatch(words.hint);
    expect(await page.getByTestId('departure-time').getAttribute('aria-label')).toBe(words.timeLabel);
    await page.getByTestId('departure-date').fill('2016-11-22');
    await page.getByTestId('departure-time').fill('08:45');

    await createAreaAtBismarckplatz(page, 30, `transit-arrival-preview-${locale}`);
    await poll(() => areaItems(page).first().innerText()).toMatch(words.label);
    await waitForSaved(page);

    const [area] = await storedAreas<StoredArea>(page, accessId);
    // 8:45 in Berlin in November is 7:45 UTC.
    expect(area).toMatchObject({ transportMode: 'transit', direction: 'arrival', departureDate: '2016-11-22T07:45:00.000Z' });
    expect(holds(area!, SCHRIESHEIM_BAHNHOF)).toBe(true);
    await viewAt(page, [8.70, 49.44], 11);
    await waitForMapIdle(page);
    await screenshot(page, `transit-arrival-area-${locale}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
