/**
 * A user with a map to share, made through the API as another device of theirs would: signed up in
 * a new page, the map titled and holding polygons near Nice named as asked, opened in the app.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signUpByApi, type ApiAccount } from './app.js';
import { openPage, waitForMapIdle, type OpenedPage } from './browser.js';
import { setPlan } from './plans.js';

export interface SavedMap { id: number; accessId: string }

/** Creates a map of the page's user with one layer holding a square per label. */
export async function createMapWithAreas(page: Page, title: string, areaLabels: string[]): Promise<SavedMap> {
  const created = await page.request.post('/api/v2/maps', { data: { title } });
  expect(created.status()).toBe(201);
  const map = (await created.json()) as SavedMap;
  const folder = randomUUID();
  expect((await page.request.put(`/api/v2/maps/${map.id}/folders/${folder}`, { data: { label: 'Layer 1' } })).status()).toBe(201);
  const areas = areaLabels.map((label, i) => {
    const [lng, lat] = [7.20 + i * 0.02, 43.70];
    return {
      uuid: randomUUID(), isoMode: 'polygon', label,
      geometry: { type: 'Polygon', coordinates: [[[lng, lat], [lng + 0.015, lat], [lng + 0.015, lat + 0.015], [lng, lat + 0.015], [lng, lat]]] },
    };
  });
  expect((await page.request.post(`/api/v2/maps/${map.id}/folders/${folder}/areas/bulk`, { data: { areas } })).status()).toBe(201);
  return { id: map.id, accessId: map.accessId };
}

/** A new user in a new page (`locale` its browser's language) on a new map of theirs with the areas named. */
export async function ownerOnNewMap(browser: Browser, baseUrl: string, locale: string, title: string, areaLabels: string[]): Promise<OpenedPage & { account: ApiAccount; map: SavedMap }> {
  const opened = await openPage(browser, baseUrl, locale);
  const account = await signUpByApi(opened.page);
  const map = await createMapWithAreas(opened.page, title, areaLabels);
  await opened.page.goto(`/app/map/${map.accessId}`);
  return { ...opened, account, map };
}

/** Marks a page: the mark survives everything but a reload (stillSamePage). */
export const markPage = (page: Page) => page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
export const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * A new user in another browser (`locale`), made a member of the owner's map and on it, the page
 * marked (markPage); `prepare` runs on their page before anything loads, `plan` is given to them
 * before they open the map.
 */
export async function memberOnMap(browser: Browser, baseUrl: string, owner: { page: Page; mapUrl: string }, locale: string,
  { prepare, plan }: { prepare?: (page: Page) => Promise<unknown>; plan?: { dataDir: string; name: string } } = {}): Promise<OpenedPage & { account: ApiAccount }> {
  const member = await openPage(browser, baseUrl, locale);
  await prepare?.(member.page);
  const account = await signUpByApi(member.page);
  if (plan) setPlan(plan.dataDir, account.email, plan.name);
  const accessId = owner.mapUrl.split('/').pop()!;
  const added = await owner.page.request.post(`/api/v2/maps/${accessId}/clients`, { data: { email: account.email } });
  expect(added.status()).toBe(201);
  await member.page.goto(owner.mapUrl);
  await member.page.getByTestId('map-title').waitFor();
  await waitForMapIdle(member.page);
  await markPage(member.page);
  return { ...member, account };
}
