/**
 * Editing areas after creation, in Chromium against the real server: a drawn polygon's vertex
 * dragged on the map (a crossing outline refused with the validation message), saved, undone and
 * redone, found again after a reload; a circle's radius and centre changed in the prefilled form (in
 * French); a Monaco isochrone's time changed and recomputed on the road network; and no edit
 * entries on a read-only map or for a visitor.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, clickMapAt, signUpByApi, unexpectedErrors, viewAt, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

type Position = [number, number];

interface StoredArea {
  uuid: string;
  label: string;
  color: string;
  hash: string;
  isoMode: string;
  transportMode: string | null;
  distance: number | null;
  duration: number | null;
  startPoint: Position | null;
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

/** The areas of a map as the server has them. */
async function storedAreas(page: Page, accessId: string): Promise<StoredArea[]> {
  const response = await page.request.get(`/api/v2/maps/${accessId}`);
  expect(response.status()).toBe(200);
  const map = await response.json() as { folders: Array<{ areas: StoredArea[] }> };
  return map.folders.flatMap((folder) => folder.areas);
}

function outerRing(area: StoredArea): Position[] {
  return area.geometry.type === 'Polygon' ? area.geometry.coordinates[0]! : area.geometry.coordinates[0]![0]!;
}

const near = (a: Position, b: Position, tolerance = 1e-4) => Math.abs(a[0] - b[0]) < tolerance && Math.abs(a[1] - b[1]) < tolerance;

/** Metres between two points (the sphere of the app's circles). */
function metres([lng1, lat1]: Position, [lng2, lat2]: Position): number {
  const radians = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * radians) / 2) ** 2
    + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(((lng2 - lng1) * radians) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** Where a longitude/latitude is on the page. */
async function pagePoint(page: Page, lngLat: Position): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((target) => {
    const map = (window as unknown as { catchmentMap: { project(lngLat: Position): { x: number; y: number } } }).catchmentMap;
    return map.project(target);
  }, lngLat);
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: box.x + point.x, y: box.y + point.y };
}

/** Drags with the mouse from one place of the map to another, in small steps as a hand does. */
async function dragOnMap(page: Page, from: Position, to: Position): Promise<void> {
  const start = await pagePoint(page, from);
  const end = await pagePoint(page, to);
  await page.mouse.move(start.x, start.y);
  await page.waitForTimeout(100);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 15 });
  await page.waitForTimeout(100);
  await page.mouse.up();
  await page.waitForTimeout(200);
}

async function openAreaMenu(page: Page, index: number, entry: string): Promise<void> {
  await areaItems(page).nth(index).getByTestId('area-menu').click();
  await page.getByTestId(entry).click();
}

