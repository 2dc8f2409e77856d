/** What the browser tests do again and again in the app: sign up, click the map, wait for saving. */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForMapIdle } from './browser.js';
import { PATIENCE_MS } from './patience.js';

/** A password the strength estimator rates strong (a passphrase of unrelated words). */
export const TEST_PASSWORD = 'correct horse battery';

/**
 * Signs up a new user from the header's link through the three steps (project, profile, login),
 * in English, and closes the "check your inbox" notice it ends with; returns the e-mail address used.
 */
export async function signUp(page: Page): Promise<string> {
  const email = `e2e-${randomUUID()}@example.com`;
  await page.getByTestId('signup-link').click();
  const form = page.getByTestId('signup-form');
  await form.getByLabel('An individual').check();
  await form.getByLabel('A market study').check();
  await form.getByTestId('signup-next').click();
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByTestId('signup-next').click();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await form.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await form.getByLabel(/I accept/).check();
  const notice = page.getByTestId('check-inbox-notice');
  // The server takes 10 sign-ups a minute from one address, and the whole run signs up from one:
  // past that the form says to try again in a moment, and the test does, as a user would.
  for (let attempt = 0; ; attempt += 1) {
    await form.getByTestId('signup-next').click();
    const refused = form.getByTestId('form-error').filter({ hasText: 'Too many requests' });
    // As for signUpByApi: on a loaded machine the fresh server's first writes can wait behind its start-up loads.
    await notice.or(refused).first().waitFor();
    if (await notice.isVisible() || attempt >= 3) break;
    await page.waitForTimeout(20_000);
  }
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  return email;
}

export interface ApiAccount { email: string; id: number }

/**
 * Signs up a new user through the API (`POST /api/Clients`), which logs the page's browser in;
 * for tests whose subject is not the sign-up form. The e-mail is made unique unless given.
 */
export async function signUpByApi(page: Page, who: { email?: string; firstName?: string; lastName?: string; password?: string } = {}): Promise<ApiAccount> {
  const email = who.email ?? `e2e-${randomUUID()}@example.com`;
  const signUpOnce = () => page.request.post('/api/Clients', {
    data: { acceptTerms: true, email, password: who.password ?? TEST_PASSWORD, firstName: who.firstName ?? 'Ada', lastName: who.lastName ?? 'Lovelace' },
    headers: { 'Accept-Language': 'en' },
    // The first password hash of a fresh server can take long on a loaded machine.
    timeout: 60_000,
  });
  let response = await signUpOnce();
  // 10 sign-ups a minute from one address (the whole run's): wait as the answer says, then again.
  for (let attempt = 0; response.status() === 429 && attempt < 3; attempt += 1) {
    await page.waitForTimeout(1_000 * Math.max(1, Number(response.headers()['retry-after'] ?? 20)));
    response = await signUpOnce();
  }
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { email, id: ((await response.json()) as { id: number }).id };
}

/** A new user (signed up through the API: the sign-up form has its own test) on the new map home opens; its access id. */
export async function newMapByApi(page: Page): Promise<string> {
  await signUpByApi(page);
  await page.goto('/app/');
  await page.waitForURL(/\/app\/map\//);
  await waitForMapIdle(page);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The areas of a map as the API stores them, every folder's in order. */
export async function storedAreas<Area>(page: Page, accessId: string): Promise<Area[]> {
  const map = await (await page.request.get(`/api/v2/maps/${accessId}`)).json() as { folders: Array<{ areas: Area[] }> };
  return map.folders.flatMap((folder) => folder.areas);
}

/** Clicks the map where a longitude/latitude is currently drawn. */
export async function clickMapAt(page: Page, lngLat: [number, number]): Promise<void> {
  const point = await page.evaluate((target) => {
    const map = (window as unknown as { catchmentMap: { project(lngLat: [number, number]): { x: number; y: number } } }).catchmentMap;
    return map.project(target);
  }, lngLat);
  const box = await page.getByTestId('map').boundingBox();
  if (!box) throw new Error('the map is not on the page');
  await page.mouse.click(box.x + point.x, box.y + point.y);
  // terra-draw ignores clicks that come faster than a person's.
  await page.waitForTimeout(150);
}

/** Centres the map on a place at a zoom, as a user scrolling there would, and waits for the tiles. */
export async function viewAt(page: Page, center: [number, number], zoom: number): Promise<void> {
  await waitForMapIdle(page);
  await page.evaluate(([lngLat, level]) => {
    (window as unknown as { catchmentMap: { jumpTo(options: object): void } }).catchmentMap.jumpTo({ center: lngLat, zoom: level });
  }, [center, zoom] as const);
  await waitForMapIdle(page);
}

export function areaItems(page: Page): Locator {
  return page.getByTestId('area-item');
}

/** Waits until the save indicator says every change reached the server. */
export async function waitForSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const indicator = document.querySelector('[data-testid="save-indicator"]');
    return indicator?.getAttribute('data-status') === 'saved' || /^(Saved|Enregistré)/.test(indicator?.textContent?.trim() ?? '');
  }, undefined, { timeout: PATIENCE_MS });
}

/**
 * Console errors a user would notice. Chromium logs every 4xx answer as "Failed to load resource";
 * those are the app's normal questions (GET /auth/me as a visitor answers 401), not failures.
 */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

/**
 * Draws a circle of `radiusKm` around `place` (Nice unless said; the place search's first answer)
 * with the circle form, named `label` when given, and waits until the map holds `expectedAreas`
 * areas, saved.
 */
export async function drawCircle(page: Page, { place = 'Nice', radiusKm, label, expectedAreas = 1 }: { place?: string; radiusKm: number; label?: string; expectedAreas?: number }): Promise<void> {
  await page.getByTestId('create-mode-circle').click();
  await page.getByTestId('place-search-input').fill(place);
  await page.getByTestId('place-suggestion').first().click();
  await page.getByTestId('radius-input').fill(String(radiusKm));
  if (label !== undefined) await page.getByTestId('area-label-input').fill(label);
  await page.getByTestId('create-area-submit').click();
  await expect.poll(() => areaItems(page).count()).toBe(expectedAreas);
  await waitForSaved(page);
}
