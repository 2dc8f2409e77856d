/**
 * A member leaves a map shared with them, from the share dialog, in English and in French: "Leave
 * this map", what leaving means, then home without a reload: the map they used last of their own
 * (or a new one when they have none), never the map they left, with no "you can no longer open this
 * map" error for what they did themselves (the server's word of it reaching the page before the
 * answer to the leave) and no refetch of the map left; the map is gone from My
 * maps, and its link, opened again, says the map is not found.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { createMapWithAreas, ownerOnNewMap } from './support/shared-map.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/**
 * Marks the page (the mark survives everything but a reload) and notes every element of the test
 * ids asked that ever shows, however briefly. A string: the functions of this file are compiled
 * with helpers the page does not have.
 */
const watchPage = (page: Page, testIds: string[]) => page.evaluate(`(() => {
  window.notReloaded = true;
  window.seenTestIds = [];
  const ids = ${JSON.stringify(testIds)};
  const note = () => {
    for (const id of ids) if (!window.seenTestIds.includes(id) && document.querySelector('[data-testid="' + id + '"]')) window.seenTestIds.push(id);
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  note();
})()`);
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const seenTestIds = (page: Page) => page.evaluate(() => (window as unknown as { seenTestIds: string[] }).seenTestIds);

async function myMapsTitles(page: Page): Promise<string[]> {
  const dialog = page.getByTestId('my-maps-dialog');
  if (!(await dialog.isVisible())) await page.getByTestId('my-maps-button').click();
  await dialog.getByTestId('map-list-item').first().waitFor();
  return dialog.getByTestId('map-list-item').locator('.map-title').allInnerTexts();
}

const LANGUAGES = [
  {
    locale: 'en-US', share: 'Share', leave: 'Leave this map', confirm: 'Leave',
    question: 'Leave this map?',
    effect: 'You will no longer be able to open it, unless its owner shares it with you again.',
    notFound: 'Map not found',
    // This member has a map of their own, opened last: home is that map.
    ownMap: 'Our branches',
  },
  {
    locale: 'fr-FR', share: 'Partager', leave: 'Quitter cette carte', confirm: 'Quitter',
    question: 'Quitter cette carte ?',
    effect: 'Vous ne pourrez plus l’ouvrir, à moins que son propriétaire ne la partage de nouveau avec vous.',
    notFound: 'Carte introuvable',
    // This member has no map of their own: home is a new map of theirs.
    ownMap: null,
  },
];

