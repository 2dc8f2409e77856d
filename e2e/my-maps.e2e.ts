/**
 * My maps as a user manages them: a new map is titled 'My map', maps can be renamed, searched by
 * title, sorted, duplicated and deleted, and each opens at its own address.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { signUp, unexpectedErrors } from './support/app.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const listedTitles = (page: Page) => page.getByTestId('map-list-item').locator('.map-title').allInnerTexts();

describe('my maps', () => {
  it('creates, renames, searches, sorts, duplicates and deletes maps', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await signUp(page);
    await page.waitForURL(/\/app\/map\//);
    const firstMap = page.url();

    // A second map from the dialog: it opens at its own address with the default title.
    await page.getByTestId('my-maps-button').click();
    await page.getByTestId('my-maps-create').click();
    await expect.poll(() => page.url()).not.toBe(firstMap);
    await expect.poll(() => page.getByTestId('map-title').innerText()).toBe('My map');

    // Rename it, then find it by searching its title.
    await page.getByTestId('my-maps-button').click();
    const dialog = page.getByTestId('my-maps-dialog');
    await expect.poll(() => dialog.getByTestId('map-list-item').count()).toBe(2);
    await dialog.locator('[data-testid="map-list-item"]').first().getByTestId('map-rename').click();
    await dialog.getByTestId('map-rename-input').fill('Stores in Lyon');
    await dialog.getByTestId('map-rename-input').press('Enter');
    await expect.poll(() => listedTitles(page)).toContain('Stores in Lyon');
    await dialog.getByTestId('my-maps-search').fill('lyon');
    await expect.poll(() => listedTitles(page)).toEqual(['Stores in Lyon']);
    await dialog.getByTestId('my-maps-search').fill('');
    await expect.poll(() => dialog.getByTestId('map-list-item').count()).toBe(2);

    // Oldest first puts the map made at signup on top.
    await dialog.getByTestId('my-maps-sort').selectOption('createdAt');
    await expect.poll(async () => (await listedTitles(page))[0]).toBe('My map');
    await dialog.getByTestId('my-maps-sort').selectOption('-createdAt');
    await expect.poll(async () => (await listedTitles(page))[0]).toBe('Stores in Lyon');

    // Duplicate, then delete the copy.
    await dialog.locator('[data-testid="map-list-item"]', { hasText: 'Stores in Lyon' }).getByTestId('map-clone').click();
    await expect.poll(() => listedTitles(page)).toContain('Stores in Lyon (copy)');
    await screenshot(page, 'my-maps');
    const copy = dialog.locator('[data-testid="map-list-item"]', { hasText: 'Stores in Lyon (copy)' });
    await copy.getByTestId('map-delete').click();
    await copy.getByTestId('map-delete-confirm').click();
    await expect.poll(() => listedTitles(page)).not.toContain('Stores in Lyon (copy)');
    expect(await dialog.getByTestId('map-list-item').count()).toBe(2);

    // Escape closes the dialog; the server agrees with what the list showed.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const listed = await (await page.request.get('/api/v2/maps?sortBy=createdAt')).json() as { items: Array<{ title: string }>; total: number };
    expect(listed.total).toBe(2);
    expect(listed.items.map((map) => map.title)).toEqual(['My map', 'Stores in Lyon']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
