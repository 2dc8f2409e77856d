/**
 * A page that misses what the real-time channel pushes, as on a network that loses it: the page
 * then edits a copy older than the server's, and its save meets a newer version (409).
 */
import type { Page } from 'playwright-core';

/**
 * Makes the page's sockets drop the messages they receive while `holdRealtimeEvents(page, true)`
 * holds: a listener added before the app's own stops each message reaching it. Plain text, run
 * before the page's scripts (the functions of a test file are compiled with helpers the page does
 * not have).
 */
export async function letRealtimeBeHeld(page: Page): Promise<void> {
  await page.addInitScript({ content: `
    const PageSocket = window.WebSocket;
    window.WebSocket = class extends PageSocket {
      constructor(url, protocols) {
        super(url, protocols);
        this.addEventListener('message', (event) => { if (window.holdRealtime) event.stopImmediatePropagation(); });
      }
    };` });
}

/** Starts or stops dropping what the server pushes to the page (see letRealtimeBeHeld). */
export const holdRealtimeEvents = (page: Page, held: boolean) => page.evaluate((hold) => { (window as unknown as { holdRealtime: boolean }).holdRealtime = hold; }, held);
