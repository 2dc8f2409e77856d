/**
 * `npm run bench:realtime`: how long a change made by one person takes to show on the screen of
 * another who has the same map open. Two browsers (Chromium contexts: the map's owner and a member),
 * on the app started as a user does (`node scripts/start.mjs`, compiled, PGlite; with --postgres on
 * a scratch PostgreSQL database of BENCH_PG_URL's server, dropped afterwards, events then going
 * through LISTEN/NOTIFY). The owner renames an area --changes times in the layers panel, one change every
 * --gap ms (a person's pace); for each change, on the machine's one clock:
 *
 * - sent: the owner's page starts the PATCH that saves it;
 * - socket (the baseline): the member's page receives the list-sync event over its WebSocket, i.e.
 *   the server's commit, NOTIFY or in-process bus and the socket, with nothing of the app's own;
 * - shown: the new name is in the member's layers panel (a MutationObserver, before the paint).
 *
 * It prints p50/p95 of sent→socket and sent→shown, and shown's p50/p95 as a ratio to socket's: how
 * much the app adds (its refetch of the map, and React) to what the channel costs.
 *
 * Options: --changes 20, --gap 2500, --data-dir var/bench-realtime, --postgres.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchHeadlessChromium } from '../../apps/api/src/reports/headless-chromium.js';
import { freePort, healthAnswers, stopChild } from '../child-process.js';
import { scratchPostgres } from '../load/server-process.js';
import { ms, percentile, ratio, table } from '../stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    changes: { type: 'string', default: '20' },
    gap: { type: 'string', default: '2500' },
    'data-dir': { type: 'string', default: 'var/bench-realtime' },
    postgres: { type: 'boolean', default: false },
  },
});
const changes = Number(options.changes);
const gapMs = Number(options.gap);
const log = (line: string) => console.log(line);
const PASSWORD = 'correct horse battery';

interface Timings { sent: number; socket: number; shown: number }

/*
 * The scripts put in the pages are plain text: tsx compiles functions of this file with helpers
 * (esbuild's __name) that do not exist in the page.
 */

/** In the owner's page: when each PATCH of areas starts, with its body. */
const RECORD_SAVES = `
  window.saves = [];
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (init && init.method === 'PATCH' && String(input).includes('/areas/bulk')) window.saves.push({ t: Date.now(), body: String(init.body) });
    return originalFetch(input, init);
  };`;

/** In the member's page: when each socket message arrives, and when an awaited area name first shows in the layers panel. */
const RECORD_ARRIVALS = `
  window.messages = [];
  window.shown = new Map();
  let awaited = null;
  window.awaitLabel = (label) => { awaited = label; };
  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => window.messages.push({ t: Date.now(), data: String(event.data) }));
    }
  };
  new MutationObserver(() => {
    if (awaited === null || window.shown.has(awaited)) return;
    for (const label of document.querySelectorAll('[data-testid="area-label"]')) {
      if (label.textContent === awaited) window.shown.set(awaited, Date.now());
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });`;

async function signedUpPage(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page; id: number; email: string }> {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-US', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const email = `bench-${randomUUID()}@example.com`;
  const response = await page.request.post('/api/Clients', { data: { acceptTerms: true, email, password: PASSWORD, firstName: 'Bench', lastName: 'User' }, timeout: 120_000 });
  if (response.status() !== 201) throw new Error(`sign-up: ${response.status()} ${await response.text()}`);
  return { context, page, id: ((await response.json()) as { id: number }).id, email };
}

