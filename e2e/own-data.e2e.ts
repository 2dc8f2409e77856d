/**
 * The user's own data, in English and in French, on the real London cycle hire stations of
 * test-data (742 rows, XLSX): a Pro user draws two areas in London (polygon mode), imports the
 * file through the wizard of the "my data" tab (uploaded with its progress, previewed, the lat and
 * lon columns and the nbikes column guessed), adds it to the map, and reads each area's count of
 * stations and sum of bikes, which equal the API's aggregation of the same polygons and the
 * figures this test computes from the file's own rows; a station clicked on the map names itself
 * in its popup. The same map on a phone: the tab's figures without sideways scroll. Switched to
 * French, the same figures written the French way, on the desktop and on a phone. A free user,
 * on a phone, is told the 10-row limit up front and meets the upsell when importing the file.
 * A 45 MB file, sent over a connection held to 15 MB/s, shows how much of it has gone, and stops
 * when cancelled. A dataset put on a map in one tab appears in another tab of the same map without
 * a reload (real-time), and follows its renaming, new colour, hiding and removal there too. An
 * Essential user drops a file of customers placed by their town, downloads the row whose town is unknown, and, once
 * the plan's pins are spent, is offered an extra pack of pins on the payment page. Screenshots under e2e/artifacts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle, type Device } from './support/browser.js';
import { areaItems, clickMapAt, signUpByApi, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { setPlan } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const STATIONS_FILE = path.resolve('test-data/customers/london-cycle-hire-stations.xlsx');
/** Customers placed by their town and country: three the gazetteer knows, one it cannot. */
const CUSTOMERS_CSV = 'name,city,country\nShop 1,Nice,France\nShop 2,Cannes,France\nShop 3,Antibes,France\nShop 4,Zzyzxville,France\n';
const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Central London: the two areas are drawn on either side of it. */
const LONDON: [number, number] = [-0.11, 51.51];
const WEST: [number, number][] = [[-0.175, 51.495], [-0.12, 51.495], [-0.12, 51.525], [-0.175, 51.525]];
const EAST: [number, number][] = [[-0.11, 51.5], [-0.06, 51.5], [-0.06, 51.53], [-0.11, 51.53]];

const TEXTS = {
  en: { browserLocale: 'en-US', tab: 'My data', placed: '742 of 742 rows placed on the map.', placedTowns: '3 of 4 rows placed on the map.', sumOf: 'Sum of nbikes', freeRoom: /free plan holds 10 rows/, noRoom: /742 rows, more than your plan holds/, limit: /holds 10 points of your own data, 0 used, and this file has 742 rows/, essential: /Essential plan holds 1,000 points/, addPack: 'Add 1 pack of 10,000 points' },
  fr: { browserLocale: 'fr-FR', tab: 'Mes données', placedTowns: '3 lignes sur 4 placées sur la carte.', sumOf: 'Somme de nbikes', freeRoom: /offre gratuite contient 10 lignes/, noRoom: /742 lignes, plus que votre offre/, limit: /contient 10 points de vos propres données, dont 0 utilisés, et ce fichier compte 742 lignes/, essential: /offre Essentielle contient 1\u202f000 points/, addPack: 'Ajouter 1 pack de 10\u202f000 points' },
} as const;
type Language = keyof typeof TEXTS;

interface Station { name: string; nbikes: number; position: [number, number] }
interface SavedArea { uuid: string; label: string; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }
interface MapDocument { id: number; folders: { areas: SavedArea[] }[] }

/** The stations as the file has them (sheet `stations`: id, name, area, nbikes, nempty, lon, lat). */
async function stationsOfFile(): Promise<Station[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(STATIONS_FILE)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const column = (name: string) => header.indexOf(name);
  const stations: Station[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const cell = (name: string) => row.getCell(column(name)).value;
    stations.push({ name: String(cell('name')), nbikes: Number(cell('nbikes')), position: [Number(cell('lon')), Number(cell('lat'))] });
  });
  return stations;
}

