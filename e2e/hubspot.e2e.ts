/**
 * HubSpot in the app, in English and in French, against a local server answering as HubSpot's
 * documentation says (global-setup: its contacts are real Bindlach–Heinersreuth customers, whose
 * addresses the server's imported OpenStreetMap addresses place). An Essential user opens
 * Integrations, meets a forged OAuth answer refused, connects HubSpot through its authorize page
 * and back through /app/oauth/hubspot, which opens the add-list stepper: Enter goes on, the lists
 * are paged and searched, the address properties guessed with sample values, the properties kept;
 * the list synchronises with its progress until its 104 customers are placed, which My data on
 * the map shows too. A customer's address blanked in HubSpot and the list synchronised on demand:
 * 103 points, the one not placed in the downloaded report. HubSpot refusing the connection: the
 * next synchronisation fails keeping its points, the connection expired, reconnected through
 * HubSpot and /app/oauth/hubspot, synchronised again. A list larger than the plan's room is
 * refused in the stepper with the plans, a search finding no list says so, Escape closes; then the
 * list deleted and HubSpot disconnected, each after its question. A free user is told 'You are
 * not allowed to connect a CRM' with the plans, and HubSpot's refusal coming back is said with the
 * way back. Screenshots under e2e/artifacts (desktop, and the page on a phone).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EMULATOR_CLIENT, EMULATOR_HUB_ID } from '../apps/api/src/crm/hubspot/test-support/hubspot-emulator.js';
import { launchBrowser, openPage, screenshot, waitForMapIdle, type Device } from './support/browser.js';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { setPlan } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const hubspotUrl = inject('hubspotUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The emulator's list of the Heinersreuth customers (104 contacts). */
const HEINERSREUTH_LIST = '2';

const TEXTS = {
  en: {
    browserLocale: 'en-US', mismatch: /^This answer from HubSpot was not asked for from this browser tab/, back: 'Back to Integrations',
    account: `HubSpot account ${EMULATOR_HUB_ID}`, page1: 'Page 1 of 5', placed: '104 of 104 records placed on the map.', synchronised: 'Synchronised',
    points: (count: number) => `${count} points`, partly: 'Partly placed', notPlaced: '1 of the 104 records could not be placed by its address.',
    notAllowed: 'You are not allowed to connect a CRM: this is part of the paid plans', upgrade: 'Lists from your CRM come with the Essential plan and above.',
    empty: /^No list synchronised yet/, tab: 'My data',
    expiredFailure: 'The connection to your CRM has expired: reconnect it to go on. The points of the last successful synchronisation stay on your maps.', refused: 'HubSpot did not give access: The user denied access', noMatch: 'No list’s name contains “no such list”.',
    dataLimit: /^Data limit reached: this list has 797 records and your plan holds 1,?000 points, 304 of them used\./,
  },
  fr: {
    browserLocale: 'fr-FR', mismatch: /^Cette réponse de HubSpot n’a pas été demandée depuis cet onglet/, back: 'Retour aux intégrations',
    account: `Compte HubSpot ${EMULATOR_HUB_ID}`, page1: 'Page 1 sur 5', placed: '104 fiches sur 104 placées sur la carte.', synchronised: 'Synchronisée',
    points: (count: number) => `${count} points`, partly: 'Placée en partie', notPlaced: '1 fiche sur 104 n’a pas pu être placée par son adresse.',
    notAllowed: "Vous n'êtes pas autorisé à connecter un CRM : cela fait partie des offres payantes", upgrade: 'Les listes de votre CRM sont comprises à partir de l’offre Essentielle.',
    empty: /^Aucune liste synchronisée/, tab: 'Mes données',
    expiredFailure: 'La connexion à votre CRM a expiré : reconnectez-la pour continuer. Les points de la dernière synchronisation réussie restent sur vos cartes.', refused: 'HubSpot n’a pas donné l’accès : The user denied access', noMatch: 'Aucun nom de liste ne contient « no such list ».',
    dataLimit: /^Limite de données atteinte : cette liste compte 797 fiches et votre offre contient 1 ?000 points, dont 304 utilisés\./,
  },
} as const;

/** Text as read, runs of white space (and French no-break spaces) as one space. */
const shown = async (page: Page, testId: string) => (await page.getByTestId(testId).first().innerText()).replace(/[\s\u202f\u00a0]+/g, ' ').trim();
const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/**
 * HubSpot's API as another integration of the same portal uses it: an access token granted through
 * the OAuth flow, then a contact's properties changed (PATCH /crm/v3/objects/contacts/{id}).
 */
