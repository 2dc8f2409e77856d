/** Debian's Chromium driven by playwright-core, with the flags MapLibre needs to render headless here. */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchHeadlessChromium } from '../../apps/api/src/reports/headless-chromium.js';
import { PATIENCE_MS } from './patience.js';

export function launchBrowser(): Promise<Browser> {
  return launchHeadlessChromium(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
}

export interface OpenedPage { context: BrowserContext; page: Page; errors: string[] }

/** The device a page is opened on: a desktop's screen by default, or a phone's or a tablet's (touch, viewport); its clock's time zone. */
export type Device = Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch' | 'deviceScaleFactor' | 'timezoneId'>;

/** A fresh browser profile (no cookies, no storage) with console errors collected for assertions. */
export async function openPage(browser: Browser, baseUrl: string, locale = 'en-US', device: Device = {}): Promise<OpenedPage> {
  // Reduced motion, as a user may ask of their system: the map jumps where it would fly and its
  // labels appear without fading (label-fade.ts), since each frame is drawn in software on cores the
  // other suites share; what the tests check is where the map ends, not how it got there.
  const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce', ...device });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  return { context, page, errors };
}

/** Saves a screenshot under e2e/artifacts (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('e2e/artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Waits until the MapLibre map exposed by the app has finished rendering. */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const map = (window as unknown as { catchmentMap?: { loaded(): boolean; areTilesLoaded(): boolean } }).catchmentMap;
    return !!map && map.loaded() && map.areTilesLoaded();
  }, undefined, { timeout: PATIENCE_MS });
}