describe('leaving a shared map', () => {
  for (const text of LANGUAGES) {
    it(`takes the member home, off the map and out of its members, without an error (${text.locale})`, async () => {
      const owner = await ownerOnNewMap(browser, baseUrl, text.locale, 'Stores in Nice', ['Port']);
      const member = await openPage(browser, baseUrl, text.locale);
      const account = await signUpByApi(member.page, { firstName: 'Grace', lastName: 'Hopper' });
      let ownAccessId: string | null = null;
      if (text.ownMap) {
        ownAccessId = (await createMapWithAreas(member.page, text.ownMap, ['Branch'])).accessId;
        await member.page.goto(`/app/map/${ownAccessId}`);
        await poll(() => member.page.getByTestId('map-title').innerText()).toBe(text.ownMap);
      }
      const { accessId, id: mapId } = owner.map;
      const added = await owner.page.request.post(`/api/v2/maps/${accessId}/clients`, { data: { email: account.email } });
      expect(added.status()).toBe(201);

      // The server's word to the member's page that they lost access to the map.
      const accessLostFrames: string[] = [];
      member.page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"access-lost"')) accessLostFrames.push(String(payload));
      }));

      // The member opens the shared map; it is among their maps.
      await member.page.goto(`/app/map/${accessId}`);
      await poll(() => member.page.getByTestId('map-title').innerText()).toBe('Stores in Nice');
      await waitForMapIdle(member.page);
      await poll(() => myMapsTitles(member.page)).toContain('Stores in Nice');
      await member.page.getByTestId('my-maps-close').click();
      await watchPage(member.page, ['access-lost-toast', 'map-error']);
      // The owner has the share dialog open and sees the member there.
      await owner.page.getByRole('button', { name: text.share }).click();
      const ownerDialog = owner.page.getByTestId('share-dialog');
      await poll(() => ownerDialog.getByTestId('share-member').innerText()).toContain(account.email);

      // From the share dialog: "Leave this map", then what leaving means.
      await member.page.getByRole('button', { name: text.share }).click();
      const dialog = member.page.getByTestId('share-dialog');
      const leave = dialog.getByRole('button', { name: text.leave, exact: true });
      await leave.waitFor();
      await poll(() => dialog.getByTestId('share-member').innerText()).toContain(account.email);
      await screenshot(member.page, `leave-map-button-${text.locale}`);
      await leave.click();
      const confirmation = dialog.getByTestId('share-leave-confirmation');
      expect(await confirmation.getByText(text.question, { exact: true }).isVisible()).toBe(true);
      expect(await confirmation.getByText(text.effect, { exact: true }).isVisible()).toBe(true);
      await screenshot(member.page, `leave-map-confirmation-${text.locale}`);

      // Cancel keeps everything as it was; leaving again, then confirming, takes the member home.
      await dialog.getByTestId('share-leave-cancel').click();
      await leave.click();
      const refetchesOfLeftMap: string[] = [];
      member.page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.request().method() === 'GET' && [`/api/v2/maps/${accessId}`, `/api/v2/maps/${mapId}`].includes(url.pathname)) refetchesOfLeftMap.push(`${response.status()} ${url.pathname}`);
      });
      // The answer to the leave is held until the server's word that access is lost has reached the
      // page: that word comes first, as it may on any network, and must not be taken for news.
      await member.page.route(`**/api/v2/maps/${mapId}/clients/${account.id}`, async (route) => {
        const response = await route.fetch();
        await poll(() => accessLostFrames.length).toBe(1);
        await route.fulfill({ response });
      });
      await confirmation.getByRole('button', { name: text.confirm, exact: true }).click();

      if (ownAccessId) {
        await poll(() => member.page.url()).toBe(`${baseUrl}/app/map/${ownAccessId}`);
        await poll(() => member.page.getByTestId('map-title').innerText()).toBe(text.ownMap);
      } else {
        await poll(() => /\/app\/map\/[^/]+$/.test(member.page.url()) && !member.page.url().endsWith(`/${accessId}`)).toBe(true);
        await poll(() => member.page.getByTestId('map-title').innerText()).toBe('Ma carte');
      }
      await waitForMapIdle(member.page);
      expect(await member.page.getByTestId('share-dialog').isVisible()).toBe(false);
      expect(await stillSamePage(member.page)).toBe(true);

      // The map left is gone from My maps; only the member's own map is there.
      await poll(() => myMapsTitles(member.page)).toEqual([text.ownMap ?? 'Ma carte']);
      await screenshot(member.page, `leave-map-home-${text.locale}`);
      // No access-lost error, no "not found", not a moment; the map left was not fetched again.
      expect(await seenTestIds(member.page)).toEqual([]);
      expect(await member.page.getByTestId('access-lost-toast').count()).toBe(0);
      expect(refetchesOfLeftMap).toEqual([]);
      expect(unexpectedErrors(member.errors)).toEqual([]);
      // The owner sees no member any more, in the dialog they kept open too.
      expect(await (await owner.page.request.get(`/api/v2/maps/${accessId}/clients`)).json()).toEqual([]);
      await ownerDialog.getByTestId('share-members-empty').waitFor({ timeout: 10_000 });
      expect(await ownerDialog.getByTestId('share-member').count()).toBe(0);

      // Its link, opened again: the private map is not found for them; their home is still their own map.
      await member.page.goto(`/app/map/${accessId}`);
      await poll(() => member.page.getByTestId('map-error').innerText()).toContain(text.notFound);
      await member.page.goto('/app/');
      await poll(() => /\/app\/map\/[^/]+$/.test(member.page.url())).toBe(true);
      expect(member.page.url().endsWith(`/${accessId}`)).toBe(false);
      if (ownAccessId) expect(member.page.url()).toBe(`${baseUrl}/app/map/${ownAccessId}`);

      expect(unexpectedErrors(owner.errors)).toEqual([]);
      await owner.context.close();
      await member.context.close();
    });
  }
});
