/**
 * "Where to open" in the browser, on the Monaco road network and the population the test server
 * loaded (the communes of Alpes-Maritimes, Monaco's own figure): a Pro user opens it beside the
 * heatmap, computes the people within 3 minutes by car of each cell of a grid over the view around
 * Monaco (within 10 minutes every cell reaches all the people on that small network: one class), sees the cells painted in the legend's colours (MapLibre's rendered features), reads the
 * summary and the best cells, and shows the best one on the map; Escape closes the card and takes
 * the layer off; in French (10 minutes on foot) the texts and figures follow. Where the server has no roads, its own
 * message says so. Net of the map's search of restaurants, the people they already reach are said and
 * left out of every cell. A free user sees the layer locked with the plan that has it, and asks nothing of
 * the server.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ReachabilityHeatmap } from '@catchment/domain';
import { unexpectedErrors, viewAt } from './support/app.js';
import { launchBrowser, screenshot, waitForMapIdle } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { runDataCommand } from './support/data-command.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

/** The OpenStreetMap extract of Monaco, whose points of interest (mc_osm_poi) the competitors are searched in. */
const MONACO_EXTRACT = 'test-data/osm/monaco.osm.pbf';

beforeAll(async () => {
  runDataCommand(dataDir, ['import', 'osm-pois', MONACO_EXTRACT]);
  browser = await launchBrowser();
});
afterAll(async () => { await browser?.close(); });

const FILL_LAYER = 'catchment-reachability-fill';
const HIGHLIGHT_LAYER = 'catchment-reachability-highlight';
/** Monaco, from Fontvieille to Monte-Carlo, with Beausoleil above it. */
const MONACO: [number, number] = [7.4205, 43.7375];
/** Nice: communes with people, but no road network loaded on the test server. */
const NICE: [number, number] = [7.262, 43.703];
const TEST_TIMEOUT_MS = 300_000;

interface RenderedCell { index: number; value: number | null; color: string }

type MapWindow = {
  catchmentMap: {
    getLayer(id: string): unknown;
    queryRenderedFeatures(options: object): { properties: Record<string, unknown>; layer: { paint: Record<string, { r: number; g: number; b: number }> } }[];
    project(lngLat: [number, number]): { x: number; y: number };
    getCanvas(): HTMLCanvasElement;
  };
};

/** The cells of a layer MapLibre drew in the view: each one's index, value and fill colour. */
function renderedCells(page: Page, layer = FILL_LAYER): Promise<RenderedCell[]> {
  return page.evaluate((id) => {
    const map = (window as unknown as MapWindow).catchmentMap;
    if (!map.getLayer(id)) return [];
    return map.queryRenderedFeatures({ layers: [id] }).map((feature) => {
      const color = feature.layer.paint['fill-color'];
      return {
        index: Number(feature.properties.index),
        value: typeof feature.properties.value === 'number' ? feature.properties.value : null,
        color: color ? [color.r, color.g, color.b].map((channel) => Math.round(channel * 255)).join() : '',
      };
    });
  }, layer);
}

/** Where a point is on the map's canvas, in CSS pixels. */
const pixelOf = (page: Page, lngLat: [number, number]) => page.evaluate((target) => {
  const map = (window as unknown as MapWindow).catchmentMap;
  const { x, y } = map.project(target);
  return { x, y, width: map.getCanvas().clientWidth, height: map.getCanvas().clientHeight };
}, lngLat);

/** Opens the card, computes with the settings shown, and gives the server's answer once the results are shown. */
async function compute(page: Page): Promise<ReachabilityHeatmap> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/heatmap/reachability') && response.request().method() === 'POST', { timeout: 120_000 });
  await page.getByTestId('where-to-open-compute').click();
  const response = await answered;
  expect(response.status()).toBe(200);
  await page.getByTestId('where-to-open-results').waitFor();
  await waitForMapIdle(page);
  return await response.json() as ReachabilityHeatmap;
}

/** A figure as the user reads it, back to a number (English or French grouping). */
const figure = (text: string) => Number(text.replace(/[^\d]/g, ''));

