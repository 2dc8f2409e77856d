/**
 * A visitor zooms on Monaco, a region whose OpenStreetMap extract the server imported: the map
 * shows its streets, its buildings, and the sea where OpenStreetMap's coastline puts it, credited
 * to OpenStreetMap; everything comes from the app's own server (no other host is asked for
 * anything); switching to French labels the same streets in French without moving the map.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { unexpectedErrors, viewAt } from './support/app.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The port of Monaco, between Monaco-Ville and Monte-Carlo. */
const MONACO_PORT: [number, number] = [7.4235, 43.7355];
/** On land: the Prince's Palace, on the Rock. */
const PALACE: [number, number] = [7.4201, 43.7313];
/** At sea, off the Rock (Natural Earth's coast puts part of Monaco's land there). */
const OFFSHORE: [number, number] = [7.4245, 43.7270];

interface RenderedFeature { source: string; sourceLayer?: string; properties: Record<string, unknown> }

/** What MapLibre drew from the street-level source, whole view or at one place. */
function renderedStreetFeatures(page: Page, at?: [number, number]): Promise<RenderedFeature[]> {
  return page.evaluate((lngLat) => {
    const map = (window as unknown as { catchmentMap: {
      queryRenderedFeatures(point?: { x: number; y: number }): Array<{ source: string; sourceLayer?: string; properties: Record<string, unknown> }>;
      project(lngLat: [number, number]): { x: number; y: number };
    } }).catchmentMap;
    const features = lngLat ? map.queryRenderedFeatures(map.project(lngLat)) : map.queryRenderedFeatures();
    return features.filter((feature) => feature.source === 'protomaps')
      .map((feature) => ({ source: feature.source, sourceLayer: feature.sourceLayer, properties: feature.properties }));
  }, at);
}

describe('basemap', () => {
  it('shows Monaco’s streets, buildings and sea at zoom 15, from this server only, credited to OpenStreetMap', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const origin = new URL(baseUrl).origin;
    const elsewhere: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => { if (!request.url().startsWith(origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url()); });
    // Requests the page itself cancels (MapLibre drops the tiles of a view it left) are not failures.
    page.on('requestfailed', (request) => { if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`); });
    page.on('response', (response) => { if (response.status() >= 500) failed.push(`${response.url()} ${response.status()}`); });

    await page.goto('/app/');
    await waitForMapIdle(page);
    await viewAt(page, MONACO_PORT, 15);

    const features = await renderedStreetFeatures(page);
    const roads = features.filter((feature) => feature.sourceLayer === 'roads');
    expect(roads.length).toBeGreaterThan(50);
    expect([...new Set(roads.map((road) => road.properties.kind))]).toEqual(expect.arrayContaining(['major_road', 'minor_road', 'path']));
    expect(roads.map((road) => road.properties.name)).toEqual(expect.arrayContaining(['Boulevard Albert 1er', 'Quai Antoine 1er']));
    expect(features.filter((feature) => feature.sourceLayer === 'buildings').length).toBeGreaterThan(20);
    // Land on the Rock, sea off it: OpenStreetMap's coast, not Natural Earth's.
    expect((await renderedStreetFeatures(page, PALACE)).map((feature) => feature.sourceLayer)).toContain('earth');
    expect((await renderedStreetFeatures(page, PALACE)).some((feature) => feature.properties.kind === 'ocean')).toBe(false);
    expect((await renderedStreetFeatures(page, OFFSHORE)).some((feature) => feature.sourceLayer === 'water' && feature.properties.kind === 'ocean')).toBe(true);

    const attribution = await page.locator('.maplibregl-ctrl-attrib-inner').innerText();
    expect(attribution).toContain('© OpenStreetMap contributors');
    await screenshot(page, 'basemap-monaco-z15');

    expect(elsewhere).toEqual([]);
    expect(failed).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('labels the streets in French after the language switch, where the map was', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await viewAt(page, MONACO_PORT, 16);
    const labelField = () => page.evaluate(() => {
      const map = (window as unknown as { catchmentMap: { getStyle(): { layers: Array<{ id: string; layout?: Record<string, unknown> }> } } }).catchmentMap;
      return JSON.stringify(map.getStyle().layers.find((layer) => layer.id === 'roads_labels_minor')?.layout?.['text-field']);
    });
    expect(await labelField()).not.toContain('name:fr');

    const styleRequest = page.waitForRequest((request) => request.url().includes('/api/basemap/style.json?lang=fr'));
    await page.getByTestId('locale-switch').selectOption('fr');
    await styleRequest;
    await poll(labelField).toContain('name:fr');
    await waitForMapIdle(page);
    const center = await page.evaluate(() => (window as unknown as { catchmentMap: { getCenter(): { lng: number; lat: number }; getZoom(): number } }).catchmentMap.getCenter());
    expect(center.lng).toBeCloseTo(MONACO_PORT[0], 3);
    expect(center.lat).toBeCloseTo(MONACO_PORT[1], 3);
    expect((await renderedStreetFeatures(page)).filter((feature) => feature.sourceLayer === 'roads').length).toBeGreaterThan(20);
    await screenshot(page, 'basemap-monaco-z16-fr');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
