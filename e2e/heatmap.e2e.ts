/**
 * The heatmap in the browser, on the real communes of Alpes-Maritimes the test server imported
 * (boundaries and populations): a free user shows the population density of the communes around
 * Nice from the map's Heatmap button, reads the legend (classes with their ranges), sees the
 * communes painted in their class colours (MapLibre's rendered features and the canvas's pixels,
 * against the same pixel without the heatmap), switches to raw populations and sees the ranges
 * change, finds the heatmap as they left it after a reload, and reads it all again in French. A
 * census measure other than the population names the plan that includes it (SPEC §6) and is not
 * drawn; too far out for the communes, the legend offers to zoom in. An indicator counting the
 * businesses of the Monaco extract colours the communes around Monaco. On a phone the button and the
 * card fit over the map. A visitor gets the free plan's heatmaps on the map they draw.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, unexpectedErrors, viewAt } from './support/app.js';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { continuePastFreePlanNotice, newUserOnMap } from './support/plans.js';
import { runDataCommand } from './support/data-command.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  // The OpenStreetMap points of interest of Monaco, for an indicator counting businesses, imported as an operator does it.
  runDataCommand(dataDir, ['import', 'osm-pois', 'test-data/osm/monaco.osm.pbf']);
  browser = await launchBrowser();
});
afterAll(async () => { await browser?.close(); });

const FILL_LAYER = 'catchment-heatmap-fill';
/** Nice and the hills north of it: communes of every class around the city. */
const AROUND_NICE: [number, number] = [7.22, 43.76];
/** Monaco and the French communes around it (Beausoleil, Cap-d'Ail, La Turbie, Roquebrune-Cap-Martin). */
const MONACO: [number, number] = [7.42, 43.745];
/** Points inside communes away from the circle drawn on Nice (Tourrette-Levens, Levens, Contes, Aspremont, Falicon). */
const PROBES: [number, number][] = [[7.276, 43.787], [7.222, 43.859], [7.315, 43.812], [7.242, 43.742], [7.295, 43.782]];

type Rgb = [number, number, number];

interface RenderedUnit { value: number | null; color: Rgb }

/** The heatmap's units MapLibre drew in the view: each one's value and fill colour. */
function renderedUnits(page: Page): Promise<RenderedUnit[]> {
  return page.evaluate((layer) => {
    const map = (window as unknown as { catchmentMap: { getLayer(id: string): unknown; queryRenderedFeatures(options: object): { properties: Record<string, unknown>; layer: { paint: Record<string, { r: number; g: number; b: number }> } }[] } }).catchmentMap;
    if (!map.getLayer(layer)) return [];
    return map.queryRenderedFeatures({ layers: [layer] }).map((feature) => {
      const color = feature.layer.paint['fill-color']!;
      return { value: typeof feature.properties.value === 'number' ? feature.properties.value : null, color: [color.r, color.g, color.b].map((channel) => Math.round(channel * 255)) as Rgb };
    });
  }, FILL_LAYER);
}

/** The colour of the map's canvas at a longitude/latitude, read right after MapLibre draws a frame. */
function pixelAt(page: Page, lngLat: [number, number]): Promise<Rgb> {
  return page.evaluate((target) => new Promise<Rgb>((resolve) => {
    const map = (window as unknown as { catchmentMap: { project(lngLat: [number, number]): { x: number; y: number }; getCanvas(): HTMLCanvasElement; once(event: string, listener: () => void): void; triggerRepaint(): void } }).catchmentMap;
    const canvas = map.getCanvas();
    map.once('render', () => {
      // Read within the frame MapLibre just drew, before the browser clears the drawing buffer.
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
      const point = map.project(target);
      const ratio = canvas.width / canvas.clientWidth;
      const pixel = new Uint8Array(4);
      gl.readPixels(Math.round(point.x * ratio), Math.round(canvas.height - point.y * ratio), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      resolve([pixel[0]!, pixel[1]!, pixel[2]!]);
    });
    map.triggerRepaint();
  }), lngLat);
}

/** Each test signs up, draws and reloads on a machine the other suites share: more than the default two minutes. */
const TEST_TIMEOUT_MS = 300_000;

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((channel, i) => Math.abs(channel - b[i]!)));

/** The legend's ranges as the user reads them. */
const legendRanges = (page: Page) => page.getByTestId('heatmap-legend-class').allInnerTexts();