describe('where to open', () => {
  it('computes the people within 3 minutes by car around Monaco, draws the cells and shows the best place, in English and in French', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir, 'pro_2020');
    await viewAt(page, MONACO, 14);
    const requests: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/heatmap/reachability')) requests.push(request.method()); });

    // Beside the Heatmap button; it opens its card with the focus in its settings.
    const toggle = page.getByTestId('where-to-open-toggle');
    expect(await toggle.innerText()).toBe('Where to open');
    expect(await toggle.getAttribute('data-locked-plan')).toBeNull();
    await toggle.click();
    const card = page.getByTestId('where-to-open-card');
    await card.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('where-to-open-mode');
    expect(await card.getByTestId('where-to-open-mode').inputValue()).toBe('car');
    expect(await card.getByTestId('where-to-open-minutes').inputValue()).toBe('10');
    expect(await card.getByTestId('where-to-open-mode').locator('option').allInnerTexts()).toEqual(['Car', 'Bike', 'Walk', 'Truck', 'Heavy truck']);
    // The grid covers the view, in at most 2,500 cells; the cell size follows the view.
    const coverage = await card.getByTestId('where-to-open-coverage').innerText();
    expect(coverage).toMatch(/^Covers [\d.]+ km × [\d.]+ km of the map view in [\d,]+ cells\.$/);
    expect(figure(coverage.split(' in ')[1]!)).toBeLessThanOrEqual(2_500);
    const cellMeters = Number(await card.getByTestId('where-to-open-cell').inputValue());
    expect(cellMeters).toBeGreaterThanOrEqual(100);
    expect(requests).toEqual([]);

    await card.getByTestId('where-to-open-minutes').selectOption('3');
    const answer = await compute(page);
    expect(answer.region).toBe('monaco');
    expect(answer.grid.cellMeters).toBe(cellMeters);
    // The settings fold into one line, the focus on the best place.
    expect(await card.getByTestId('where-to-open-mode').count()).toBe(0);
    expect(await card.getByTestId('where-to-open-choices').innerText()).toMatch(new RegExp(`^Car, 3 min: [\\d,]+ cells of ${cellMeters} m$`));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('where-to-open-best-cell');
    // The legend lists the server's classes with their ranges; the cells are painted in them.
    const ranges = await page.getByTestId('where-to-open-legend-class').allInnerTexts();
    expect(ranges).toHaveLength(answer.colors.length);
    expect(ranges.length).toBeGreaterThanOrEqual(3);
    for (const range of ranges) expect(range).toMatch(/^\d[\d,]* – \d[\d,]*$/);
    expect(await page.getByTestId('where-to-open-legend-title').innerText()).toBe('People within 3 min by car');
    const cells = await renderedCells(page);
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.every((cell) => cell.value !== null && cell.value >= 0)).toBe(true);
    expect(new Set(cells.map((cell) => cell.color)).size).toBeGreaterThanOrEqual(3);
    // The summary and the best places, highest first, each reaching people.
    expect(figure(await page.getByTestId('where-to-open-placed').innerText())).toBe(answer.population.placed);
    expect(await page.getByTestId('where-to-open-compute-time').innerText()).toMatch(/^(\d+ ms|[\d.]+ sec)$/);
    const best = page.getByTestId('where-to-open-best-cell');
    expect(await best.count()).toBe(answer.best.length);
    expect(answer.best.length).toBeGreaterThan(0);
    const people = (await page.getByTestId('where-to-open-best-people').allInnerTexts()).map(figure);
    expect(people).toEqual(answer.best.map((cell) => cell.value));
    for (const value of people) expect(value).toBeGreaterThan(0);
    expect(await page.getByTestId('where-to-open-best-title').innerText()).toMatch(/^Best places\s+people within reach$/);
    expect(await best.first().getAttribute('aria-label')).toBe(`Place 1: ${people[0]!.toLocaleString('en')} people within reach. Show it on the map`);
    await screenshot(page, 'where-to-open-01-monaco-en');

    // The first place: the map flies to it, clear of the card, and outlines its cell.
    const first = answer.best[0]!;
    await viewAt(page, [MONACO[0] - 0.03, MONACO[1] - 0.01], 14);
    await best.first().click();
    expect(await best.first().getAttribute('aria-pressed')).toBe('true');
    await poll(async () => {
      const { x, y, width, height } = await pixelOf(page, first.center);
      return x > 320 && x < width && y > 0 && y < height;
    }).toBe(true);
    await waitForMapIdle(page);
    const outlined = await renderedCells(page, HIGHLIGHT_LAYER);
    expect(outlined.length).toBeGreaterThan(0);
    expect(new Set(outlined.map((cell) => cell.index))).toEqual(new Set([first.index]));
    await screenshot(page, 'where-to-open-02-best-cell-en');

    // Escape closes the card, the focus back on its button, the layer off the map.
    await page.keyboard.press('Escape');
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('where-to-open-toggle');
    await waitForMapIdle(page);
    expect(await renderedCells(page)).toEqual([]);

    // In French: the same layer, its texts and figures written the French way.
    await page.getByTestId('locale-switch').selectOption('fr');
    await viewAt(page, MONACO, 14);
    await expect.poll(() => toggle.innerText()).toBe("Où s'implanter");
    await toggle.click();
    await card.getByTestId('where-to-open-mode').selectOption('walk');
    await card.getByTestId('where-to-open-minutes').selectOption('10');
    expect(await card.getByTestId('where-to-open-coverage').innerText()).toMatch(/^Couvre [\d,]+\s?km × [\d,]+\s?km de la vue en [\d\s\u202f]+ cellules\.$/);
    expect(await card.getByTestId('where-to-open-compute').innerText()).toBe('Calculer');
    const french = await compute(page);
    expect([french.transportMode, french.durationSeconds]).toEqual(['walk', 600]);
    expect(await page.getByTestId('where-to-open-legend-title').innerText()).toBe('Habitants à moins de 10 min à pied');
    const frenchRanges = await page.getByTestId('where-to-open-legend-class').allInnerTexts();
    expect(frenchRanges).toHaveLength(french.colors.length);
    for (const range of frenchRanges) expect(range).toMatch(/^\d[\d\u202f]* – \d[\d\u202f]*$/);
    expect(frenchRanges.at(-1)).toMatch(/\d\u202f\d{3}$/);
    expect(await page.getByTestId('where-to-open-best-people').first().innerText()).toMatch(/^\d{1,3}(\u202f\d{3})*$/);
    expect(await page.getByTestId('where-to-open-best-title').innerText()).toMatch(/^Meilleurs emplacements\s+habitants à portée$/);
    expect((await renderedCells(page)).length).toBeGreaterThan(20);
    await screenshot(page, 'where-to-open-03-monaco-fr');

    // Where the server has no roads, its own message in the user's language.
    await viewAt(page, NICE, 14);
    const refused = page.waitForResponse((response) => response.url().endsWith('/heatmap/reachability'));
    await page.getByTestId('where-to-open-compute').click();
    expect((await refused).status()).toBe(422);
    const error = page.getByTestId('where-to-open-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/les routes de cette région ne sont pas chargées/);
    expect(await renderedCells(page)).toEqual([]);
    await screenshot(page, 'where-to-open-04-no-roads-fr');
    expect(unexpectedErrors(errors).filter((line) => !/status of 422/.test(line))).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('leaves out the people the competitors of a business search already reach', async () => {
    const { context, page, errors, mapUrl } = await newUserOnMap(browser, baseUrl, dataDir, 'pro_2020');
    // The restaurants of the Monaco extract, searched on the map with the user's own call.
    const created = await page.request.fetch(`/api/v2/maps/${mapUrl.split('/').pop()}/searches`, {
      method: 'POST', data: { datasetName: 'mc_osm_poi', categories: ['amenity=restaurant'], label: 'Restaurants' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const search = await created.json() as { id: number };
    await page.reload();
    await waitForMapIdle(page);
    await viewAt(page, MONACO, 14);
    await page.getByTestId('where-to-open-toggle').click();
    const card = page.getByTestId('where-to-open-card');
    await card.getByTestId('where-to-open-minutes').selectOption('3');
    const gross = await compute(page);
    expect(await page.getByTestId('where-to-open-excluded').count()).toBe(0);

    await card.getByTestId('where-to-open-settings-toggle').click();
    const competitors = card.getByTestId('where-to-open-competitors');
    expect(await competitors.locator('option').allInnerTexts()).toEqual(['No competitors', 'Restaurants']);
    await competitors.selectOption(String(search.id));
    const net = await compute(page);
    expect(net.competitors).toMatchObject({ searchId: search.id });
    expect(net.competitors!.found).toBeGreaterThan(0);
    expect(net.population.excludedByCompetitors).toBeGreaterThan(0);
    expect(figure(await page.getByTestId('where-to-open-excluded').innerText())).toBe(net.population.excludedByCompetitors);
    expect(await page.getByTestId('where-to-open-legend-title').innerText()).toMatch(/^People within 3 min by car\s+not reached yet by “Restaurants”$/);
    // No cell reaches more people than without the competitors; the best place reaches fewer.
    const bestPeople = (await page.getByTestId('where-to-open-best-people').allInnerTexts()).map(figure);
    expect(bestPeople).toEqual(net.best.map((cell) => cell.value));
    expect(bestPeople[0] ?? 0).toBeLessThan(gross.best[0]!.value);
    net.cells.features.forEach((cell, i) => {
      const before = gross.cells.features[i]!.properties.value;
      if (before !== null && cell.properties.value !== null) expect(cell.properties.value).toBeLessThanOrEqual(before);
    });
    await screenshot(page, 'where-to-open-06-net-of-restaurants-en');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('shows a free user the layer locked with the plan that has it, and asks nothing of the server', async () => {
    const { context, page, errors } = await newUserOnMap(browser, baseUrl, dataDir);
    await viewAt(page, MONACO, 14);
    const requests: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/heatmap/reachability')) requests.push(request.url()); });
    const toggle = page.getByTestId('where-to-open-toggle');
    expect(await toggle.getAttribute('data-locked-plan')).toBe('pro_2020');
    expect(await toggle.innerText()).toMatch(/Where to open\s*Pro/);
    await screenshot(page, 'where-to-open-00-buttons-free-en');
    await toggle.click();
    const lock = page.getByTestId('where-to-open-lock');
    await lock.waitFor();
    expect(await lock.getAttribute('data-plan')).toBe('pro_2020');
    expect(await lock.innerText()).toMatch(/The where-to-open layer is part of the Pro plan\./);
    expect(await page.getByTestId('where-to-open-compute').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('where-to-open-lock-see-plans');
    await screenshot(page, 'where-to-open-05-locked-en');

    // "See plans" opens the comparison on Pro.
    await lock.getByTestId('where-to-open-lock-see-plans').click();
    const dialog = page.getByTestId('plans-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-pro_2020').getAttribute('data-highlighted')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => lock.innerText()).toMatch(/La couche « où s'implanter » fait partie de l'offre Pro\./);
    expect(requests).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);
});