const hubspotApi = {
  async token(): Promise<string> {
    const redirectUri = 'http://127.0.0.1/e2e-script';
    const authorize = await fetch(`${hubspotUrl}/oauth/authorize?${new URLSearchParams({ client_id: EMULATOR_CLIENT.clientId, redirect_uri: redirectUri, state: 's' })}`, { redirect: 'manual' });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: EMULATOR_CLIENT.clientId, client_secret: EMULATOR_CLIENT.clientSecret, redirect_uri: redirectUri, code });
    const answer = await fetch(`${hubspotUrl}/oauth/v1/token`, { method: 'POST', body: form });
    return ((await answer.json()) as { access_token: string }).access_token;
  },
  async call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${hubspotUrl}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`HubSpot ${method} ${path}: ${answer.status}`);
    return answer.json() as Promise<T>;
  },
  /** The list's first member, with its address and e-mail as HubSpot holds them. */
  async firstMember(token: string, listId: string): Promise<{ id: string; properties: Record<string, string> }> {
    const members = await this.call<{ results: { recordId: string }[] }>(token, 'GET', `/crm/v3/lists/${listId}/memberships?limit=1`);
    const id = members.results[0]!.recordId;
    const read = await this.call<{ results: { id: string; properties: Record<string, string> }[] }>(token, 'POST', '/crm/v3/objects/contacts/batch/read', {
      inputs: [{ id }], properties: ['address', 'zip', 'city', 'country', 'email'],
    });
    return read.results[0]!;
  },
  async update(token: string, id: string, properties: Record<string, string>): Promise<void> {
    await this.call(token, 'PATCH', `/crm/v3/objects/contacts/${id}`, { properties });
  },
};