async function waitForLegend(page: Page): Promise<void> {
  await poll(() => page.getByTestId('heatmap-legend').getAttribute('data-status')).toBe('ready');
  await waitForMapIdle(page);
}

/** The upper edge of the legend's last class, as a number (English grouping). */
const topEdge = (ranges: string[]) => Number(ranges[ranges.length - 1]!.split('–')[1]!.replace(/[^\d.]/g, ''));

describe('heatmap', () => {
  it('shows the population density of the communes around Nice, then the populations, in English and in French', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir);
    await drawCircle(page, { radiusKm: 1 });
    await continuePastFreePlanNotice(page);
    await viewAt(page, AROUND_NICE, 10.5);

    // Off at first: a button over the map opens the heatmap on the population density of the communes.
    const toggle = page.getByTestId('heatmap-toggle');
    expect(await toggle.innerText()).toBe('Heatmap');
    await toggle.click();
    const form = page.getByTestId('heatmap-form');
    expect(await form.getByTestId('heatmap-shown').isChecked()).toBe(true);
    // The focus goes into the settings.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('heatmap-shown');
    expect(await form.getByTestId('heatmap-measure').inputValue()).toBe('census:population');
    expect(await form.getByTestId('heatmap-level').inputValue()).toBe('fr_cities');
    expect(await form.getByTestId('heatmap-country').inputValue()).toBe('fr');
    expect(await form.locator('[data-mode="density"]').getAttribute('aria-pressed')).toBe('true');
    await waitForLegend(page);
    expect(await page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population per km²\s+Communes \(France\)$/);
    const density = await legendRanges(page);
    expect(density).toHaveLength(5);
    for (const range of density) expect(range).toMatch(/^\d[\d,.]* – \d[\d,.]*$/);
    expect(await page.getByTestId('heatmap-legend-no-data').innerText()).toBe('No data');

    // The communes are painted in the legend's colours: MapLibre drew them, several classes among them.
    const units = await renderedUnits(page);
    expect(units.length).toBeGreaterThan(20);
    expect(units.every((unit) => unit.value !== null)).toBe(true);
    expect(new Set(units.map((unit) => unit.color.join())).size).toBeGreaterThanOrEqual(3);
    // And the canvas shows them: a commune's pixel is its class colour over the basemap at the chosen opacity (70%).
    const withHeatmap = await Promise.all(PROBES.map((probe) => pixelAt(page, probe)));
    await screenshot(page, 'heatmap-01-density-en');
    await form.getByTestId('heatmap-shown').uncheck();
    await waitForMapIdle(page);
    expect(await renderedUnits(page)).toEqual([]);
    const basemap = await Promise.all(PROBES.map((probe) => pixelAt(page, probe)));
    await form.getByTestId('heatmap-shown').check();
    await waitForLegend(page);
    const swatches = await page.getByTestId('heatmap-legend-class').locator('.heatmap-swatch')
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number)));
    const blended = PROBES.map((_, i) => swatches.some((swatch) => distance(withHeatmap[i]!, swatch.map((channel, c) => 0.7 * channel + 0.3 * basemap[i]![c]!) as Rgb) <= 12));
    expect(blended.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(PROBES.filter((_, i) => distance(withHeatmap[i]!, basemap[i]!) > 20).length).toBeGreaterThanOrEqual(3);

    // Raw populations: other ranges, the largest being Nice's population.
    await form.locator('[data-mode="raw"]').click();
    await expect.poll(() => page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population\s+Communes \(France\)$/);
    await waitForLegend(page);
    const raw = await legendRanges(page);
    expect(raw).not.toEqual(density);
    expect(topEdge(raw)).toBeGreaterThan(300_000);
    expect(raw[raw.length - 1]).toMatch(/\d{3},\d{3}$/);
    await screenshot(page, 'heatmap-02-raw-en');

    // Natural breaks in up to 7 classes, a lighter layer: the legend lists the classes the server
    // found (fewer where the values allow fewer), the map follows.
    await form.locator('[data-classification="jenks"]').click();
    const jenksLegend = page.waitForResponse((response) => /\/heatmap\/legend\?.*classification=jenks&classes=7/.test(response.url()));
    await form.getByTestId('heatmap-classes').selectOption('7');
    const { colors } = await (await jenksLegend).json() as { colors: string[] };
    expect(colors.length).toBeGreaterThan(5);
    await waitForLegend(page);
    await expect.poll(() => legendRanges(page).then((ranges) => ranges.length)).toBe(colors.length);
    await form.getByTestId('heatmap-opacity').fill('50');
    await waitForMapIdle(page);

    // Escape closes the settings, the focus back on their button; the legend stays over the map.
    await page.keyboard.press('Escape');
    expect(await form.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('heatmap-settings-toggle');
    expect(await page.getByTestId('heatmap-legend-class').count()).toBe(colors.length);
    await screenshot(page, 'heatmap-03-jenks-legend-en');

    // The map opened again keeps its heatmap as it was left (the view back around Nice: the map opens on its circle).
    await page.reload();
    await waitForLegend(page);
    await viewAt(page, AROUND_NICE, 10.5);
    expect(await page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population\s+Communes \(France\)$/);
    expect(await page.getByTestId('heatmap-legend-class').count()).toBe(colors.length);
    expect(await page.getByTestId('heatmap-settings-toggle').getAttribute('aria-expanded')).toBe('false');

    // In French: the titles, the level and the ranges written the French way.
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population\s+Communes \(France\)$/);
    await waitForLegend(page);
    const french = await legendRanges(page);
    expect(french[french.length - 1]).toMatch(/\d{3}\u202f\d{3}$/);
    expect(await page.getByTestId('heatmap-legend-no-data').innerText()).toBe('Pas de donnée');
    await page.getByTestId('heatmap-settings-toggle').click();
    await page.getByTestId('heatmap-form').locator('[data-mode="density"]').click();
    await expect.poll(() => page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population par km²\s+Communes \(France\)$/);
    await waitForLegend(page);
    expect((await renderedUnits(page)).length).toBeGreaterThan(20);
    await screenshot(page, 'heatmap-04-density-fr');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('names the plan that includes a heatmap of another measure, and does not draw it', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir);
    await drawCircle(page, { radiusKm: 1 });
    await continuePastFreePlanNotice(page);
    await viewAt(page, AROUND_NICE, 10.5);
    await page.getByTestId('heatmap-toggle').click();
    await waitForLegend(page);

    const measure = page.getByTestId('heatmap-measure');
    const managers = measure.locator('option[value="census:csp_3"]');
    expect(await managers.getAttribute('data-locked-plan')).toBe('pro_2020');
    expect(await managers.innerText()).toMatch(/Managers and higher intellectual professions 🔒 Pro/);
    expect(await measure.locator('option[value="census:population"]').getAttribute('data-locked-plan')).toBeNull();
    await measure.selectOption('census:csp_3');
    const lock = page.getByTestId('heatmap-lock');
    expect(await lock.innerText()).toMatch(/This heatmap is part of the Pro plan/);
    expect(await page.getByTestId('heatmap-legend').getAttribute('data-status')).toBe('locked');
    await waitForMapIdle(page);
    expect(await renderedUnits(page)).toEqual([]);
    await screenshot(page, 'heatmap-05-locked-en');

    // "See plans" opens the comparison on Pro, saying what it unlocks.
    await lock.getByTestId('heatmap-lock-see-plans').click();
    const dialog = page.getByTestId('plans-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-pro_2020').getAttribute('data-highlighted')).toBe('true');
    expect(await dialog.innerText()).toMatch(/Heatmaps come with the Pro plan/);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => lock.innerText()).toMatch(/Cette carte de chaleur fait partie de l'offre Pro/);
    // Back to the population: drawn again.
    await measure.selectOption('census:population');
    await waitForLegend(page);
    expect((await renderedUnits(page)).length).toBeGreaterThan(20);
    // Too far out for the communes to be drawn, the legend says so and zooms in to them.
    await viewAt(page, AROUND_NICE, 4.5);
    const hint = page.getByTestId('heatmap-zoom-hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.innerText()).toMatch(/Ce niveau est dessiné de plus près\.\s*Zoomer/);
    expect(await renderedUnits(page)).toEqual([]);
    await hint.getByTestId('heatmap-zoom-in').click();
    await poll(() => hint.count()).toBe(0);
    await waitForMapIdle(page);
    expect((await renderedUnits(page)).length).toBeGreaterThan(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('draws an indicator counting businesses: the communes around Monaco by their businesses per 1,000 inhabitants', async () => {
    const { context, page, errors, mapUrl } = await newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');
    // Every business of the Monaco extract, and the indicator reading it, made as the user's own calls.
    const api = `/api/v2/maps/${mapUrl.split('/').pop()}`;
    const created = async (url: string, data: unknown) => {
      const response = await page.request.fetch(url, { method: 'POST', data });
      expect(response.ok(), await response.text()).toBe(true);
      return response.json() as Promise<{ id: number | string }>;
    };
    const search = await created(`${api}/searches`, { datasetName: 'mc_osm_poi' });
    const indicator = await created(`${api}/metrics`, {
      name: 'Businesses per 1,000 inhabitants',
      formula: [
        { type: 'measure', measure: { source: 'poi', searchId: String(search.id) } }, { type: 'operator', value: '*' }, { type: 'value', value: 1000 },
        { type: 'operator', value: '/' }, { type: 'measure', measure: { source: 'census', key: 'population' } },
      ],
    });
    await page.reload();
    await waitForMapIdle(page);
    await viewAt(page, MONACO, 12);
    await page.getByTestId('heatmap-toggle').click();
    const form = page.getByTestId('heatmap-form');
    await form.getByTestId('heatmap-country').selectOption('fr');
    await form.getByTestId('heatmap-measure').selectOption(`metric:${indicator.id}`);
    await form.locator('[data-mode="raw"]').click();
    await expect.poll(() => page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Businesses per 1,000 inhabitants\s+Communes \(France\)$/);
    await waitForLegend(page);
    // The two communes holding some of the extract's businesses have a value, the others 0.
    const units = await renderedUnits(page);
    expect(units.some((unit) => unit.value !== null && unit.value > 0)).toBe(true);
    expect(units.some((unit) => unit.value === 0)).toBe(true);
    // Quantiles of so many zeros make one class; natural breaks set the two communes apart in another colour.
    await form.locator('[data-classification="jenks"]').click();
    await waitForLegend(page);
    await expect.poll(async () => new Set((await renderedUnits(page)).map((unit) => unit.color.join())).size).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'heatmap-09-businesses-indicator-en');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('shows a visitor the population density too, on the map they draw without an account', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await viewAt(page, AROUND_NICE, 10.5);
    await page.getByTestId('heatmap-toggle').click();
    await page.getByTestId('heatmap-country').selectOption('fr');
    await waitForLegend(page);
    expect(await page.getByTestId('heatmap-legend-title').innerText()).toMatch(/^Population per km²\s+Communes \(France\)$/);
    expect(await page.getByTestId('heatmap-legend-class').count()).toBe(5);
    expect((await renderedUnits(page)).length).toBeGreaterThan(20);
    // The free plan's locks: another measure names Pro.
    expect(await page.locator('option[value="census:csp_3"]').getAttribute('data-locked-plan')).toBe('pro_2020');
    await screenshot(page, 'heatmap-08-visitor');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('fits on a phone: the button, then the settings and the legend over the map', async () => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-US', phone);
    const desktop = await newUserOnMap(browser, baseUrl, dataDir);
    // The phone opens the map the desktop user made, logged in as them.
    await context.addCookies(await desktop.context.cookies());
    await desktop.page.close();
    await page.goto(desktop.mapUrl);
    await waitForMapIdle(page);
    await viewAt(page, AROUND_NICE, 10);
    await page.getByTestId('heatmap-toggle').tap();
    await page.getByTestId('heatmap-form').waitFor();
    await page.getByTestId('heatmap-country').selectOption('fr');
    await waitForLegend(page);
    const card = (await page.getByTestId('heatmap-card').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
    expect(card.y).toBeGreaterThanOrEqual(0);
    expect(card.y + card.height).toBeLessThanOrEqual(viewport.height);
    expect((await renderedUnits(page)).length).toBeGreaterThan(10);
    await screenshot(page, 'heatmap-06-phone-settings');
    await page.getByTestId('heatmap-settings-toggle').tap();
    await waitForMapIdle(page);
    await screenshot(page, 'heatmap-07-phone-legend');
    expect(unexpectedErrors([...errors, ...desktop.errors])).toEqual([]);
    await desktop.context.close();
    await context.close();
  }, TEST_TIMEOUT_MS);
});
