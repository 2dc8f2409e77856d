/**
 * What the public transport browser tests share: places on the rnv timetables the test server
 * imported over the demo's Mannheim–Heidelberg roads, the areas as stored, and an area made at Bismarckplatz through
 * the create panel once its mode and time are chosen.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { insidePolygon } from '@catchment/geodata';
import { screenshot, waitForMapIdle } from './browser.js';
import { areaItems, viewAt } from './app.js';
import { continuePastFreePlanNotice } from './plans.js';
import { poll } from './patience.js';

export const BISMARCKPLATZ: [number, number] = [8.6938, 49.4093];
export const SCHRIESHEIM_BAHNHOF: [number, number] = [8.6602, 49.4722];
export const NECKARGEMUEND_BAHNHOF: [number, number] = [8.7874, 49.3941];

export interface StoredArea {
  uuid: string; label: string; transportMode: string; direction: string; departureDate: string | null; startPoint: [number, number];
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

/**
 * With the create panel's mode and time chosen: Bismarckplatz picked on the map, `minutes` typed,
 * the preview drawn without an error (screenshot `previewShot`), then the area created.
 */
export async function createAreaAtBismarckplatz(page: Page, minutes: number, previewShot: string): Promise<void> {
  await viewAt(page, BISMARCKPLATZ, 15);
  await page.getByTestId('pick-on-map').click();
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await poll(() => page.getByTestId('start-point').count()).toBe(1);
  await page.getByTestId('values-input').fill(String(minutes));
  await page.getByTestId('routed-preview').click();
  await poll(() => page.getByTestId('routing-progress').count()).toBe(0);
  expect(await page.getByTestId('create-error').count()).toBe(0);
  await waitForMapIdle(page);
  await screenshot(page, previewShot);
  await page.getByTestId('create-area-submit').click();
  await poll(() => areaItems(page).count()).toBe(1);
  await continuePastFreePlanNotice(page);
}

/** Whether an area stored in a map holds a point. */
export function holds(area: StoredArea, [lng, lat]: [number, number]): boolean {
  return area.geometry.coordinates.some((polygon) => insidePolygon(lng, lat, polygon));
}
