/**
 * Prints a report (and pictures of maps): the app's print page (/app/print/report, /app/print/map; apps/web/src/reports/) opened in
 * headless Chromium from this very server, given the document before any script of the page runs
 * (so the page asks the server nothing and needs no session), laid out with its map pictures, then
 * printed to an A4 PDF with page numbers.
 *
 * One browser per process, started on the first report and closed after a minute without one; each
 * report has a context of its own, closed whatever happens. A report still not laid out and printed
 * after the time limit is 'Too many data to export' (SPEC §8), as is a document too large to hand over.
 */
import type { Browser, Page } from 'playwright-core';
import {
  DomainError, MAP_PICTURE_GLOBAL, REPORT_DOCUMENT_GLOBAL, REPORT_READY_GLOBAL, translate, type Locale, type MapPictureRequest, type ReportDocument,
} from '@catchment/domain';
import { launchHeadlessChromium } from './headless-chromium.js';

/** A4 at the 96 dpi of CSS pixels: what the print page lays out for. */
const A4_VIEWPORT = { width: 794, height: 1123 };

/**
 * Largest document handed to the page: the areas' outlines and every figure, tens of kilobytes per
 * area; past this the report would be hundreds of pages.
 */
export const REPORT_DOCUMENT_MAX_BYTES = 40 * 1024 * 1024;

const IDLE_CLOSE_MS = 60_000;

export interface ReportRendererOptions {
  /** The Chromium to launch; null: none installed. */
  executablePath: () => string | null;
  /** This server's own address (http://127.0.0.1:port); null while it does not listen. */
  baseUrl: () => string | null;
  timeoutMs: number;
}

/** What a print page says once done: true (the report page), its picture (the map page), or why it failed. */
type PageReady = true | { picture: string } | { error: string };