/** Signs up through the API (the sign-up form has tests of its own), opens the app's new map and returns its id. */
async function newMap(page: Page): Promise<string> {
  await signUpByApi(page);
  await page.goto('/app/');
  await page.waitForURL(/\/app\/map\/[A-Za-z0-9_-]+/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** A square west of Lyon's centre; its north-east corner is the vertex the test moves. */
const SQUARE: Position[] = [[4.80, 45.74], [4.86, 45.74], [4.86, 45.78], [4.80, 45.78]];

describe('editing areas', () => {
  it('moves a polygon vertex on the map, refuses a crossing outline, keeps the shape after a reload, and undoes it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const accessId = await newMap(page);
    await viewAt(page, [4.83, 45.74], 12);
    await page.getByTestId('create-mode-polygon').click();
    await page.getByTestId('draw-polygon').click();
    for (const corner of SQUARE) await clickMapAt(page, corner);
    await page.keyboard.press('Enter');
    await poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await waitForSaved(page);
    const [drawn] = await storedAreas(page, accessId);

    // A vertex dragged across the opposite side: the outline crosses itself and cannot be saved.
    await openAreaMenu(page, 0, 'area-edit-shape');
    await poll(() => page.getByTestId('map-hint').innerText()).toMatch(/Drag a point/);
    await dragOnMap(page, SQUARE[2]!, [4.83, 45.715]);
    await poll(() => page.getByTestId('map-hint-error').innerText()).toMatch(/crosses itself/);
    await screenshot(page, 'edit-shape-refused');
    await page.getByTestId('shape-save').click();
    await poll(() => page.getByTestId('map-hint-error').count()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('map-hint').count()).toBe(0);
    expect(outerRing((await storedAreas(page, accessId))[0]!)).toEqual(outerRing(drawn!));

    // The north-east corner moved further north-east, saved with Enter.
    await areaItems(page).first().getByTestId('area-label').click();
    await page.keyboard.press('e');
    await poll(() => page.getByTestId('map-hint').count()).toBe(1);
    const moved: Position = [4.875, 45.775];
    await dragOnMap(page, SQUARE[2]!, moved);
    await waitForMapIdle(page);
    await screenshot(page, 'edit-shape-dragged');
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('map-hint').count()).toBe(0);
    await waitForSaved(page);
    const [reshaped] = await storedAreas(page, accessId);
    expect(reshaped).toMatchObject({ uuid: drawn!.uuid, label: drawn!.label, color: drawn!.color, isoMode: 'polygon' });
    expect(outerRing(reshaped!).some((point) => near(point, moved))).toBe(true);
    expect(outerRing(reshaped!).some((point) => near(point, SQUARE[2]!))).toBe(false);
    expect(reshaped!.hash).not.toBe(drawn!.hash);

    // Undo gives the drawn square back, on the server too; redo the new shape.
    await page.getByTestId('undo-button').click();
    await waitForSaved(page);
    expect((await storedAreas(page, accessId))[0]!.hash).toBe(drawn!.hash);
    await page.getByTestId('redo-button').click();
    await waitForSaved(page);
    expect((await storedAreas(page, accessId))[0]!.hash).toBe(reshaped!.hash);

    // After a reload the map draws the new shape.
    await page.reload();
    await waitForMapIdle(page);
    await poll(() => areaItems(page).count()).toBe(1);
    await viewAt(page, [4.83, 45.74], 12);
    const drawnVertices = await page.evaluate(() => {
      const map = (window as unknown as { catchmentMap: { querySourceFeatures(source: string): Array<{ geometry: { coordinates: unknown } }> } }).catchmentMap;
      return map.querySourceFeatures('catchment-areas').flatMap((feature) => (feature.geometry.coordinates as Position[][]).flat());
    });
    expect(drawnVertices.some((point) => near(point, moved, 3e-4))).toBe(true);
    expect(drawnVertices.some((point) => near(point, SQUARE[2]!, 3e-4))).toBe(false);
    await screenshot(page, 'edit-shape-reloaded');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('changes a circle\'s radius, then its centre by dragging it, and undoes both (in French)', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const accessId = await newMap(page);
    await page.getByTestId('locale-switch').selectOption('fr');
    await poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
    await page.getByTestId('create-mode-circle').click();
    await page.getByTestId('place-search-input').fill('Lyon');
    await page.getByTestId('place-suggestion').first().click();
    await page.getByTestId('radius-input').fill('10');
    await page.getByTestId('create-area-submit').click();
    await poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await waitForSaved(page);
    const [created] = await storedAreas(page, accessId);
    expect(created).toMatchObject({ transportMode: 'circle', distance: 10_000 });

    // The form the circle was made with, prefilled; a 4 km radius recomputes it.
    await openAreaMenu(page, 0, 'area-edit');
    const panel = page.getByTestId('edit-area-panel');
    await poll(() => panel.innerText()).toMatch(/Modifier la zone/);
    expect(await panel.getByTestId('radius-input').inputValue()).toBe('10');
    await panel.getByTestId('radius-input').fill('4');
    await waitForMapIdle(page);
    await screenshot(page, 'edit-circle-fr');
    await panel.getByTestId('edit-area-save').click();
    await poll(() => page.getByTestId('edit-area-panel').count()).toBe(0);
    await waitForSaved(page);
    const [smaller] = await storedAreas(page, accessId);
    expect(smaller).toMatchObject({ uuid: created!.uuid, color: created!.color, distance: 4000, startPoint: created!.startPoint });
    for (const point of outerRing(smaller!)) expect(Math.abs(metres(smaller!.startPoint!, point) - 4000)).toBeLessThan(10);
    expect(smaller!.label).toMatch(/4 km/);
    await poll(() => areaItems(page).first().innerText()).toMatch(/4 km/);

    // The centre dragged on the map: the circle follows.
    await openAreaMenu(page, 0, 'area-edit');
    const handle = page.getByTestId('centre-handle');
    await handle.waitFor();
    const box = (await handle.boundingBox())!;
    // The marker's tip is its bottom centre; the drag starts on its body.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 3 + 40, { steps: 12 });
    await page.mouse.up();
    await poll(() => page.getByTestId('start-point').count()).toBe(1);
    await page.getByTestId('edit-area-save').click();
    await poll(() => page.getByTestId('edit-area-panel').count()).toBe(0);
    await waitForSaved(page);
    const [moved] = await storedAreas(page, accessId);
    expect(metres(moved!.startPoint!, created!.startPoint!)).toBeGreaterThan(500);
    expect(moved!.distance).toBe(4000);

    // Two undo steps: the centre, then the radius, with their shapes.
    await page.getByTestId('undo-button').click();
    await waitForSaved(page);
    expect((await storedAreas(page, accessId))[0]).toMatchObject({ startPoint: created!.startPoint, distance: 4000, hash: smaller!.hash });
    await page.getByTestId('undo-button').click();
    await waitForSaved(page);
    expect((await storedAreas(page, accessId))[0]).toMatchObject({ startPoint: created!.startPoint, distance: 10_000, hash: created!.hash, label: created!.label });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('changes a Monaco isochrone from 10 to 5 minutes, recomputed on the roads, and undoes it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const accessId = await newMap(page);
    await page.getByTestId('create-mode-isochrone').click();
    await page.getByTestId('place-search-input').fill('Monaco');
    await page.getByTestId('place-suggestion').first().click();
    await page.getByTestId('transport-mode').selectOption('car');
    await page.getByTestId('values-input').fill('10');
    await page.getByTestId('create-area-submit').click();
    await poll(() => areaItems(page).count()).toBe(1);
    await continuePastFreePlanNotice(page);
    await waitForSaved(page);
    const [created] = await storedAreas(page, accessId);
    expect(created).toMatchObject({ isoMode: 'isochrone', duration: 600 });

    // Double-click on the area opens its form; an area keeps one value.
    await waitForMapIdle(page);
    const inside = await pagePoint(page, created!.startPoint!);
    await page.mouse.dblclick(inside.x, inside.y);
    const panel = page.getByTestId('edit-area-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('values-input').inputValue()).toBe('10');
    await panel.getByTestId('values-input').fill('5, 10');
    await poll(() => panel.innerText()).toMatch(/one value/);
    expect(await panel.getByTestId('edit-area-save').isDisabled()).toBe(true);
    await panel.getByTestId('values-input').fill('5');
    await panel.getByTestId('routed-preview').click();
    await poll(() => panel.getByTestId('routed-preview').isDisabled()).toBe(true);
    await waitForMapIdle(page);
    await screenshot(page, 'edit-isochrone-preview');
    await panel.getByTestId('edit-area-save').click();
    await poll(() => page.getByTestId('edit-area-panel').count()).toBe(0);
    await waitForSaved(page);
    const [shorter] = await storedAreas(page, accessId);
    expect(shorter).toMatchObject({ uuid: created!.uuid, color: created!.color, isoMode: 'isochrone', transportMode: 'car', duration: 300 });
    expect(shorter!.hash).not.toBe(created!.hash);
    expect(shorter!.label).toMatch(/5 min by car/);
    await poll(() => areaItems(page).first().innerText()).toMatch(/5 min/);
    await waitForMapIdle(page);
    await screenshot(page, 'edit-isochrone-saved');

    await page.keyboard.press('Control+z');
    await waitForSaved(page);
    expect((await storedAreas(page, accessId))[0]).toMatchObject({ duration: 600, hash: created!.hash, label: created!.label });
    await poll(() => areaItems(page).first().innerText()).toMatch(/10 min/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('offers no edit entries on a read-only map, nor to a visitor drawing without an account', async () => {
    // The owner's public map with the square, made through the API (drawing it is the first test's).
    const owner = await openPage(browser, baseUrl);
    await signUpByApi(owner.page);
    const created = await owner.page.request.post('/api/v2/maps', { data: { title: 'Lyon' } });
    expect(created.status()).toBe(201);
    const { id, accessId } = (await created.json()) as { id: number; accessId: string };
    const folder = randomUUID();
    expect((await owner.page.request.put(`/api/v2/maps/${id}/folders/${folder}`, { data: { label: 'Layer 1' } })).status()).toBe(201);
    const square = { uuid: randomUUID(), isoMode: 'polygon', label: 'Square', geometry: { type: 'Polygon', coordinates: [[...SQUARE, SQUARE[0]!]] } };
    expect((await owner.page.request.post(`/api/v2/maps/${id}/folders/${folder}/areas/bulk`, { data: { areas: [square] } })).status()).toBe(201);
    expect((await owner.page.request.patch(`/api/v2/maps/${accessId}`, { data: { public: true } })).status()).toBe(200);

    const reader = await openPage(browser, baseUrl);
    await reader.page.goto(`/app/map/${accessId}`);
    await reader.page.getByTestId('read-only-banner').waitFor();
    await poll(() => areaItems(reader.page).count()).toBe(1);
    expect(await reader.page.getByTestId('area-menu').count()).toBe(0);
    await viewAt(reader.page, [4.83, 45.76], 12);
    const inside = await pagePoint(reader.page, [4.83, 45.76]);
    await reader.page.mouse.dblclick(inside.x, inside.y);
    await areaItems(reader.page).first().getByTestId('area-label').click();
    await reader.page.keyboard.press('e');
    await reader.page.waitForTimeout(300);
    expect(await reader.page.getByTestId('map-hint').count()).toBe(0);
    expect(await reader.page.getByTestId('edit-area-panel').count()).toBe(0);
    await reader.context.close();

    // A visitor's own map, kept in the browser: creating, not editing.
    const visitor = await openPage(browser, baseUrl);
    await visitor.page.goto('/app/');
    await viewAt(visitor.page, [4.83, 45.76], 12);
    await visitor.page.getByTestId('create-mode-polygon').click();
    await visitor.page.getByTestId('draw-polygon').click();
    for (const corner of SQUARE) await clickMapAt(visitor.page, corner);
    await visitor.page.keyboard.press('Enter');
    await poll(() => areaItems(visitor.page).count()).toBe(1);
    await continuePastFreePlanNotice(visitor.page);
    await areaItems(visitor.page).first().getByTestId('area-menu').click();
    await visitor.page.getByTestId('area-delete').waitFor();
    expect(await visitor.page.getByTestId('area-edit-shape').count()).toBe(0);
    await visitor.context.close();
    await owner.context.close();
  });
});