async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${url}`, { method, ...(data === undefined ? {} : { data }) });
  if (response.status() >= 300) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A map of the owner's with one area named `Change 0`, the member added; returns its accessId and id. */
async function sharedMap(owner: Page, memberEmail: string): Promise<{ accessId: string; id: number }> {
  const map = await api<{ id: number; accessId: string }>(owner, 'POST', '/v2/maps', { title: 'Propagation' });
  const folder = randomUUID();
  await api(owner, 'PUT', `/v2/maps/${map.id}/folders/${folder}`, { label: 'Layer' });
  const square = [[[7.41, 43.73], [7.43, 43.73], [7.43, 43.75], [7.41, 43.75], [7.41, 43.73]]];
  await api(owner, 'POST', `/v2/maps/${map.id}/folders/${folder}/areas/bulk`, {
    areas: [{ uuid: randomUUID(), label: 'Change 0', isoMode: 'polygon', geometry: { type: 'Polygon', coordinates: square } }],
  });
  await api(owner, 'POST', `/v2/maps/${map.id}/clients`, { email: memberEmail });
  return map;
}

async function renameInPanel(page: Page, label: string): Promise<void> {
  await page.getByTestId('area-menu').click();
  await page.getByTestId('area-rename').click();
  await page.getByTestId('rename-input').fill(label);
  await page.getByTestId('rename-input').press('Enter');
}

async function measure(browser: Browser, origin: string): Promise<Timings[]> {
  const owner = await signedUpPage(browser, origin);
  const member = await signedUpPage(browser, origin);
  const map = await sharedMap(owner.page, member.email);
  await owner.page.addInitScript({ content: RECORD_SAVES });
  await member.page.addInitScript({ content: RECORD_ARRIVALS });
  for (const { page } of [owner, member]) {
    await page.goto(`/app/map/${map.accessId}`);
    await page.getByTestId('area-label').filter({ hasText: 'Change 0' }).waitFor({ timeout: 120_000 });
  }
  const timings: Timings[] = [];
  for (let i = 1; i <= changes; i++) {
    const label = `Change ${i}`;
    const started = Date.now();
    await member.page.evaluate((awaited) => (window as unknown as { awaitLabel(label: string): void }).awaitLabel(awaited), label);
    await renameInPanel(owner.page, label);
    await member.page.waitForFunction((awaited) => (window as unknown as { shown: Map<string, number> }).shown.has(awaited), label, { timeout: 30_000 });
    const sent = await owner.page.evaluate((awaited) => (window as unknown as { saves: { t: number; body: string }[] }).saves.find((save) => save.body.includes(`"${awaited}"`))?.t, label);
    const arrival = await member.page.evaluate(({ awaited, since, mapId }) => {
      const page = window as unknown as { shown: Map<string, number>; messages: { t: number; data: string }[] };
      const event = page.messages.find((message) => message.t >= since && message.data.includes('"list-sync"') && message.data.includes(`"mapId":${mapId},`));
      return { shown: page.shown.get(awaited)!, socket: event?.t };
    }, { awaited: label, since: started, mapId: map.id });
    if (sent === undefined || arrival.socket === undefined) throw new Error(`change ${i}: no save or no socket event recorded`);
    timings.push({ sent, socket: arrival.socket, shown: arrival.shown });
    log(`change ${i}/${changes}: socket ${ms(arrival.socket - sent)} ms, shown ${ms(arrival.shown - sent)} ms`);
    await owner.page.waitForTimeout(Math.max(0, gapMs - (Date.now() - started)));
  }
  await owner.context.close();
  await member.context.close();
  return timings;
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const scratch = options.postgres ? await scratchPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catchment_bench_realtime') : undefined;
if (typeof scratch === 'string') throw new Error(scratch);
const dataDir = path.resolve(ROOT, options['data-dir']!, options.postgres ? 'postgres' : 'pglite');
log(`Starting the app on ${origin} with ${scratch ? 'PostgreSQL' : 'PGlite'} (builds what changed first)…`);
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', MAP_STYLE_URL: '', SMTP_URL: '', IP_LOCATION_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser: Browser | undefined;
try {
  const deadline = Date.now() + 600_000;
  while (!(await healthAnswers(origin))) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the app did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  browser = await launchHeadlessChromium(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
  const timings = await measure(browser, origin);
  const socket = timings.map((t) => t.socket - t.sent);
  const shown = timings.map((t) => t.shown - t.sent);
  const added = timings.map((t) => t.shown - t.socket);
  log('');
  log(`${changes} renames by the owner, one every ${gapMs} ms; delays from the owner's save, in ms`);
  log(table([
    ['', 'p50', 'p95', 'max'],
    ['socket event at the member (baseline)', ms(percentile(socket, 50)), ms(percentile(socket, 95)), ms(Math.max(...socket))],
    ["new name on the member's screen", ms(percentile(shown, 50)), ms(percentile(shown, 95)), ms(Math.max(...shown))],
    ['of which the app (screen − socket)', ms(percentile(added, 50)), ms(percentile(added, 95)), ms(Math.max(...added))],
    ['screen / socket', ratio(percentile(shown, 50) / percentile(socket, 50)), ratio(percentile(shown, 95) / percentile(socket, 95)), ''],
  ]));
} finally {
  await browser?.close();
  await stopChild(server);
  await scratch?.drop();
}
