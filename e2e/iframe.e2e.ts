/**
 * The embeddable map view (/app/iframe/{accessId}) in a partner's page on another site, in English
 * and in French: a public map is drawn alone (areas, legend, zoom buttons, a link to the app, no
 * app header), loading neither the editor nor a session; a private map shows its message instead.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { servePartnerPage, type PartnerPage } from './support/other-origin.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let publicMap: SavedMap;
let privateMap: SavedMap;
const partners: PartnerPage[] = [];

const AREAS = ['Harbour shop', 'Old town shop'];

const LANGUAGES = [
  {
    locale: 'en-US', legend: 'Legend', openInApp: 'Open in Catchment', zoomIn: 'Zoom in',
    privateTitle: 'This map is private or no longer exists',
    privateText: 'Only public maps can be shown on other websites. If this map has been shared with you, open it in Catchment.',
  },
  {
    locale: 'fr-FR', legend: 'Légende', openInApp: 'Ouvrir dans Catchment', zoomIn: 'Zoomer',
    privateTitle: 'Cette carte est privée ou n’existe plus',
    privateText: 'Seules les cartes publiques peuvent être affichées sur d’autres sites. Si cette carte a été partagée avec vous, ouvrez-la dans Catchment.',
  },
];

interface SavedMap { id: number; accessId: string }

/** A map of the page's user, made through the API: one layer holding a square near Nice per label. */
async function saveMap(page: Page, body: { title: string; public: boolean }, labels: string[]): Promise<SavedMap> {
  const created = await page.request.post('/api/v2/maps', { data: body });
  expect(created.status()).toBe(201);
  const map = (await created.json()) as SavedMap;
  const folder = randomUUID();
  expect((await page.request.put(`/api/v2/maps/${map.id}/folders/${folder}`, { data: { label: 'Shops' } })).status()).toBe(201);
  const areas = labels.map((label, i) => {
    const [lng, lat] = [7.20 + i * 0.02, 43.70];
    return { uuid: randomUUID(), isoMode: 'polygon', label, geometry: { type: 'Polygon', coordinates: [[[lng, lat], [lng + 0.015, lat], [lng + 0.015, lat + 0.015], [lng, lat + 0.015], [lng, lat]]] } };
  });
  expect((await page.request.post(`/api/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { data: { areas } })).status()).toBe(201);
  return map;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await openPage(browser, baseUrl);
  await signUpByApi(owner.page);
  publicMap = await saveMap(owner.page, { title: 'Shops in Nice', public: true }, AREAS);
  privateMap = await saveMap(owner.page, { title: 'Private shops', public: false }, AREAS);
  await owner.context.close();
});

afterAll(async () => {
  for (const partner of partners) await partner.close();
  await browser?.close();
});

/** A partner's page on another origin framing the embedded view of `accessId`. */
async function partnerPageFraming(accessId: string): Promise<string> {
  const partner = await servePartnerPage(`<!doctype html><html><head><title>Partner</title></head>
<body style="margin:0;padding:16px;font-family:sans-serif;background:#fafafa">
<h1 style="font-size:20px">Our shops</h1>
<iframe src="${baseUrl}/app/iframe/${accessId}" width="760" height="460" style="border:1px solid #ccc" title="Map of our shops"></iframe>
</body></html>`);
  partners.push(partner);
  return partner.url;
}

/** The frame of the embedded view in the page, once it has been created. */
async function embeddedFrame(page: Page): Promise<Frame> {
  await poll(() => page.frames().some((frame) => frame.url().includes('/app/iframe/'))).toBe(true);
  return page.frames().find((frame) => frame.url().includes('/app/iframe/'))!;
}

describe('the embedded map view in another site', () => {
  for (const text of LANGUAGES) {
    it(`shows a public map alone, its areas drawn, with a legend and a link to the app (${text.locale})`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl, text.locale);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(await partnerPageFraming(publicMap.accessId));
      const frame = page.frameLocator('iframe');

      await poll(() => frame.getByTestId('embedded-legend-area').allInnerTexts()).toEqual(AREAS);
      await expect(frame.getByTestId('embedded-legend-toggle').innerText()).resolves.toContain(text.legend);
      await frame.locator('[data-testid="embedded-map"][data-drawn]').waitFor();
      // The areas are drawn in the frame's view (what MapLibre has on its canvas).
      const embedded = await embeddedFrame(page);
      const drawnLabels = await embedded.evaluate(() => {
        const map = window.catchmentMap!;
        return [...new Set(map.queryRenderedFeatures({ layers: ['catchment-areas-fill'] }).map((feature) => feature.properties.label as string))].sort();
      });
      expect(drawnLabels).toEqual([...AREAS].sort());
      expect(await frame.locator('canvas.maplibregl-canvas').count()).toBe(1);
      await screenshot(page, `iframe-public-${text.locale}`);

      const link = frame.getByTestId('embedded-open-link');
      await expect(link.innerText()).resolves.toBe(text.openInApp);
      expect(await link.getAttribute('href')).toBe(`/app/map/${publicMap.accessId}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      // None of the app's chrome.
      expect(await frame.locator('header').count()).toBe(0);
      expect(await frame.getByTestId('my-maps-button').count()).toBe(0);
      expect(await frame.getByTestId('read-only-banner').count()).toBe(0);

      // The zoom buttons, in the page's language.
      const zoomBefore = await embedded.evaluate(() => window.catchmentMap!.getZoom());
      await frame.getByRole('button', { name: text.zoomIn, exact: true }).click();
      await poll(() => embedded.evaluate(() => window.catchmentMap!.getZoom())).toBeGreaterThan(zoomBefore + 0.5);

      // The legend folds away.
      await frame.getByTestId('embedded-legend-toggle').click();
      expect(await frame.getByTestId('embedded-legend-area').count()).toBe(0);
      await frame.getByTestId('embedded-legend-toggle').click();
      await poll(() => frame.getByTestId('embedded-legend-area').count()).toBe(AREAS.length);

      // Only what the view needs: no editor chunk, no session or live-update calls.
      const apiCalls = requested.filter((path) => path.startsWith('/api/') && !path.startsWith('/api/basemap/'));
      expect([...new Set(apiCalls)].sort()).toEqual(['/api/config', `/api/v2/maps/${publicMap.accessId}`]);
      expect(requested.filter((path) => /\/assets\/app-[\w-]+\.js$/.test(path))).toEqual([]);

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });

    it(`shows a message for a private map (${text.locale})`, async () => {
      const { page, context } = await openPage(browser, baseUrl, text.locale);
      await page.goto(await partnerPageFraming(privateMap.accessId));
      const message = page.frameLocator('iframe').getByTestId('embedded-message');
      await poll(() => message.locator('h1').innerText()).toBe(text.privateTitle);
      await expect(message.locator('p').innerText()).resolves.toBe(text.privateText);
      expect(await message.getByTestId('embedded-open-link').getAttribute('href')).toBe(`/app/map/${privateMap.accessId}`);
      expect(await page.frameLocator('iframe').getByTestId('embedded-map').count()).toBe(0);
      await screenshot(page, `iframe-private-${text.locale}`);
      await context.close();
    });
  }
});
