/**
 * The share dialog as a map's owner uses it, in English and in French: the map's link and the
 * embed code (at the size chosen) shown and copied, the map made public, a registered user added
 * by e-mail and listed, an unknown address refused with the server's message, the member removed
 * after a confirmation; the embed code copied, pasted in another site's page, shows the public map; the member meanwhile sees the link and the members but changes neither.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { servePartnerPage } from './support/other-origin.js';
import { ownerOnNewMap } from './support/shared-map.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const LANGUAGES = [
  {
    locale: 'en-US', share: 'Share', copied: '✓ Copied', public: 'Public', large: 'Large', remove: 'Remove',
    linkPrivate: 'Only the owner and the members of this map can open this link.',
    linkPublic: 'Anyone with this link can view the map.',
    embedPrivate: 'This map is private: the embedded map shows only once the map is public.',
    embedPublic: 'Paste this code into your web page. The embedded map shows only while the map is public.',
    noMembers: 'No members yet: only the owner edits this map.',
    unknownUser: 'This user does not exist. They must create their account first.',
    added: 'Grace Hopper is now a member of this map.',
    you: 'Grace Hopper (you)',
    ownerDecides: 'Only the owner of the map changes who can open it.',
  },
  {
    locale: 'fr-FR', share: 'Partager', copied: '✓ Copié', public: 'Publique', large: 'Grande', remove: 'Retirer',
    linkPrivate: 'Seuls le propriétaire et les membres de cette carte peuvent ouvrir ce lien.',
    linkPublic: 'Toute personne ayant ce lien peut consulter la carte.',
    embedPrivate: 'Cette carte est privée : la carte intégrée ne s’affichera qu’une fois la carte rendue publique.',
    embedPublic: 'Collez ce code dans votre page web. La carte intégrée ne s’affiche que tant que la carte est publique.',
    noMembers: 'Aucun membre pour l’instant : seul le propriétaire modifie cette carte.',
    unknownUser: "Cet utilisateur n'existe pas. Il doit créer son compte au préalable.",
    added: 'Grace Hopper est maintenant membre de cette carte.',
    you: 'Grace Hopper (vous)',
    ownerDecides: 'Seul le propriétaire de la carte choisit qui peut l’ouvrir.',
  },
];

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the share dialog', () => {
  for (const text of LANGUAGES) {
    it(`shares a map by its link, its embed code, in public and with a member (${text.locale})`, async () => {
      const owner = await ownerOnNewMap(browser, baseUrl, text.locale, 'Stores in Nice', ['Port', 'Old town']);
      await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      const member = await openPage(browser, baseUrl, text.locale);
      const memberAccount = await signUpByApi(member.page, { firstName: 'Grace', lastName: 'Hopper' });
      const { page } = owner;
      const { accessId } = owner.map;

      await page.getByRole('button', { name: text.share }).click();
      const dialog = page.getByTestId('share-dialog');
      await dialog.waitFor();

      // The link, copied as shown; private for now, and so is the embed.
      const link = `${baseUrl}/app/map/${accessId}`;
      expect(await dialog.getByTestId('share-link-url').innerText()).toBe(link);
      await dialog.getByTestId('share-link-url-copy').click();
      await poll(() => dialog.getByTestId('share-link-url-copy').innerText()).toBe(text.copied);
      expect(await clipboardText(page)).toBe(link);
      expect(await dialog.getByTestId('share-link-note').innerText()).toBe(text.linkPrivate);
      expect(await dialog.getByTestId('share-embed-note').innerText()).toBe(text.embedPrivate);

      // The embed code at the large size.
      await dialog.getByRole('button', { name: new RegExp(`^${text.large}`) }).click();
      const code = await dialog.getByTestId('share-embed-code').innerText();
      expect(code).toBe(`<iframe src="${baseUrl}/app/iframe/${accessId}" title="Stores in Nice" width="1200" height="800" style="border:0" loading="lazy" allowfullscreen></iframe>`);
      await dialog.getByTestId('share-embed-code-copy').click();
      await poll(() => dialog.getByTestId('share-embed-code-copy').innerText()).toBe(text.copied);
      expect(await clipboardText(page)).toBe(code);

      // Public: the dialog says who can see it now, and a stranger without a session reads it.
      await dialog.getByRole('radio', { name: text.public, exact: true }).check();
      await poll(() => dialog.getByTestId('share-link-note').innerText()).toBe(text.linkPublic);
      expect(await dialog.getByTestId('share-embed-note').innerText()).toBe(text.embedPublic);
      const stranger = await browser.newContext({ baseURL: baseUrl });
      expect((await stranger.request.get(`/api/v2/maps/${accessId}`)).status()).toBe(200);
      await stranger.close();

      // The embed code as copied, pasted in another site's page, shows the map's areas.
      const partner = await servePartnerPage(`<!doctype html><html><body><h1>Our stores</h1>${code}</body></html>`);
      const partnerPage = await member.context.newPage();
      await partnerPage.goto(partner.url);
      await poll(() => partnerPage.frameLocator('iframe').getByTestId('embedded-legend-area').allInnerTexts()).toEqual(['Port', 'Old town']);
      await partnerPage.close();
      await partner.close();

      // Members: none yet; an address without an account is refused; a registered user is added.
      await poll(() => dialog.getByTestId('share-members-empty').innerText()).toBe(text.noMembers);
      const email = dialog.getByTestId('share-member-email');
      await email.fill(`nobody-${randomUUID()}@example.com`);
      await dialog.getByTestId('share-member-add').click();
      await poll(() => dialog.getByTestId('share-member-error').innerText()).toBe(text.unknownUser);
      await email.fill(memberAccount.email.toUpperCase());
      await dialog.getByTestId('share-member-add').click();
      await poll(() => dialog.getByTestId('share-member-added').innerText()).toBe(text.added);
      await poll(() => dialog.getByTestId('share-member').allInnerTexts()).toEqual([expect.stringContaining(memberAccount.email)]);
      expect(await email.inputValue()).toBe('');
      expect(await dialog.getByTestId('share-member-error').count()).toBe(0);
      await screenshot(page, `share-dialog-${text.locale}`);

      // The member opens the map to edit it: the dialog shows them the link and the members, no controls.
      await member.page.goto(`/app/map/${accessId}`);
      await member.page.getByRole('button', { name: text.share }).click();
      const memberDialog = member.page.getByTestId('share-dialog');
      await poll(() => memberDialog.getByTestId('share-member').innerText()).toContain(text.you);
      expect(await memberDialog.getByTestId('share-link-url').innerText()).toBe(link);
      expect(await memberDialog.getByTestId('share-visibility-status').innerText()).toContain(text.ownerDecides);
      expect(await memberDialog.getByTestId('share-member-email').count()).toBe(0);
      expect(await memberDialog.getByTestId('share-member-remove').count()).toBe(0);
      expect(await member.page.getByTestId('read-only-banner').count()).toBe(0);
      await screenshot(member.page, `share-dialog-member-${text.locale}`);

      // The owner removes the member, after saying so again.
      await dialog.getByTestId('share-member-remove').click();
      await dialog.getByRole('button', { name: text.remove, exact: true }).click();
      await poll(() => dialog.getByTestId('share-members-empty').innerText()).toBe(text.noMembers);
      expect((await member.page.request.get(`/api/v2/maps/${accessId}/clients`)).status()).toBe(403);

      expect(unexpectedErrors(owner.errors)).toEqual([]);
      await owner.context.close();
      await member.context.close();
    });
  }
});