describe.each(['en', 'fr'] as const)('HubSpot in %s', (language) => {
  const text = TEXTS[language];

  it('connects HubSpot, synchronises a list through the stepper, again on demand after a change in HubSpot, and deletes it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale);
    const { email, id } = await signUpByApi(page);
    setPlan(dataDir, email, 'essential_2019');

    // An answer this tab never asked for is refused without any call, with the way back.
    await page.goto('/app/oauth/hubspot?code=forged&state=forged');
    const callback = page.getByTestId('oauth-callback');
    await poll(() => callback.getAttribute('data-state')).toBe('mismatch');
    expect(await shown(page, 'oauth-error')).toMatch(text.mismatch);
    await screenshot(page, `hubspot-oauth-mismatch-${language}`);
    await page.getByRole('link', { name: text.back }).click();

    const section = page.getByTestId('crm-section');
    await poll(() => section.getAttribute('data-state')).toBe('not-connected');
    await screenshot(page, `hubspot-not-connected-${language}`);

    // HubSpot's authorize page grants access and sends the user back through /app/oauth/hubspot,
    // which connects and opens the stepper on the new connection.
    await page.getByTestId('crm-connect-button').click();
    const stepper = page.getByTestId('add-list-dialog');
    await stepper.waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/profile/integrations`);
    expect(await shown(page, 'crm-account')).toContain(text.account);
    expect(await section.getAttribute('data-state')).toBe('connected');
    await screenshot(page, `hubspot-stepper-welcome-${language}`);

    // Enter goes on; the lists come a page at a time, and the search finds the one wanted.
    await page.keyboard.press('Enter');
    await poll(() => stepper.getAttribute('data-step')).toBe('list');
    await poll(() => shown(page, 'add-list-page')).toBe(text.page1);
    await stepper.getByTestId('add-list-more').click();
    await poll(() => shown(page, 'add-list-page')).toMatch(/^Page 2/);
    await stepper.getByTestId('add-list-search').fill('heinersreuth');
    await poll(() => stepper.getByTestId('add-list-choice').count()).toBe(1);
    await stepper.getByTestId('add-list-choice').getByRole('radio').check();
    await screenshot(page, `hubspot-stepper-list-${language}`);
    await stepper.getByTestId('add-list-search').press('Enter');

    // The address guessed from HubSpot's property names, with the first customers' values.
    await poll(() => stepper.getAttribute('data-step')).toBe('geolocation');
    const guessed = async (part: string) => stepper.getByTestId(`add-list-address-${part}`).inputValue();
    await poll(() => guessed('street')).toBe('address');
    expect([await guessed('postcode'), await guessed('city'), await guessed('country'), await guessed('line')]).toEqual(['zip', 'city', 'country', '']);
    const samples = stepper.getByTestId('add-list-address-samples');
    await poll(() => samples.locator('tbody tr').count()).toBe(5);
    expect(await samples.locator('tbody tr').first().innerText()).toMatch(/Heinersreuth/);
    await screenshot(page, `hubspot-stepper-geolocation-${language}`);
    await stepper.getByTestId('add-list-next').click();

    // The properties: those naming the customer kept, the revenue added and summed per area.
    await poll(() => stepper.getAttribute('data-step')).toBe('properties');
    const property = (name: string) => stepper.locator(`[data-testid="add-list-property"][data-name="${name}"] input`);
    expect(await property('firstname').isChecked()).toBe(true);
    expect(await property('email').isChecked()).toBe(true);
    expect(await property('zip').isDisabled()).toBe(true);
    await property('annualrevenue').check();
    await stepper.getByTestId('add-list-operation').selectOption('annualrevenue');
    expect(await stepper.getByTestId('add-list-name').inputValue()).toBe('Heinersreuth customers');
    await screenshot(page, `hubspot-stepper-properties-${language}`);
    await stepper.getByTestId('add-list-next').click();

    // Synchronised: every customer placed by address.
    await poll(() => stepper.getAttribute('data-step')).toBe('sync');
    await poll(() => shown(page, 'add-list-result')).toBe(text.placed);
    await screenshot(page, `hubspot-stepper-done-${language}`);
    await stepper.getByTestId('add-list-done').click();
    await stepper.waitFor({ state: 'detached' });

    const list = page.getByTestId('crm-list');
    await poll(() => list.getAttribute('data-state')).toBe('success');
    expect(await shown(page, 'crm-list-status')).toBe(text.synchronised);
    expect(await shown(page, 'crm-list-points')).toBe(text.points(104));
    await page.getByTestId('crm-list-date').waitFor();
    await screenshot(page, `hubspot-synchronised-${language}`);

    // A customer's address blanked in HubSpot; synchronised on demand: one point fewer, the customer in the report.
    const token = await hubspotApi.token();
    const customer = await hubspotApi.firstMember(token, HEINERSREUTH_LIST);
    await hubspotApi.update(token, customer.id, { address: '', zip: '', city: '', country: '' });
    try {
      await page.getByTestId('crm-list-synchronize').click();
      await poll(() => list.getAttribute('data-state')).toBe('warning');
      expect(await shown(page, 'crm-list-status')).toBe(text.partly);
      expect(await shown(page, 'crm-list-points')).toBe(text.points(103));
      expect(await shown(page, 'crm-list-not-placed')).toBe(text.notPlaced);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crm-list-report').click()]);
      const report = await download.createReadStream().then(async (stream) => {
        let content = '';
        for await (const chunk of stream) content += String(chunk);
        return content;
      });
      expect(report).toContain(customer.properties.email);
      expect(report.trim().split('\n')).toHaveLength(2);
      await screenshot(page, `hubspot-warning-${language}`);

      // The same page on a phone: nothing wider than the screen.
      await page.setViewportSize(PHONE.viewport!);
      await page.getByTestId('crm-lists').scrollIntoViewIfNeeded();
      expect(await widerThanScreen(page)).toBe(false);
      await screenshot(page, `hubspot-warning-phone-${language}`);
      await page.setViewportSize({ width: 1400, height: 900 });
    } finally {
      await hubspotApi.update(token, customer.id, { address: customer.properties.address!, zip: customer.properties.zip!, city: customer.properties.city!, country: customer.properties.country! });
    }

    // HubSpot stops accepting the connection (the app uninstalled): the next synchronisation fails
    // keeping the points of the last success, and the connection says it expired.
    await fetch(`${hubspotUrl}/__emulator/revoke-refresh-tokens`, { method: 'POST' });
    await page.getByTestId('crm-list-synchronize').click();
    await poll(() => list.getAttribute('data-state')).toBe('failedAfterSuccess');
    expect(await shown(page, 'crm-list-failure')).toBe(text.expiredFailure);
    expect(await shown(page, 'crm-list-points')).toBe(text.points(103));
    await poll(() => section.getAttribute('data-state')).toBe('expired');
    await screenshot(page, `hubspot-expired-${language}`);

    // Reconnected through HubSpot's page and /app/oauth/hubspot again; the restored customer placed again.
    await page.getByTestId('crm-reconnect').click();
    await page.getByTestId('crm-reconnected').waitFor();
    expect(await section.getAttribute('data-state')).toBe('connected');
    await page.getByTestId('crm-list-synchronize').click();
    await poll(() => list.getAttribute('data-state')).toBe('success');
    expect(await shown(page, 'crm-list-points')).toBe(text.points(104));

    // A list larger than the plan's room left (200 points of the user's own, 104 of the list, 797 more): refused with the plans.
    const items = Array.from({ length: 200 }, (_, i) => ({ fields: { n: String(i) }, position: [11.6, 49.98] }));
    expect((await page.request.post(`/api/Clients/${id}/datasets`, { data: { name: 'Shops', columns: ['n'], items } })).status()).toBe(201);
    await page.getByTestId('crm-add-list').click();
    await stepper.waitFor();
    await page.keyboard.press('Enter');
    await stepper.getByTestId('add-list-search').fill('no such list');
    await poll(() => shown(page, 'add-list-no-lists')).toBe(text.noMatch);
    await stepper.getByTestId('add-list-search').fill('bindlach');
    await poll(() => stepper.getByTestId('add-list-choice').count()).toBe(1);
    await stepper.getByTestId('add-list-choice').getByRole('radio').check();
    await page.keyboard.press('Enter');
    await poll(() => guessed('street')).toBe('address');
    await page.keyboard.press('Enter');
    await poll(() => stepper.getAttribute('data-step')).toBe('properties');
    await stepper.getByTestId('add-list-next').click();
    await poll(() => shown(page, 'add-list-error')).toMatch(text.dataLimit);
    await screenshot(page, `hubspot-data-limit-${language}`);
    await stepper.getByTestId('add-list-see-plans').click();
    const plans = page.getByTestId('plans-dialog');
    await poll(() => plans.getByTestId('plan-card-pro_2020').getAttribute('data-highlighted')).toBe('true');
    await plans.getByTestId('plans-dialog-close').click();
    // Escape closes the stepper; nothing was added.
    await page.keyboard.press('Escape');
    await stepper.waitFor({ state: 'detached' });
    expect(await list.count()).toBe(1);

    // The list is a dataset of My data on the map, with its points.
    await page.goto('/app/');
    await page.waitForURL(/\/app\/map\//);
    await waitForMapIdle(page);
    await page.getByTestId('analysis-toggle').click();
    await poll(() => page.getByTestId('analysis-tab-datasets').textContent()).toBe(text.tab);
    await page.getByTestId('analysis-tab-datasets').click();
    const dataset = page.getByTestId('datasets-other').filter({ hasText: 'Heinersreuth customers' });
    await poll(() => dataset.innerText()).toContain(text.points(104));
    await screenshot(page, `hubspot-my-data-${language}`);

    // Deleted after its question; then HubSpot disconnected after its own.
    await page.goto('/app/profile/integrations');
    await page.getByTestId('crm-list-delete').click();
    const deleteDialog = page.getByTestId('crm-list-delete-dialog');
    await deleteDialog.getByTestId('crm-list-delete-dialog-cancel').click();
    expect(await list.count()).toBe(1);
    await page.getByTestId('crm-list-delete').click();
    await screenshot(page, `hubspot-delete-question-${language}`);
    await deleteDialog.getByTestId('crm-list-delete-dialog-confirm').click();
    await poll(() => shown(page, 'crm-lists-empty')).toMatch(text.empty);
    await page.getByTestId('crm-disconnect').click();
    await page.getByTestId('crm-disconnect-dialog-confirm').click();
    await poll(() => section.getAttribute('data-state')).toBe('not-connected');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("tells a free user, on a phone, that they are not allowed to connect a CRM, with the plan that allows it, and HubSpot's refusal", async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale, PHONE);
    await signUpByApi(page);
    await page.goto('/app/profile/integrations');
    const section = page.getByTestId('crm-section');
    await poll(() => section.getAttribute('data-state')).toBe('not-allowed');
    expect(await shown(page, 'crm-not-allowed')).toContain(text.notAllowed);
    expect(await shown(page, 'crm-not-allowed')).toContain(text.upgrade);
    expect(await page.getByTestId('crm-connect-button').count()).toBe(0);
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, `hubspot-not-allowed-phone-${language}`);
    await page.getByTestId('crm-see-plans').tap();
    const plans = page.getByTestId('plans-dialog');
    await poll(() => plans.getByTestId('plan-card-essential_2019').getAttribute('data-highlighted')).toBe('true');

    // HubSpot's refusal, as its authorize page sends it back (the user denied access), is said with the way back.
    await page.goto('/app/oauth/hubspot?error=access_denied&error_description=The+user+denied+access&state=s');
    const callback = page.getByTestId('oauth-callback');
    await poll(() => callback.getAttribute('data-state')).toBe('refused');
    expect(await shown(page, 'oauth-error')).toBe(text.refused);
    await screenshot(page, `hubspot-oauth-refused-phone-${language}`);
    await page.getByTestId('oauth-back').tap();
    await poll(() => page.getByTestId('crm-section').getAttribute('data-state')).toBe('not-allowed');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