/** Whether a point lies inside a ring (even-odd rule; the stations are far from the drawn edges). */
function inRing([x, y]: [number, number], ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if ((yi! > y) !== (yj! > y) && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

/**
 * Until both areas' count and figure are shown: the card asks for the count and for the sum
 * separately, and on a busy machine either answer may come first (a spinner has no data-value).
 */
async function figuresShown(scope: Page | Locator): Promise<void> {
  for (const cell of ['dataset-figure-count', 'dataset-figure-value']) {
    await poll(() => scope.locator(`[data-testid="${cell}"][data-value]`).count()).toBe(2);
  }
}

/** The number a figure cell shows; a cell still computing (no data-value) fails rather than reading as 0. */
async function shownFigure(cell: Locator): Promise<number> {
  const value = await cell.getAttribute('data-value');
  expect(value).not.toBeNull();
  return Number(value);
}

function inArea(point: [number, number], geometry: SavedArea['geometry']): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some(([outer, ...holes]) => inRing(point, outer!) && !holes.some((hole) => inRing(point, hole)));
}

async function savedMap(page: Page): Promise<MapDocument> {
  const accessId = new URL(page.url()).pathname.split('/').pop()!;
  return (await page.request.get(`/api/v2/maps/${accessId}`)).json() as Promise<MapDocument>;
}

async function drawPolygon(page: Page, corners: [number, number][]): Promise<void> {
  await page.getByTestId('create-mode-polygon').click();
  await page.getByTestId('draw-polygon').click();
  for (const corner of corners) await clickMapAt(page, corner);
  await page.keyboard.press('Enter');
}

/** Whether the page is wider than the screen (something would need a sideways scroll). */
const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** Opens the analysis panel on the "my data" tab. */
async function openDataTab(page: Page, language: Language, tap = false) {
  const press = (testId: string) => (tap ? page.getByTestId(testId).tap() : page.getByTestId(testId).click());
  await press('analysis-toggle');
  const tab = page.getByTestId('analysis-tab-datasets');
  await poll(() => tab.textContent()).toBe(TEXTS[language].tab);
  await press('analysis-tab-datasets');
}

describe('own data', () => {
  // A long journey (two areas drawn, a 742-row file through the wizard, then a phone's view):
  // about a minute alone, twice that beside the other browser lane and the API tests on two cores.
  // The same figures then read in French on the same map, and on a phone in French: the wizard's
  // French texts are the free and Essential users' tests' below, in both languages.
  it('imports the London cycle hire stations, counts them and sums their bikes in two areas, names a station clicked on the map, and shows the figures in French too', async () => {
    const language: Language = 'en';
    const text = TEXTS[language];
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale);
    const { email } = await signUpByApi(page);
    setPlan(dataDir, email, 'pro_2020');
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);

    // Two areas on either side of central London, drawn as polygons.
    await viewAt(page, LONDON, 12);
    await drawPolygon(page, WEST);
    await poll(() => areaItems(page).count()).toBe(1);
    await waitForSaved(page);
    await drawPolygon(page, EAST);
    await poll(() => areaItems(page).count()).toBe(2);
    await waitForSaved(page);

    await openDataTab(page, language);
    await page.getByTestId('datasets-empty').waitFor();
    await screenshot(page, `own-data-empty-${language}`);

    // The wizard: the file uploaded (its bar shown while it goes), then its preview a page at a time.
    await page.getByTestId('datasets-import').click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.waitFor();
    await wizard.getByTestId('import-plan-room').waitFor();
    await screenshot(page, `own-data-wizard-file-${language}`);
    await wizard.getByTestId('import-file-input').setInputFiles(STATIONS_FILE);
    await poll(() => wizard.getAttribute('data-step')).toBe('preview');
    const summary = wizard.getByTestId('import-summary');
    expect(await summary.getAttribute('data-rows')).toBe('742');
    expect(await summary.getAttribute('data-columns')).toBe('7');
    await poll(() => wizard.getByTestId('import-preview-row').count()).toBe(20);
    expect(await wizard.getByTestId('import-preview-row').first().innerText()).toContain('River Street');
    await wizard.getByTestId('import-preview-next').click();
    await poll(() => wizard.getByTestId('import-preview-row').first().innerText()).toMatch(/^21\t/);
    await screenshot(page, `own-data-wizard-preview-${language}`);

    // The columns guessed from the headers: lat and lon place the rows, nbikes is summed.
    await wizard.getByTestId('import-next').click();
    await poll(() => wizard.getAttribute('data-step')).toBe('columns');
    expect(await wizard.getByTestId('import-placement-coordinates').isChecked()).toBe(true);
    expect(await wizard.getByTestId('import-column-latitude').inputValue()).toBe('lat');
    expect(await wizard.getByTestId('import-column-longitude').inputValue()).toBe('lon');
    expect(await wizard.getByTestId('import-column-operationColumn').inputValue()).toBe('nbikes');
    expect(await wizard.getByTestId('import-name').inputValue()).toBe('london-cycle-hire-stations');
    await screenshot(page, `own-data-wizard-columns-${language}`);

    // Imported: every row placed by its coordinates; then put on the map.
    await wizard.getByTestId('import-submit').click();
    await poll(() => wizard.getAttribute('data-step')).toBe('done');
    const result = wizard.getByTestId('import-result');
    expect(await result.getAttribute('data-placed')).toBe('742');
    expect(await result.getByTestId('import-result-placed').innerText()).toBe(text.placed);
    expect(await result.locator('[data-precision="coordinates"] td').innerText()).toBe('742');
    expect(await result.getByTestId('import-not-placed').count()).toBe(0);
    await screenshot(page, `own-data-wizard-result-${language}`);
    const datasetId = Number(await result.getAttribute('data-dataset'));
    await wizard.getByTestId('import-add-to-map').click();
    await wizard.waitFor({ state: 'detached' });

    // Each area's stations and bikes: the API's aggregation of the same polygons, and this test's own count of the file's rows.
    const card = page.getByTestId('dataset-card');
    await poll(() => card.getAttribute('data-dataset')).toBe(String(datasetId));
    expect(await card.getByTestId('dataset-method').inputValue()).toBe('sum');
    expect(await card.getByTestId('dataset-column').inputValue()).toBe('nbikes');
    expect(await card.getByTestId('dataset-value-heading').innerText()).toBe(text.sumOf);
    const map = await savedMap(page);
    const areas = map.folders.flatMap((folder) => folder.areas);
    expect(areas).toHaveLength(2);
    const rows = card.getByTestId('dataset-figure-row');
    await poll(() => rows.count()).toBe(2);
    await figuresShown(card);
    const stations = await stationsOfFile();
    expect(stations).toHaveLength(742);
    const aggregate = async (aggregateMethod: 'count' | 'sum') => {
      const answer = await page.request.post(`/api/v2/maps/${map.id}/datasets/${datasetId}/aggregation`, {
        data: { polygons: areas.map((area) => area.geometry), aggregateMethod, operationColumn: 'nbikes' },
      });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { values: number[] }).values;
    };
    const [apiCounts, apiSums] = [await aggregate('count'), await aggregate('sum')];
    /** Each area's figures as the card shows them: the API's aggregation, and this test's own count and sum, written in the language. */
    const expectFigures = async (shownIn: Language) => {
      for (const [index, area] of areas.entries()) {
        const row = card.locator(`[data-testid="dataset-figure-row"][data-area="${area.uuid}"]`);
        const shownCount = await shownFigure(row.getByTestId('dataset-figure-count'));
        const shownSum = await shownFigure(row.getByTestId('dataset-figure-value'));
        const inside = stations.filter((station) => inArea(station.position, area.geometry));
        expect(inside.length).toBeGreaterThan(20);
        expect(shownCount).toBe(apiCounts[index]);
        expect(shownSum).toBe(apiSums[index]);
        expect(shownCount).toBe(inside.length);
        expect(shownSum).toBe(inside.reduce((sum, station) => sum + station.nbikes, 0));
        expect(await row.getByTestId('dataset-figure-count').innerText()).toBe(new Intl.NumberFormat(shownIn).format(inside.length));
        expect(await row.getByTestId('dataset-figure-value').innerText()).toBe(new Intl.NumberFormat(shownIn).format(shownSum));
      }
    };
    await expectFigures(language);
    await waitForMapIdle(page);
    await screenshot(page, `own-data-figures-${language}`);

    // A station of the west area, the one farthest from its neighbours, clicked on the map: its popup names it.
    const west = areas.find((area) => inArea([-0.15, 51.51], area.geometry))!;
    const candidates = stations.filter((station) => inArea(station.position, west.geometry));
    const gap = (station: Station) => Math.min(...stations.filter((other) => other !== station)
      .map((other) => Math.hypot(other.position[0] - station.position[0], other.position[1] - station.position[1])));
    const station = candidates.reduce((best, candidate) => (gap(candidate) > gap(best) ? candidate : best));
    await page.getByTestId('analysis-close').click();
    await viewAt(page, station.position, 16);
    const popup = page.locator('.maplibregl-popup');
    // Clicked again while nothing opens: on a loaded machine the dataset's tile may still be on its way.
    await poll(async () => {
      if (await popup.count() === 0) await clickMapAt(page, station.position);
      return popup.getByTestId('dataset-row-name').innerText({ timeout: 3_000 }).catch(() => '');
    }).toBe(station.name);
    await poll(() => popup.locator('[data-testid="dataset-row-field"][data-column="nbikes"] dd').innerText({ timeout: 3_000 }).catch(() => '')).toBe(String(station.nbikes));
    await screenshot(page, `own-data-popup-${language}`);
    expect(unexpectedErrors(errors)).toEqual([]);

    // The same map on a phone: the tab's figures fit the screen.
    const onPhone = async (shownIn: Language) => {
      const phone = await browser.newContext({ baseURL: baseUrl, locale: TEXTS[shownIn].browserLocale, storageState: await context.storageState(), ...PHONE });
      const phonePage = await phone.newPage();
      await phonePage.goto(new URL(page.url()).pathname);
      await waitForMapIdle(phonePage);
      await openDataTab(phonePage, shownIn, true);
      await figuresShown(phonePage);
      expect(await phonePage.getByTestId('dataset-value-heading').innerText()).toBe(TEXTS[shownIn].sumOf);
      expect(await widerThanScreen(phonePage)).toBe(false);
      await screenshot(phonePage, `own-data-phone-figures-${shownIn}`);
      await phone.close();
    };
    await onPhone(language);

    // In French, on the same map: the tab, the card's heading and the figures written the French way; on a phone too.
    await page.getByTestId('locale-switch').selectOption('fr');
    await poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await openDataTab(page, 'fr');
    await poll(() => card.getByTestId('dataset-value-heading').innerText()).toBe(TEXTS.fr.sumOf);
    await figuresShown(card);
    await expectFigures('fr');
    await screenshot(page, 'own-data-figures-fr');
    await onPhone('fr');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 240_000);
});