export class ReportRenderer {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ReportRendererOptions) {}

  /** The report as a PDF file. */
  async pdf(document: ReportDocument, signal?: AbortSignal): Promise<Buffer> {
    return this.onPrintPage({ path: '/app/print/report', global: REPORT_DOCUMENT_GLOBAL, input: document, viewport: A4_VIEWPORT, locale: document.locale, signal }, async (page, deadline) => {
      const printed = page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: footerTemplate(document),
      });
      // The print has no time limit of its own: past the deadline the context is closed under it.
      return Promise.race([printed, rejectAt(deadline)]);
    });
  }

  /** A picture of areas on the basemap, as a PNG file (the map picture of the reports, for a whole map). */
  async picture(request: MapPictureRequest, signal?: AbortSignal): Promise<Buffer> {
    const viewport = { width: request.width, height: request.height };
    return this.onPrintPage({ path: '/app/print/map', global: MAP_PICTURE_GLOBAL, input: request, viewport, locale: request.locale, signal }, async (_page, _deadline, ready) => {
      if (ready === true || !('picture' in ready)) throw new DomainError('reportRenderFailed', { operatorHint: 'the map page gave no picture' });
      return Buffer.from(ready.picture.replace(/^data:image\/png;base64,/, ''), 'base64');
    });
  }

  /**
   * Opens one of the app's print pages in a context of its own (an input too large to hand over is
   * 'Too many data to export'), the page's input set before its
   * scripts run, waits until the page says it is done, and hands the page over; the context is
   * closed whatever happens. Past the time limit: 'Too many data to export'.
   */
  private async onPrintPage<T>(
    { path, global, input, viewport, locale, signal }: { path: string; global: string; input: unknown; viewport: { width: number; height: number }; locale: Locale; signal: AbortSignal | undefined },
    use: (page: Page, deadline: number, ready: PageReady) => Promise<T>,
  ): Promise<T> {
    const json = JSON.stringify(input);
    if (Buffer.byteLength(json) > REPORT_DOCUMENT_MAX_BYTES) throw new DomainError('reportTooLarge');
    const browser = await this.openBrowser();
    const baseUrl = this.options.baseUrl();
    if (!baseUrl) throw new DomainError('reportRenderFailed', { operatorHint: 'the server does not listen yet' });
    this.running += 1;
    const context = await browser.newContext({ viewport, locale: locale === 'fr' ? 'fr-FR' : 'en-GB' });
    const abort = () => void context.close().catch(() => {});
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await context.addInitScript(([name, text]) => {
        (window as unknown as Record<string, unknown>)[name] = JSON.parse(text);
      }, [global, json] as const);
      const page = await context.newPage();
      const broken = brokenApp(page);
      const deadline = Date.now() + this.options.timeoutMs;
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: this.options.timeoutMs });
      if (!response?.ok()) throw new DomainError('reportRenderFailed', { operatorHint: `the print page answered ${response?.status() ?? 'nothing'} (is the web app built?)` });
      const handle = await Promise.race([
        page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name], REPORT_READY_GLOBAL, { timeout: Math.max(1, deadline - Date.now()), polling: 100 }),
        broken,
      ]);
      const ready = await handle.jsonValue() as PageReady;
      if (ready !== true && 'error' in ready) throw new DomainError('reportRenderFailed', { operatorHint: ready.error });
      return await use(page, deadline, ready);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (signal?.aborted) throw signal.reason ?? error;
      if (error instanceof Error && error.name === 'TimeoutError') throw new DomainError('reportTooLarge');
      throw error;
    } finally {
      signal?.removeEventListener('abort', abort);
      await context.close().catch(() => {});
      this.running -= 1;
      this.closeWhenIdle();
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => {});
  }

  private openBrowser(): Promise<Browser> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (!this.browser) {
      const executablePath = this.options.executablePath();
      if (!executablePath) throw new DomainError('reportRendererMissing');
      const launched = launchHeadlessChromium(executablePath);
      // A browser that crashed or failed to start is launched again by the next report.
      launched.then((browser) => browser.on('disconnected', () => { if (this.browser === launched) this.browser = null; }), () => { if (this.browser === launched) this.browser = null; });
      this.browser = launched;
    }
    return this.browser;
  }

  private closeWhenIdle(): void {
    if (this.running > 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS);
    this.idleTimer.unref();
  }
}

/** The footer of every page: the report's title and "3 / 12" (Chromium fills the page numbers in). */
function footerTemplate(document: ReportDocument): string {
  const title = escapeHtml(document.title);
  const page = translate(document.locale, 'reports.pageOf', { page: '<span class="pageNumber"></span>', pages: '<span class="totalPages"></span>' });
  return `<div style="font-family:sans-serif;font-size:7pt;color:#64748b;width:100%;padding:0 12mm;display:flex;justify-content:space-between">
    <span>${title}</span><span>${page}</span></div>`;
}

/**
 * Rejects as soon as the app's own code or styles fail to load (a build replaced under a running
 * server, a file missing): the page would never say it is done, and the report would wait for its
 * time limit only to be called too large.
 */
function brokenApp(page: Page): Promise<never> {
  const broken = new Promise<never>((_resolve, reject) => {
    const fail = (url: string, why: string) => reject(new DomainError('reportRenderFailed', { operatorHint: `the print page could not load ${url}: ${why}` }));
    const ownCode = (type: string) => type === 'script' || type === 'stylesheet';
    page.on('requestfailed', (request) => { if (ownCode(request.resourceType())) fail(request.url(), request.failure()?.errorText ?? 'failed'); });
    page.on('response', (response) => { if (response.status() >= 400 && ownCode(response.request().resourceType())) fail(response.url(), String(response.status())); });
  });
  // Nobody may be waiting on it once the page is done.
  broken.catch(() => {});
  return broken;
}

/** Rejects with 'Too many data to export' at the deadline (the timer does not keep the process alive). */
function rejectAt(deadline: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    setTimeout(() => reject(new DomainError('reportTooLarge')), Math.max(0, deadline - Date.now())).unref();
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
