/**
 * A public map opened by its link by someone else, in English and in French: the read-only banner
 * (SPEC §2 "Carte en lecture seule"); "Create my map" sends a visitor to sign up or log in first,
 * coming back to this map, and gives a logged-in user their own copy with the same areas, opened.
 * "Stay on this map" leaves the "Read only" label with why (SPEC §6: "Vous n'avez pas les droits
 * nécessaires pour modifier cette carte"); nothing on the page offers a change (areas, layers,
 * business searches); once the owner makes the map private again, it is not found for that user.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@catchment/domain';
import { areaItems, signUpByApi, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { ownerOnNewMap } from './support/shared-map.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const LANGUAGES = [
  {
    locale: 'en-US', banner: 'Read-only map', createMyMap: 'Create my map', copyTitle: 'Bakeries (copy)',
    stay: 'Stay on this map', label: 'Read only', tooltip: "You don't have the rights needed to modify this map", notFound: 'Map not found',
    accountText: 'Sign up or log in: a copy of this map, with all its areas, is then saved to your account for you to edit.',
    copied: 'Your copy of the map is ready: it is yours to edit.',
  },
  {
    locale: 'fr-FR', banner: 'Carte en lecture seule', createMyMap: 'Créer ma carte', copyTitle: 'Bakeries (copie)',
    stay: 'Rester sur cette carte', label: 'Lecture seule', tooltip: "Vous n'avez pas les droits nécessaires pour modifier cette carte", notFound: 'Carte introuvable',
    accountText: 'Inscrivez-vous ou connectez-vous : une copie de cette carte, avec toutes ses zones, est alors enregistrée dans votre compte pour que vous la modifiiez.',
    copied: 'Votre copie de la carte est prête : vous pouvez la modifier.',
  },
];

const AREAS = ['North bakery', 'South bakery'];

const areaLabels = (page: Page) => areaItems(page).getByTestId('area-label').allInnerTexts();

describe('the read-only banner', () => {
  for (const text of LANGUAGES) {
    it(`copies the public map being viewed into the user's own account (${text.locale})`, async () => {
      const owner = await ownerOnNewMap(browser, baseUrl, text.locale, 'Bakeries', AREAS);
      const { accessId } = owner.map;
      expect((await owner.page.request.patch(`/api/v2/maps/${accessId}`, { data: { public: true } })).status()).toBe(200);

      // A visitor is asked for an account first, and would come back to this map.
      const visitor = await openPage(browser, baseUrl, text.locale);
      await visitor.page.goto(`/app/map/${accessId}`);
      const visitorBanner = visitor.page.getByTestId('read-only-banner');
      await poll(() => visitorBanner.innerText()).toContain(text.banner);
      await visitorBanner.getByRole('button', { name: text.createMyMap }).click();
      // The open one: the page holds other sign-up popups, closed.
      const popup = visitor.page.locator('[data-testid="signup-popup"][open]');
      await poll(() => popup.innerText()).toContain(text.accountText);
      expect(await popup.getByTestId('signup-popup-signup').getAttribute('href')).toBe(`/app/signup?redirect=${encodeURIComponent(`/map/${accessId}`)}`);
      await visitor.context.close();

      // A logged-in user gets their own copy, opened, with the same areas.
      const reader = await openPage(browser, baseUrl, text.locale);
      const readerAccount = await signUpByApi(reader.page);
      const { page } = reader;
      await page.goto(`/app/map/${accessId}`);
      const banner = page.getByTestId('read-only-banner');
      await poll(() => banner.innerText()).toContain(text.banner);
      await poll(() => areaLabels(page)).toEqual(AREAS);
      await screenshot(page, `read-only-banner-${text.locale}`);
      // The toast lasts five seconds from the copy: watched from the click on, not after the new
      // map is drawn (which on a busy machine takes longer than that).
      const copiedToast = page.getByRole('status').filter({ hasText: text.copied }).waitFor();
      await banner.getByRole('button', { name: text.createMyMap }).click();
      await copiedToast;

      await page.waitForURL((url) => /\/app\/map\/[\w-]+$/.test(url.pathname) && !url.pathname.endsWith(accessId));
      await poll(() => page.getByTestId('map-title').innerText()).toBe(text.copyTitle);
      await poll(() => areaLabels(page)).toEqual(AREAS);
      expect(await banner.count()).toBe(0);
      const copyAccessId = new URL(page.url()).pathname.split('/').pop()!;
      const copy = (await (await page.request.get(`/api/v2/maps/${copyAccessId}`)).json()) as MapDocument;
      expect(copy).toMatchObject({ ownerId: readerAccount.id, canEdit: true, public: false, areaCount: AREAS.length });
      await screenshot(page, `read-only-copy-${text.locale}`);

      expect(unexpectedErrors(reader.errors)).toEqual([]);
      await owner.context.close();
      await reader.context.close();
    });

    it(`keeps a signed-in non-member on the map read only, says why, and loses it once private (${text.locale})`, async () => {
      const owner = await ownerOnNewMap(browser, baseUrl, text.locale, 'Bakeries', AREAS);
      const { accessId } = owner.map;
      expect((await owner.page.request.patch(`/api/v2/maps/${accessId}`, { data: { public: true } })).status()).toBe(200);
      const reader = await openPage(browser, baseUrl, text.locale);
      await signUpByApi(reader.page);
      const { page } = reader;
      await page.goto(`/app/map/${accessId}`);
      const banner = page.getByTestId('read-only-banner');
      await poll(() => banner.innerText()).toContain(text.tooltip);
      expect(await banner.innerText()).toContain(text.banner);
      await poll(() => areaLabels(page)).toEqual(AREAS);

      // "Stay on this map": the banner gives way to the label, whose tooltip says why.
      await banner.getByRole('button', { name: text.stay }).click();
      expect(await banner.count()).toBe(0);
      const label = page.locator('.read-only-label');
      expect(await label.innerText()).toContain(text.label);
      expect(await label.getAttribute('title')).toBe(text.tooltip);
      const layersBadge = page.getByTestId('layers-panel').getByTestId('read-only-label');
      expect(await layersBadge.innerText()).toBe(text.label);
      expect(await layersBadge.getAttribute('title')).toBe(text.tooltip);

      // Nothing offers a change: no area to create, no layer, no business search to make.
      for (const control of ['create-mode-circle', 'new-folder', 'undo-button', 'area-menu']) expect(await page.getByTestId(control).count(), control).toBe(0);
      await page.getByTestId('analysis-toggle').click();
      await page.getByTestId('analysis-tab-poi').click();
      const poiBadge = page.getByTestId('poi-read-only');
      await poll(() => poiBadge.innerText()).toBe(text.label);
      expect(await poiBadge.getAttribute('title')).toBe(text.tooltip);
      expect(await page.getByTestId('poi-new-search').count()).toBe(0);
      await screenshot(page, `read-only-stay-${text.locale}`);

      // Private again: the map is for its owner and members only.
      expect((await owner.page.request.patch(`/api/v2/maps/${accessId}`, { data: { public: false } })).status()).toBe(200);
      expect((await page.request.get(`/api/v2/maps/${accessId}`)).status()).toBe(404);
      await page.reload();
      await poll(() => page.getByTestId('map-error').innerText()).toContain(text.notFound);
      expect(await areaItems(page).count()).toBe(0);
      await screenshot(page, `read-only-private-${text.locale}`);

      expect(unexpectedErrors(reader.errors)).toEqual([]);
      await owner.context.close();
      await reader.context.close();
    });
  }
});