describe.each(['en', 'fr'] as const)('own data in %s', (language) => {
  const text = TEXTS[language];

  it("tells a free user the free plan's 10 rows up front, and offers the plans when the file has more", async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale, PHONE);
    const { id } = await signUpByApi(page);
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    await openDataTab(page, language, true);
    await page.getByTestId('datasets-empty').waitFor();
    expect(await page.getByTestId('datasets-free-note').innerText()).toMatch(/10/);

    await page.getByTestId('datasets-import').tap();
    const wizard = page.getByTestId('import-wizard');
    await wizard.waitFor();
    const room = wizard.getByTestId('import-plan-room');
    await poll(() => room.innerText()).toMatch(text.freeRoom);
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, `own-data-phone-file-${language}`);

    await wizard.getByTestId('import-file-input').setInputFiles(STATIONS_FILE);
    await poll(() => wizard.getAttribute('data-step')).toBe('preview');
    await poll(() => wizard.getByTestId('import-preview-row').count()).toBe(20);
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, `own-data-phone-preview-${language}`);
    await wizard.getByTestId('import-next').tap();
    await poll(() => wizard.getAttribute('data-step')).toBe('columns');
    // Said before the import: the file does not fit.
    expect(await wizard.getByTestId('import-room-warning').innerText()).toMatch(text.noRoom);
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, `own-data-phone-columns-${language}`);

    // The server refuses it: the limit popup, with the plan that holds the file.
    await wizard.getByTestId('import-submit').tap();
    const popup = page.locator('[data-testid="limit-popup"][open]');
    await poll(() => popup.getAttribute('data-kind')).toBe('pins');
    expect(await popup.innerText()).toMatch(text.limit);
    expect(await popup.getByTestId('limit-popup-plan').innerText()).toMatch(text.essential);
    await screenshot(page, `own-data-phone-limit-${language}`);
    await popup.getByTestId('limit-popup-plans').tap();
    const plans = page.getByTestId('plans-dialog');
    await plans.waitFor();
    expect(await plans.getByTestId('plan-card-essential_2019').getAttribute('data-highlighted')).toBe('true');
    await plans.getByTestId('plans-dialog-close').tap();
    // Nothing was imported.
    expect(await (await page.request.get(`/api/Clients/${id}/datasets`)).json()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('places customers by their town, gives the rows it could not place as a file, and offers extra packs once the pins are spent', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale);
    const { email, id } = await signUpByApi(page);
    setPlan(dataDir, email, 'essential_2019');
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    await openDataTab(page, language);
    await page.getByTestId('datasets-empty').waitFor();

    // Three towns of the Riviera the gazetteer knows, and one that exists nowhere: the file dropped on the wizard.
    await page.getByTestId('datasets-import').click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.waitFor();
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'customers.csv', { type: 'text/csv' }));
      return transfer;
    }, CUSTOMERS_CSV);
    await wizard.getByTestId('import-drop').dispatchEvent('dragover', { dataTransfer: dropped });
    await wizard.getByTestId('import-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await poll(() => wizard.getAttribute('data-step')).toBe('preview');
    await wizard.getByTestId('import-next').click();
    await poll(() => wizard.getAttribute('data-step')).toBe('columns');
    expect(await wizard.getByTestId('import-placement-address').isChecked()).toBe(true);
    await wizard.getByTestId('import-submit').click();
    await poll(() => wizard.getAttribute('data-step')).toBe('done');
    const result = wizard.getByTestId('import-result');
    expect(await result.getAttribute('data-placed')).toBe('3');
    expect(await result.getAttribute('data-not-placed')).toBe('1');
    expect(await result.getByTestId('import-result-placed').innerText()).toBe(text.placedTowns);
    expect(await result.locator('[data-precision="city"] td').innerText()).toBe('3');
    await screenshot(page, `own-data-not-placed-${language}`);
    // The rows not placed, downloaded as the user gets them: the unknown town's row, with its columns.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByTestId('import-report').click()]);
    const report = await readFile(await download.path(), 'utf8');
    expect(report).toContain('Zzyzxville');
    expect(report).not.toContain('Antibes');
    await wizard.getByTestId('import-close').click();

    // The rest of the plan's 1,000 pins spent: a file of 742 rows does not fit, and one pack of 10,000 points would make room.
    const filler = Array.from({ length: 997 }, (_, i) => ({ position: [7.0 + (i % 50) / 1_000, 43.6 + Math.floor(i / 50) / 1_000] }));
    expect((await page.request.post(`/api/Clients/${id}/datasets`, { data: { name: 'Leads', columns: ['name'], items: filler } })).status()).toBe(201);
    await page.reload();
    await waitForMapIdle(page);
    await openDataTab(page, language);
    await page.getByTestId('datasets-import').click();
    await wizard.waitFor();
    await wizard.getByTestId('import-file-input').setInputFiles(STATIONS_FILE);
    await poll(() => wizard.getAttribute('data-step')).toBe('preview');
    await wizard.getByTestId('import-next').click();
    await poll(() => wizard.getAttribute('data-step')).toBe('columns');
    const warning = wizard.getByTestId('import-room-warning');
    await warning.waitFor();
    expect(await warning.getByTestId('add-pin-packs').innerText()).toBe(text.addPack);
    await screenshot(page, `own-data-packs-upsell-${language}`);
    await warning.getByTestId('add-pin-packs').click();
    await page.waitForURL(/\/app\/payment\/essential_2019\?pinPacks=1$/);
    await poll(() => page.getByTestId('payment-pin-packs-input').inputValue()).toBe('1');
    await screenshot(page, `own-data-packs-order-${language}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a large file', () => {
  it('shows how much of it has gone while it uploads, and stops when cancelled', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'own-data-'));
    const file = path.join(directory, 'customers.csv');
    const row = (index: number) => `${index},Customer ${index},${(48.8 + (index % 1000) / 10_000).toFixed(5)},${(2.3 + (index % 997) / 10_000).toFixed(5)},${index % 500}\n`;
    const lines = ['id,name,lat,lon,revenue\n'];
    for (let index = 1, size = 0; size < 45 * 1024 * 1024; index += 1) {
      lines.push(row(index));
      size += lines.at(-1)!.length;
    }
    await writeFile(file, lines.join(''));

    const { context, page, errors } = await openPage(browser, baseUrl);
    await signUpByApi(page);
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    await openDataTab(page, 'en');
    await page.getByTestId('datasets-import').click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.waitFor();
    // A connection as a good office line has it: the bytes take seconds to go.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 15 * 1024 * 1024 });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { uploadProgress: number[] }).uploadProgress = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[data-testid="import-upload-progress"]')?.getAttribute('data-value');
        if (value) seen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
    });
    await wizard.getByTestId('import-file-input').setInputFiles(file);
    const seen = () => page.evaluate(() => (window as unknown as { uploadProgress: number[] }).uploadProgress);
    await poll(async () => (await seen()).some((value) => value > 0.2 && value < 0.8)).toBe(true);
    const values = await seen();
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(await wizard.getByTestId('import-upload-progress').getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    await screenshot(page, 'own-data-upload-progress-en');

    await wizard.getByTestId('import-upload-cancel').click();
    await wizard.getByTestId('import-choose').waitFor();
    expect(await wizard.getByTestId('import-file-error').count()).toBe(0);
    expect(await wizard.getAttribute('data-step')).toBe('file');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
    await rm(directory, { recursive: true, force: true });
  });
});

describe('the data of a map open in two tabs', () => {
  it('shows a dataset added, renamed, recoloured, hidden and taken off in one tab in the other without a reload', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const { email, id } = await signUpByApi(page);
    setPlan(dataDir, email, 'pro_2020');
    // A dataset of three stations made without a file (POST /Clients/{id}/datasets), not on the map yet.
    const stations = (await stationsOfFile()).slice(0, 3);
    const created = await page.request.post(`/api/Clients/${id}/datasets`, {
      data: { name: 'Three stations', columns: ['name', 'nbikes'], items: stations.map((station) => ({ fields: { name: station.name, nbikes: String(station.nbikes) }, position: station.position })) },
    });
    expect(created.status()).toBe(201);
    const datasetId = ((await created.json()) as { id: number }).id;
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    const other = await context.newPage();
    const otherErrors: string[] = [];
    other.on('pageerror', (error) => otherErrors.push(error.message));
    await other.goto(page.url());
    await waitForMapIdle(other);
    for (const tab of [page, other]) {
      await openDataTab(tab, 'en');
      await tab.getByTestId('datasets-empty').waitFor();
    }
    await other.evaluate(() => { (window as unknown as { notReloaded?: boolean }).notReloaded = true; });
    const map = await savedMap(page);
    const listPath = `/api/v2/maps/${map.id}/datasets`;
    const listReads: string[] = [];
    page.on('request', (request) => { if (request.method() === 'GET' && new URL(request.url()).pathname === listPath) listReads.push(request.url()); });

    // Added from the user's other data in the first tab.
    const offered = page.locator(`[data-testid="datasets-other"][data-dataset="${datasetId}"]`);
    await offered.getByTestId('datasets-add').click();
    await poll(() => page.getByTestId('dataset-card').getAttribute('data-dataset')).toBe(String(datasetId));

    // The other tab shows it, and draws its points, without a reload.
    const seen = other.getByTestId('dataset-card');
    await poll(() => seen.getAttribute('data-dataset')).toBe(String(datasetId));
    await poll(() => other.evaluate((layer) => Boolean((window as unknown as { catchmentMap: { getLayer(id: string): unknown } }).catchmentMap.getLayer(layer)), `catchment-dataset-${datasetId}-items`)).toBe(true);
    expect(await other.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(other, 'own-data-other-tab');
    // The tab that added it took the new version from the answer: its own announcement fetched nothing.
    await page.waitForTimeout(3_000);
    expect(listReads).toEqual([]);

    // Renamed and recoloured by its owner in the first tab: the other follows.
    const card = page.getByTestId('dataset-card');
    await card.getByTestId('dataset-rename').click();
    await card.getByTestId('rename-input').fill('Docking stations');
    await card.getByTestId('rename-input').press('Enter');
    await poll(() => card.getByTestId('dataset-name').innerText()).toBe('Docking stations');
    await card.getByTestId('dataset-recolour').click();
    await card.getByTestId('dataset-colors').locator('[data-color="#7c3aed"]').click();
    await poll(() => seen.getByTestId('dataset-name').innerText()).toBe('Docking stations');
    await poll(() => other.evaluate((layer) => (window as unknown as { catchmentMap: { getPaintProperty(id: string, name: string): unknown } })
      .catchmentMap.getPaintProperty(layer, 'circle-color'), `catchment-dataset-${datasetId}-items`)).toBe('#7c3aed');
    // Hidden on the map, then taken off it: the other tab's map and list follow; the dataset stays the user's.
    await card.getByTestId('dataset-toggle').click();
    await poll(() => other.evaluate((layer) => Boolean((window as unknown as { catchmentMap: { getLayer(id: string): unknown } }).catchmentMap.getLayer(layer)), `catchment-dataset-${datasetId}-items`)).toBe(false);
    await card.getByTestId('dataset-remove').click();
    await page.getByTestId('datasets-empty').waitFor();
    await other.getByTestId('datasets-empty').waitFor();
    // Deleted, confirmed, from the user's other data.
    await offered.getByTestId('datasets-other-delete').click();
    await offered.getByTestId('datasets-other-delete-confirm').click();
    await poll(() => offered.count()).toBe(0);
    expect(await (await page.request.get(`/api/Clients/${id}/datasets`)).json()).toEqual([]);
    expect(unexpectedErrors([...errors, ...otherErrors])).toEqual([]);
    await context.close();
  });
});
