/**
 * Two people changing the business searches of one map at nearly the same time, each in their own
 * browser, in English and in French: the owner renames a search while the member, whose page has
 * not heard of it yet, recolours the same search. The member's save is refused for the stale
 * version of the list (409); the app reads the list again, puts the member's change on top of it and
 * saves it again, so both changes survive: the owner's name and the member's colour. The owner then
 * deletes another search the member is changing: that change is dropped and the member is told, in
 * the member's language, without a reload. Runs on the OpenStreetMap points of interest of Andorra
 * (as e2e/poi.e2e.ts). Screenshots under e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, unexpectedErrors } from './support/app.js';
import { holdRealtimeEvents, letRealtimeBeHeld } from './support/held-realtime.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { runDataCommand } from './support/data-command.js';
import { newUserOnMap } from './support/plans.js';
import { memberOnMap, stillSamePage } from './support/shared-map.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  runDataCommand(dataDir, ['import', 'osm-pois', 'test-data/osm/andorra.osm.pbf']);
  browser = await launchBrowser();
});
afterAll(async () => { await browser?.close(); });

/** Longer than the real-time path needs, far shorter than any reload or version poll would take. */
const LIVE_MS = 10_000;

const TEXTS = {
  en: { locale: 'en-US', lost: 'Someone else deleted this business search meanwhile' },
  fr: { locale: 'fr-FR', lost: "Quelqu'un d'autre a supprimé cette recherche d'entreprises entre-temps" },
} as const;


interface StoredSearch { id: number; label: string | null; color: string }

async function storedSearches(page: Page, accessId: string): Promise<StoredSearch[]> {
  const answer = await page.request.get(`/api/v2/maps/${accessId}/searches`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { searches: StoredSearch[] }).searches;
}

async function createSearch(page: Page, accessId: string, label: string, color: string): Promise<number> {
  const created = await page.request.post(`/api/v2/maps/${accessId}/searches`, {
    data: { datasetName: 'ad_osm_poi', categories: ['food.restaurant'], names: [], nafCodes: [], headcounts: [], label, color },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

const searchCard = (page: Page, searchId: number) => page.locator(`[data-testid="poi-search"][data-search="${searchId}"]`);
const cardTitles = (page: Page) => page.getByTestId('poi-search-title').allInnerTexts();

async function openPoiTab(page: Page): Promise<void> {
  await page.getByTestId('analysis-toggle').click();
  await page.getByTestId('analysis-tab-poi').click();
}

/** Opens the search's editor, lets `change` fill it and saves. */
async function editSearch(page: Page, searchId: number, change: (editor: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<void> {
  await searchCard(page, searchId).getByTestId('poi-search-edit').click();
  const editor = page.getByTestId('search-editor');
  await editor.waitFor();
  await change(editor);
  await editor.getByTestId('search-editor-save').click();
}

describe.each(['en', 'fr'] as const)('two people changing the business searches of one map, member in %s', (language) => {
  it("keeps both changes to one search made at nearly the same time, and drops with a notice a change to a search deleted meanwhile", async () => {
    const text = TEXTS[language];
    const owner = await newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');
    const accessId = owner.mapUrl.split('/').pop()!;
    await drawCircle(owner.page, { radiusKm: 3, label: 'Centre' });
    const restaurants = await createSearch(owner.page, accessId, 'Restaurants', '#1f77b4');
    const cafes = await createSearch(owner.page, accessId, 'Cafés', '#2ca02c');

    // The member, on a plan with business searches, in another browser whose page can stop hearing of changes.
    const member = await memberOnMap(browser, baseUrl, owner, text.locale, { prepare: letRealtimeBeHeld, plan: { dataDir, name: 'pro_2020' } });
    const refused: string[] = [];
    member.page.on('response', (response) => { if (response.status() === 409) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`); });

    for (const page of [owner.page, member.page]) {
      await openPoiTab(page);
      await expect.poll(() => cardTitles(page), { timeout: LIVE_MS }).toEqual(['Restaurants', 'Cafés']);
    }

    // The member's page stops hearing of changes; the owner renames the search, then the member recolours it.
    await holdRealtimeEvents(member.page, true);
    await editSearch(owner.page, restaurants, (editor) => editor.getByTestId('search-editor-label').fill('Restaurants du centre'));
    await expect.poll(() => cardTitles(owner.page), { timeout: LIVE_MS }).toEqual(['Restaurants du centre', 'Cafés']);
    await editSearch(member.page, restaurants, (editor) => editor.getByTestId('search-editor-color').fill('#d62728'));
    await member.page.getByTestId('search-editor').waitFor({ state: 'hidden', timeout: LIVE_MS });

    // Refused for the stale version, then saved again on top of the owner's name: both survive.
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(new RegExp(`^PATCH /api/v2/maps/\\d+/searches/${restaurants}$`));
    await expect.poll(() => storedSearches(owner.page, accessId), { timeout: LIVE_MS })
      .toEqual([expect.objectContaining({ id: restaurants, label: 'Restaurants du centre', color: '#d62728' }), expect.objectContaining({ id: cafes, label: 'Cafés' })]);
    expect(await cardTitles(member.page)).toEqual(['Restaurants du centre', 'Cafés']);
    await expect.poll(() => owner.page.getByTestId('search-editor').count()).toBe(0);
    expect(await member.page.getByTestId('searches-conflict').count()).toBe(0);
    await screenshot(member.page, `collaboration-search-merged-${language}`);

    // The owner deletes the cafés, which the member, still not hearing, renames: that change cannot be kept.
    await searchCard(owner.page, cafes).getByTestId('poi-search-delete').click();
    await owner.page.getByTestId('poi-search-delete-confirm').click();
    await expect.poll(() => cardTitles(owner.page), { timeout: LIVE_MS }).toEqual(['Restaurants du centre']);
    await editSearch(member.page, cafes, (editor) => editor.getByTestId('search-editor-label').fill('Cafés du port'));
    const lost = member.page.getByTestId('searches-change-lost');
    await lost.waitFor({ timeout: LIVE_MS });
    expect(await lost.innerText()).toContain(text.lost);
    await member.page.getByTestId('search-editor').waitFor({ state: 'hidden' });
    await expect.poll(() => cardTitles(member.page)).toEqual(['Restaurants du centre']);
    expect((await storedSearches(owner.page, accessId)).map((search) => search.label)).toEqual(['Restaurants du centre']);
    expect(await stillSamePage(member.page)).toBe(true);
    await screenshot(member.page, `collaboration-search-change-lost-${language}`);

    // Hearing again, the member's next change is seen by the owner without a reload.
    await holdRealtimeEvents(member.page, false);
    await editSearch(member.page, restaurants, (editor) => editor.getByTestId('search-editor-label').fill('Restaurants'));
    await expect.poll(() => cardTitles(owner.page), { timeout: LIVE_MS }).toEqual(['Restaurants']);

    expect(unexpectedErrors(owner.errors)).toEqual([]);
    // The refused PATCH is a "Failed to load resource" the console reports, left out by unexpectedErrors.
    expect(unexpectedErrors(member.errors)).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });
});
