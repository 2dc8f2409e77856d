/**
 * Automatic map generation in the browser (SPEC §2 /generate): an Essential user opens it from
 * My maps, pastes a list of places in Monaco (with categories, one out at sea), generates walking
 * isochrones coloured by category, follows the progress, reads which place got no area and why,
 * and opens the new map with its areas in the list's order. In French, from a dataset of theirs,
 * circles named by its label column. A free user meets the plan's lock. Screenshots under e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, signUpByApi, unexpectedErrors } from './support/app.js';
import { setPlan } from './support/plans.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Four shops of Monaco by coordinates (latitude, longitude, as map sites copy them), one boat at sea, pasted from a spreadsheet. */
const MONACO_LIST = [
  'Name\tWhere\tFormat',
  'Casino\t43.7394, 7.4275\tFlagship',
  'Condamine\t43.7365, 7.4195\tKiosk',
  'Boat\t43.6800, 7.4500\tFlagship',
  'Port\t43.7352, 7.4233\tFlagship',
].join('\n');

/** The colours of the areas of the map, in the order of its list, as the server stored them. */
async function storedAreas(page: Page, accessId: string): Promise<{ label: string; color: string; isoMode: string; transportMode: string }[]> {
  const response = await page.request.get(`/api/v2/maps/${accessId}`);
  const map = await response.json() as { folders: { areas: { label: string; color: string; isoMode: string; transportMode: string }[] }[] };
  return map.folders.flatMap((folder) => folder.areas);
}

describe('generating a map', () => {
  it('makes walking isochrones from a pasted list, coloured by category, and says which place got none', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    const { email } = await signUpByApi(page);
    setPlan(dataDir, email, 'essential_2019');
    await page.reload();
    await waitForMapIdle(page);
    await page.getByTestId('my-maps-button').click();
    await page.getByTestId('my-maps-generate').click();
    await page.getByRole('heading', { name: 'Generate a map' }).waitFor();

    await page.getByTestId('generation-places').fill(MONACO_LIST);
    await expect.poll(() => page.getByTestId('generation-read').textContent()).toBe('4 places read. The first line was read as column names.');
    await page.getByTestId('generation-mode').selectOption({ label: 'Travel time on foot' });
    await page.getByTestId('generation-value').fill('10');
    await page.getByTestId('generation-colors-category').check();
    await page.getByTestId('generation-title').fill('Monaco shops');
    await screenshot(page, 'generation-form');
    await page.getByTestId('generation-submit').filter({ hasText: 'Generate the map (4 areas)' }).click();

    // The progress bar while the job goes, then what it made.
    await page.locator('[data-testid="generation-status"][data-status="done"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('generation-summary').textContent()).toBe('Done: 3 areas made. 1 place has no area: see why below.');
    const failures = page.getByTestId('generation-failures').locator('tbody tr');
    await expect.poll(() => failures.count()).toBe(1);
    expect(await failures.first().textContent()).toMatch(/^3Boat.*sea/);
    await screenshot(page, 'generation-done');

    await page.getByTestId('generation-open-map').click();
    await waitForMapIdle(page);
    await expect.poll(() => areaItems(page).allTextContents()).toEqual([expect.stringContaining('Casino'), expect.stringContaining('Condamine'), expect.stringContaining('Port')]);
    const accessId = new URL(page.url()).pathname.split('/').pop()!;
    const areas = await storedAreas(page, accessId);
    expect(areas.map((area) => [area.label, area.isoMode, area.transportMode])).toEqual([
      ['Casino', 'isochrone', 'walk'], ['Condamine', 'isochrone', 'walk'], ['Port', 'isochrone', 'walk'],
    ]);
    // Flagships share a colour, the kiosk has another.
    expect(areas[0]!.color).toBe(areas[2]!.color);
    expect(areas[1]!.color).not.toBe(areas[0]!.color);
    await screenshot(page, 'generation-map');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('makes circles from a dataset, named by its label column, in French', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'fr-FR');
    await page.goto('/app/');
    const { email, id } = await signUpByApi(page);
    setPlan(dataDir, email, 'essential_2019');
    const created = await page.request.post(`/api/Clients/${id}/datasets`, {
      data: {
        name: 'Magasins', columns: ['Code', 'Enseigne'], items: [
          { fields: { Code: 'A1', Enseigne: 'Nice Centre' }, position: [7.262, 43.71] },
          { fields: { Code: 'A2', Enseigne: 'Cannes Croisette' }, position: [7.017, 43.551] },
        ],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/app/generate');
    await page.getByRole('heading', { name: 'Générer une carte' }).waitFor();
    await page.getByTestId('generation-source-dataset').check();
    await page.getByTestId('generation-dataset').filter({ hasText: 'Magasins (2 points)' }).waitFor();
    await page.getByTestId('generation-label-column').selectOption('Enseigne');
    await page.getByTestId('generation-mode').selectOption({ label: 'Cercle' });
    await page.getByTestId('generation-value').fill('2,5');
    await page.getByTestId('generation-colors-single').check();
    await page.getByTestId('generation-submit').filter({ hasText: 'Générer la carte (2 zones)' }).click();

    await page.locator('[data-testid="generation-status"][data-status="done"]').waitFor();
    expect(await page.getByTestId('generation-summary').textContent()).toBe('Terminé : 2 zones créées.');
    expect(await page.getByTestId('generation-status').getByRole('heading').textContent()).toBe('Carte générée');
    await screenshot(page, 'generation-done-fr');
    await page.getByTestId('generation-open-map').click();
    await waitForMapIdle(page);
    await expect.poll(() => areaItems(page).allTextContents()).toEqual([expect.stringContaining('Nice Centre'), expect.stringContaining('Cannes Croisette')]);
    const areas = await storedAreas(page, new URL(page.url()).pathname.split('/').pop()!);
    expect(areas.map((area) => [area.isoMode, area.transportMode, area.color])).toEqual([
      ['isodistance', 'circle', areas[0]!.color], ['isodistance', 'circle', areas[0]!.color],
    ]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows a free user what generation gives and the plan that includes it', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/app/');
    await signUpByApi(page);
    await page.goto('/app/generate');
    const lock = page.getByTestId('plan-lock-generation');
    await lock.waitFor();
    expect(await lock.textContent()).toContain('Generating maps is part of the Essential plan');
    expect(await page.getByTestId('generation-form').count()).toBe(0);
    await screenshot(page, 'generation-locked');
    await context.close();
  });
});
