/**
 * Two people on one map, each in their own browser: the owner and a member the owner added. What
 * one changes shows on the other's screen over the real-time channel, without a reload; once the
 * owner removes the member, the member's screen says the map can no longer be opened.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { drawCircle, unexpectedErrors, waitForSaved, type ApiAccount } from './support/app.js';
import { holdRealtimeEvents, letRealtimeBeHeld } from './support/held-realtime.js';
import { launchBrowser, screenshot, waitForMapIdle, type OpenedPage } from './support/browser.js';
import { newUserOnMap } from './support/plans.js';
import { memberOnMap, stillSamePage } from './support/shared-map.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Longer than the real-time path needs, far shorter than any reload or version poll would take. */
const LIVE_MS = 10_000;

const areaLabels = (page: Page) => page.getByTestId('area-label').allInnerTexts();

/**
 * The owner (on a paid plan: no free plan's notice in the way) on a new map, and a member in
 * another browser on the same map; `prepare` runs on the member's page before it opens the map.
 */
async function ownerAndMember(memberLocale: string, prepare?: (page: Page) => Promise<unknown>): Promise<{ owner: OpenedPage; member: OpenedPage & { account: ApiAccount }; mapUrl: string; accessId: string }> {
  const owner = await newUserOnMap(browser, baseUrl, dataDir, 'advanced_2024');
  const member = await memberOnMap(browser, baseUrl, owner, memberLocale, { prepare });
  return { owner, member, mapUrl: owner.mapUrl, accessId: owner.mapUrl.split('/').pop()! };
}

/** Renames the area of the layers panel named `from`, as a user does from its menu. */
async function renameArea(page: Page, from: string, to: string): Promise<void> {
  const item = page.getByTestId('area-item').filter({ has: page.getByTestId('area-label').getByText(from, { exact: true }) });
  await item.getByTestId('area-menu').click();
  await page.getByTestId('area-rename').click();
  await page.getByTestId('rename-input').fill(to);
  await page.getByTestId('rename-input').press('Enter');
}

async function removeMember(owner: Page, accessId: string, member: ApiAccount): Promise<void> {
  const removed = await owner.request.delete(`/api/v2/maps/${accessId}/clients/${member.id}`);
  expect(removed.status()).toBe(204);
}

describe('two people editing one map', () => {
  it("shows each one's changes on the other's screen without a reload, then takes the map away from the removed member", async () => {
    const { owner, member, accessId } = await ownerAndMember('en-US');

    // The owner draws a circle: it appears in the member's layers panel.
    await drawCircle(owner.page, { radiusKm: 3, label: 'Harbour' });
    await expect.poll(() => areaLabels(member.page), { timeout: LIVE_MS }).toEqual(['Harbour']);

    // The member renames it: the owner sees the new name.
    await renameArea(member.page, 'Harbour', 'Old port');
    await waitForSaved(member.page);
    await expect.poll(() => areaLabels(owner.page), { timeout: LIVE_MS }).toEqual(['Old port']);
    // And the owner goes on editing from there: the new area joins the renamed one.
    await drawCircle(owner.page, { radiusKm: 2, label: 'Station', expectedAreas: 2 });
    await expect.poll(() => areaLabels(member.page), { timeout: LIVE_MS }).toEqual(['Old port', 'Station']);
    await waitForMapIdle(member.page);
    await screenshot(member.page, 'collaboration-member-sees-owner-area');

    // The owner removes the member: the member is told at once, and the map gives way to its "not found".
    await removeMember(owner.page, accessId, member.account);
    const notice = member.page.getByTestId('access-lost-toast');
    await notice.waitFor({ timeout: LIVE_MS });
    expect(await notice.innerText()).toContain('You can no longer open this map');
    await member.page.getByTestId('map-error').waitFor({ timeout: LIVE_MS });
    expect(await member.page.getByTestId('area-label').count()).toBe(0);
    expect(await stillSamePage(member.page)).toBe(true);
    await screenshot(member.page, 'collaboration-member-removed');

    expect(unexpectedErrors(owner.errors)).toEqual([]);
    // The member's refetch of a map they may no longer read answers 404: a "Failed to load resource", left out above.
    expect(unexpectedErrors(member.errors)).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });

  it('keeps a change made on a copy the other person had already changed (409), and says when its area was deleted meanwhile', async () => {
    const { owner, member } = await ownerAndMember('en-US', (page) => letRealtimeBeHeld(page));
    const refusedSaves: string[] = [];
    member.page.on('response', (response) => { if (response.status() === 409) refusedSaves.push(response.url()); });
    await drawCircle(owner.page, { radiusKm: 3, label: 'North' });
    await drawCircle(owner.page, { radiusKm: 2, label: 'South', expectedAreas: 2 });
    await expect.poll(() => areaLabels(member.page), { timeout: LIVE_MS }).toEqual(['North', 'South']);

    // The member's page stops hearing of changes; the owner renames one area, the member the other.
    await holdRealtimeEvents(member.page, true);
    await renameArea(owner.page, 'North', 'North shore');
    await waitForSaved(owner.page);
    await renameArea(member.page, 'South', 'South bay');
    await waitForSaved(member.page);
    // The member's save was refused for the stale version, then made again on top of the owner's change.
    expect(refusedSaves.length).toBeGreaterThan(0);
    expect(await areaLabels(member.page)).toEqual(['North shore', 'South bay']);
    await expect.poll(() => areaLabels(owner.page), { timeout: LIVE_MS }).toEqual(['North shore', 'South bay']);

    // The owner deletes an area the member, still not hearing, then renames: that change cannot be kept, and the member is told.
    const north = owner.page.getByTestId('area-item').filter({ has: owner.page.getByTestId('area-label').getByText('North shore', { exact: true }) });
    await north.getByTestId('area-menu').click();
    await owner.page.getByTestId('area-delete').click();
    await waitForSaved(owner.page);
    await renameArea(member.page, 'North shore', 'Lost name');
    const lost = member.page.getByTestId('changes-lost-toast');
    await lost.waitFor({ timeout: LIVE_MS });
    expect(await lost.innerText()).toContain('Someone else changed this map meanwhile');
    await expect.poll(() => areaLabels(member.page)).toEqual(['South bay']);
    expect(await member.page.getByTestId('conflict-toast').count()).toBe(0);
    // The lost rename's undo toast went with it: its Cancel would have undone something else.
    expect(await member.page.getByTestId('undo-toast').count()).toBe(0);
    expect(await stillSamePage(member.page)).toBe(true);
    await waitForMapIdle(member.page);
    await screenshot(member.page, 'collaboration-change-lost');
    expect(unexpectedErrors(member.errors)).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });

  it("in French: the owner's new area shows on the member's screen, and the removal is said in French", async () => {
    const { owner, member, accessId } = await ownerAndMember('fr-FR');
    await drawCircle(owner.page, { radiusKm: 3, label: 'Port' });
    await expect.poll(() => areaLabels(member.page), { timeout: LIVE_MS }).toEqual(['Port']);

    await removeMember(owner.page, accessId, member.account);
    const notice = member.page.getByTestId('access-lost-toast');
    await notice.waitFor({ timeout: LIVE_MS });
    expect(await notice.innerText()).toContain('Vous ne pouvez plus ouvrir cette carte');
    await member.page.getByTestId('map-error').waitFor({ timeout: LIVE_MS });
    expect(await stillSamePage(member.page)).toBe(true);
    await screenshot(member.page, 'collaboration-member-removed-fr');
    expect(unexpectedErrors(member.errors)).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });
});
