/**
 * `npm run bench:reports`: the market-study report and the download jobs that make files.
 *
 * The API runs in this process as `npm start` runs it (openApp, buildServer, listening on
 * 127.0.0.1), on the embedded PGlite (a fresh database in var/bench-reports/db; the demo data kept
 * between runs), or with BENCH_DATABASE=postgres on a scratch database `catchment_bench_reports` of
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres). The web app must be built
 * (`npm run build:web`): Chromium prints the report from its page /app/print/report, served from a
 * copy of apps/web/dist made at the start (a rebuild during the run would rename its scripts).
 *
 * 1. Report time for 1, 5 and 20 areas (3 km circles around towns of Alpes-Maritimes, where the
 *    demo has census data; a PRO user; every section): end to end, POST /api/v2/maps/{id}/report
 *    → the download polled every 100 ms until completed → its PDF fetched, through the server's
 *    own queue; and the split, in this process with the same classes the job uses:
 *    ReportDocuments.build (gathering) then ReportRenderer.pdf (laying out and printing).
 *    Baseline: a one-page static HTML printed by page.pdf in the same Chromium with the same flags
 *    and page format (a context per print, as the renderer does). A warm-up report first (the
 *    browser's launch, the compute threads' first reads), not counted.
 * 2. Memory while the 20-area reports are made end to end: the renderer's Chromium (its process
 *    tree's RSS summed, sampled every 100 ms; its PSS while the in-process 20-area reports print)
 *    and this API process's RSS. Baseline: the same Chromium idle with one blank page.
 * 3. Jobs per minute with 2 workers: two worker processes (queue-worker.child.ts: the queue and
 *    the download service as the API runs them), one worker each, emptying a queue filled
 *    beforehand with quick exports (a 200-row CSV, bench-kinds.ts), with the queue's default
 *    polling (2 s) and with the tests' (0.5 s). Baseline: the same handler called in a loop in this
 *    process (and with the download's row written and completed), no queue.
 * 4. Restart to completion: a worker process killed (SIGKILL) while it writes a file, a new one
 *    started at once; from its start to the download completed. With the crash test's queue
 *    options (time limit 3 s, maintenance every 1 s, no retry delay, polling 0.5 s): with the
 *    downloads' defaults a crashed attempt waits its 300 s time limit, too long for a bench.
 *    Baseline: the same job uninterrupted, from its order to its completion.
 *
 * Options: --runs 5,5,3 (end to end, per 1, 5, 20 areas), --split-runs 3,3,2, --jobs 24,60 (per
 * polling interval), --direct 300, --restarts 3.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { REPORT_READY_GLOBAL, type DownloadJobView, type ReportDocument } from '@catchment/domain';
import { closeApp, openApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { LocalDiskStorage } from '../../apps/api/src/downloads/download-storage.js';
import { downloadsDirectory } from '../../apps/api/src/downloads/downloads.module.js';
import { DownloadsRepository } from '../../apps/api/src/downloads/downloads.repository.js';
import { DOWNLOAD_QUEUE_DEFAULTS, Downloads, type DownloadHandler, type DownloadWork } from '../../apps/api/src/downloads/downloads.service.js';
import { JOB_QUEUE_DEFAULTS, JobQueue, type JobQueueOptions, type WorkerOptions } from '../../apps/api/src/jobs/job-queue.js';
import { MapStore } from '../../apps/api/src/maps/map-store.js';
import { findChromium, launchHeadlessChromium } from '../../apps/api/src/reports/headless-chromium.js';
import type { ReportDocuments } from '../../apps/api/src/reports/report-document.js';
import { ReportRenderer } from '../../apps/api/src/reports/report-renderer.js';
import { reportDocumentsOf } from '../../apps/api/src/reports/reports.routes.js';
import { buildServer } from '../../apps/api/src/server.js';
import { startChildScript, type ChildScript } from '../../apps/api/test/child-script.js';
import { argument } from '../arguments.js';
import { freePort } from '../child-process.js';
import { scratchPostgres } from '../load/server-process.js';
import { mb, median, ms, percentile, ratio, table } from '../stats.js';
import { QUICK_KIND, quickCsv, SLOW_CHUNK_BYTES, SLOW_KIND } from './bench-kinds.js';
import { chromiumRoots, sampleMemory, type TreePeak } from './process-memory.js';
import type { QueueWorkerArguments } from './queue-worker.child.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(ROOT, 'var/bench-reports');
const AREA_COUNTS = [1, 5, 20] as const;
const RUNS = (argument('--runs') ?? '5,5,3').split(',').map(Number);
const SPLIT_RUNS = (argument('--split-runs') ?? '3,3,2').split(',').map(Number);
const [JOBS_DEFAULT_POLLING, JOBS_FAST_POLLING] = (argument('--jobs') ?? '24,60').split(',').map(Number) as [number, number];
const DIRECT_JOBS = Number(argument('--direct') ?? 300);
const RESTARTS = Number(argument('--restarts') ?? 3);
const POLL_MS = 100;
const SAMPLE_MS = 100;
const log = (line: string) => console.log(line);

/** Towns of Alpes-Maritimes (lng, lat): a 3 km circle around each. */
const TOWNS: [string, [number, number]][] = [
  ['Nice', [7.262, 43.7102]], ['Antibes', [7.125, 43.581]], ['Cannes', [7.017, 43.552]], ['Grasse', [6.924, 43.659]],
  ['Menton', [7.497, 43.775]], ['Cagnes-sur-Mer', [7.149, 43.664]], ['Le Cannet', [7.019, 43.577]], ['Saint-Laurent-du-Var', [7.19, 43.673]],
  ['Vallauris', [7.054, 43.578]], ['Mandelieu-la-Napoule', [6.938, 43.546]], ['Vence', [7.112, 43.722]], ['Carros', [7.187, 43.788]],
  ['Beausoleil', [7.423, 43.743]], ['Villeneuve-Loubet', [7.122, 43.658]], ['Mougins', [6.995, 43.6]], ['Valbonne', [7.009, 43.641]],
  ['Roquebrune-Cap-Martin', [7.46, 43.76]], ['La Trinité', [7.314, 43.742]], ['Contes', [7.314, 43.812]], ['Levens', [7.224, 43.861]],
];

// ---------------------------------------------------------------------------------------------
// The server, as `npm start` runs it, in this process.

const usePostgres = process.env.BENCH_DATABASE === 'postgres';
const scratch = usePostgres ? await scratchPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catchment_bench_reports') : undefined;
if (typeof scratch === 'string') throw new Error(scratch);
if (!scratch) rmSync(path.join(DATA_DIR, 'db'), { recursive: true, force: true });
// The files of earlier runs' downloads (their rows were in the database just removed, or dropped).
rmSync(path.join(DATA_DIR, 'downloads'), { recursive: true, force: true });
// A copy of the built web app, so that a rebuild during the run (its assets renamed) cannot break a print.
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const webCopy = path.join(DATA_DIR, 'web');
if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('The web app is not built: npm run build:web');
rmSync(webCopy, { recursive: true, force: true });
cpSync(WEB_DIST, webCopy, { recursive: true });
const missing = [...readFileSync(path.join(webCopy, 'index.html'), 'utf8').matchAll(/assets\/[^"']+/g)].map(([asset]) => asset).filter((asset) => !existsSync(path.join(webCopy, asset)));
if (missing.length > 0) throw new Error(`The web app's build is incomplete (being rebuilt?): ${missing.join(', ')} missing`);
const port = await freePort();
// Only what is set here: settings of the developer's .env or shell must not change what is measured.
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'warn', DATABASE_URL: scratch?.url ?? '', WEB_DIST_DIR: webCopy,
  ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
}, ROOT);
const executablePath = findChromium(config.chromiumPath);
if (!executablePath) throw new Error('No Chromium found: install the chromium package or set CHROMIUM_PATH');
log(`Starting the API in this process (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}; the first run builds the demo data)…`);
const ctx = await openApp(config, () => {});
const app = await buildServer(ctx, { logger: { level: 'warn' } });
await app.listen({ port, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------------------------
// HTTP as the web app speaks it.

interface User { id: number; email: string; cookie: string }

async function request<T>(method: string, url: string, options: { as?: User; body?: unknown; expect: number }): Promise<T> {
  const response = await fetch(`${origin}/api${url}`, {
    method,
    headers: { ...(options.as ? { cookie: options.as.cookie } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  if (response.status !== options.expect) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function proUser(): Promise<User> {
  const email = `bench-reports-${randomUUID()}@example.com`;
  const response = await fetch(`${origin}/api/Clients`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: 'Bench', lastName: 'Reports', acceptTerms: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  // As `npm run data -- users set-plan` does.
  await ctx.clients.setPlan(email, 'pro_2020', null);
  return { id: ((await response.json()) as { id: number }).id, email, cookie };
}

/** A map with a 3 km circle around each town, in one layer; the areas' ids in the towns' order. */
async function mapOfTowns(user: User): Promise<{ mapId: number; areaIds: string[] }> {
  const map = await request<{ id: number }>('POST', '/v2/maps', { as: user, body: { title: 'Alpes-Maritimes' }, expect: 201 });
  const folderId = randomUUID();
  await request('PUT', `/v2/maps/${map.id}/folders/${folderId}`, { as: user, body: { label: 'Towns' }, expect: 201 });
  const areas = TOWNS.map(([label, startPoint]) => ({ uuid: randomUUID(), isoMode: 'isodistance', transportMode: 'circle', startPoint, distance: 3_000, label }));
  await request('POST', `/v2/maps/${map.id}/folders/${folderId}/areas/bulk`, { as: user, body: { areas }, expect: 201 });
  return { mapId: map.id, areaIds: areas.map((area) => area.uuid) };
}

// ---------------------------------------------------------------------------------------------
// 1 and 2. Reports.

interface EndToEnd { totalMs: number; waitingMs: number; gatheringMs: number; printingMs: number; fileMs: number; bytes: number; pages: number }

/** The pages of a PDF as Chromium writes it (each page's dictionary in plain text). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

/** A report ordered and fetched as the web app does; the phases as the polled status shows them (±100 ms). */
async function reportEndToEnd(user: User, mapId: number, areaIds: string[]): Promise<EndToEnd> {
  const started = performance.now();
  const { jobId } = await request<{ jobId: string }>('POST', `/v2/maps/${mapId}/report`, { as: user, body: { areaIds }, expect: 202 });
  let active = NaN;
  let gathered = NaN;
  for (;;) {
    const view = await request<DownloadJobView>('GET', `/Clients/${user.id}/jobs/downloads/${jobId}`, { as: user, expect: 200 });
    const now = performance.now();
    if (view.status === 'failed') throw new Error(`the report failed: ${view.errorCode} ${view.error}`);
    if ((view.status === 'active' || view.status === 'completed') && Number.isNaN(active)) active = now;
    // The job reports 0.25 once the document is gathered (reports.routes.ts).
    if ((view.status === 'completed' || (view.progress ?? 0) >= 0.25) && Number.isNaN(gathered)) gathered = now;
    if (view.status === 'completed') break;
    if (now - started > 10 * 60_000) throw new Error(`the report is still ${view.status} after 10 minutes`);
    await sleep(POLL_MS);
  }
  const completed = performance.now();
  const response = await fetch(`${origin}/api/Clients/${user.id}/jobs/downloads/${jobId}/file`, { headers: { cookie: user.cookie } });
  const pdf = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`the report's file: ${response.status}`);
  const done = performance.now();
  return { totalMs: done - started, waitingMs: active - started, gatheringMs: gathered - active, printingMs: completed - gathered, fileMs: done - completed, bytes: pdf.length, pages: pdfPages(pdf) };
}

/** What the report's job does, its two steps timed: the same classes, built as reports.routes.ts builds them. */
function directReports(): { documents: ReportDocuments; renderer: ReportRenderer } {
  const documents = reportDocumentsOf(ctx, new MapStore(ctx.database.db), (message, error) => log(`${message}: ${String(error)}`));
  const renderer = new ReportRenderer({ executablePath: () => executablePath, baseUrl: () => origin, timeoutMs: ctx.config.reportTimeoutSeconds * 1000 });
  return { documents, renderer };
}

/** The baseline's page: one A4 page of static text and a table, no script, no picture. */
const STATIC_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Static page</title>
<style>body{font-family:sans-serif;margin:0}h1{color:#0f766e}td,th{border:1px solid #cbd5e1;padding:4px 8px}</style></head>
<body><h1>Market study</h1><p>One page of static HTML: text and a table, the least a report can be.</p>
<table><tr><th>Area</th><th>Population</th><th>Households</th></tr>
${TOWNS.map(([town], i) => `<tr><td>${town}</td><td>${10_000 + i * 731}</td><td>${4_000 + i * 313}</td></tr>`).join('')}</table></body></html>`;

/** page.pdf of the static page, with the renderer's viewport, format and margins, in a context of its own. */
async function staticPdf(browser: Browser): Promise<number> {
  const started = performance.now();
  const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.setContent(STATIC_PAGE, { waitUntil: 'load' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' }, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: '<span></span>' });
    if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the static page did not print');
  } finally {
    await context.close();
  }
  return performance.now() - started;
}

/**
 * The app's print page opened without a document, until it says it has none: the page's own cost
 * (the app's scripts and styles loaded and run in a fresh context), without the report's work.
 */
async function emptyPrintPage(browser: Browser): Promise<number> {
  const started = performance.now();
  const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/app/print/report`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name], REPORT_READY_GLOBAL, { polling: 10 });
  } finally {
    await context.close();
  }
  return performance.now() - started;
}

/** The Chromium trees this process launched and did not have before. */
const newChromium = (before: number[]) => () => chromiumRoots().filter((pid) => !before.includes(pid));

const areaCount = (document: ReportDocument) => document.areas.length;

async function reports(): Promise<void> {
  const user = await proUser();
  const { mapId, areaIds } = await mapOfTowns(user);

  // Baseline browser: launched as the renderer launches it; idle with a blank page, then printing the static page.
  let rootsBefore = chromiumRoots();
  const launchStarted = performance.now();
  const browser = await launchHeadlessChromium(executablePath!);
  const launchMs = performance.now() - launchStarted;
  const blank = await browser.newContext();
  await (await blank.newPage()).goto('about:blank');
  await sleep(1_000);
  const idleSampler = sampleMemory(newChromium(rootsBefore), { intervalMs: SAMPLE_MS, pss: true });
  await sleep(2_000);
  const idle = idleSampler.stop();
  await blank.close();
  const idleApiKb = process.memoryUsage().rss / 1024;
  log(`Chromium launched in ${ms(launchMs)} ms; idle with a blank page: ${mb(idle.rssKb)} RSS (${mb(idle.pssKb)} PSS) over ${idle.processes} processes; the API process: ${mb(idleApiKb)}`);

  // The split, in this process.
  const { documents, renderer } = directReports();
  const body = (n: number) => ({ areaIds: areaIds.slice(0, n) });
  const warmDocument = await documents.build(user.id, String(mapId), body(1), 'en');
  const withoutRenderer = chromiumRoots();
  await renderer.pdf(warmDocument);
  const rendererChromium = newChromium(withoutRenderer);
  // PSS only here, on the in-process prints: reading it costs CPU the timed end-to-end reports should not pay.
  let pssKb = 0;
  let pssSamples = 0;
  await staticPdf(browser);
  await emptyPrintPage(browser);
  const split = new Map<number, { gatherMs: number[]; printMs: number[]; staticMs: number[]; emptyMs: number[]; bytes: number[] }>();
  for (const [i, n] of AREA_COUNTS.entries()) {
    const runs = { gatherMs: [] as number[], printMs: [] as number[], staticMs: [] as number[], emptyMs: [] as number[], bytes: [] as number[] };
    for (let run = 0; run < SPLIT_RUNS[i]!; run += 1) {
      let started = performance.now();
      const document = await documents.build(user.id, String(mapId), body(n), 'en');
      runs.gatherMs.push(performance.now() - started);
      if (areaCount(document) !== n) throw new Error(`the document holds ${areaCount(document)} areas, not ${n}`);
      const pssSampler = n === 20 ? sampleMemory(rendererChromium, { intervalMs: SAMPLE_MS, pss: true }) : undefined;
      started = performance.now();
      const pdf = await renderer.pdf(document);
      runs.printMs.push(performance.now() - started);
      if (pssSampler) {
        const sampled = pssSampler.stop();
        pssKb = Math.max(pssKb, sampled.pssKb);
        pssSamples += sampled.samples;
      }
      runs.bytes.push(pdf.length);
      runs.staticMs.push(await staticPdf(browser));
      runs.emptyMs.push(await emptyPrintPage(browser));
      log(`  ${n} area(s), run ${run + 1}: gathering ${ms(runs.gatherMs.at(-1)!)} ms, printing ${ms(runs.printMs.at(-1)!)} ms (${(pdf.length / 1024).toFixed(0)} kB); static page ${ms(runs.staticMs.at(-1)!)} ms, empty print page ${ms(runs.emptyMs.at(-1)!)} ms`);
    }
    split.set(n, runs);
  }
  await renderer.close();
  await browser.close();

  // End to end, through the server's queue and HTTP; its renderer is then the only Chromium.
  rootsBefore = chromiumRoots();
  await reportEndToEnd(user, mapId, areaIds.slice(0, 1));
  const serverChromium = newChromium(rootsBefore);
  const endToEnd = new Map<number, EndToEnd[]>();
  let peak: (TreePeak & { processPeakKb: number }) | undefined;
  for (const [i, n] of AREA_COUNTS.entries()) {
    const runs: EndToEnd[] = [];
    const sampler = n === 20 ? sampleMemory(serverChromium, { intervalMs: SAMPLE_MS, pss: false, process: process.pid }) : undefined;
    for (let run = 0; run < RUNS[i]!; run += 1) {
      runs.push(await reportEndToEnd(user, mapId, areaIds.slice(0, n)));
      const last = runs.at(-1)!;
      log(`  ${n} area(s), end to end ${ms(last.totalMs)} ms: waiting ${ms(last.waitingMs)}, gathering ${ms(last.gatheringMs)}, printing ${ms(last.printingMs)}, file ${ms(last.fileMs)} ms`);
    }
    if (sampler) peak = sampler.stop();
    endToEnd.set(n, runs);
  }

  log('\n## Report time (ms; p50 / p95 over the runs: end to end (split, in this process); p95 of 3 runs is their maximum)\n');
  const q = (values: number[]) => `${ms(median(values))} / ${ms(percentile(values, 95))}`;
  const rows: string[][] = [['areas', 'runs', 'pages', 'end to end', '÷ static page p50', 'gathering', 'printing', 'static page (baseline)', 'printing ÷ static p50', 'PDF kB', 'e2e: waiting / gathering / printing / file (p50)']];
  for (const [i, n] of AREA_COUNTS.entries()) {
    const e = endToEnd.get(n)!;
    const s = split.get(n)!;
    const staticP50 = median(s.staticMs);
    rows.push([
      String(n), `${RUNS[i]} (${SPLIT_RUNS[i]})`, String(median(e.map((r) => r.pages))), q(e.map((r) => r.totalMs)), ratio(median(e.map((r) => r.totalMs)) / staticP50),
      q(s.gatherMs), q(s.printMs), q(s.staticMs), ratio(median(s.printMs) / staticP50), (median(s.bytes) / 1024).toFixed(0),
      [median(e.map((r) => r.waitingMs)), median(e.map((r) => r.gatheringMs)), median(e.map((r) => r.printingMs)), median(e.map((r) => r.fileMs))].map(ms).join(' / '),
    ]);
  }
  log(table(rows));
  const allSplit = [...split.values()];
  log(`Baseline "static page": one A4 page of static HTML printed by page.pdf in the same Chromium (same flags, viewport, format, margins), a fresh context per print. Chromium's launch (${ms(launchMs)} ms) is in neither: the warm-up report launched it.`);
  log(`For reference, the app's print page opened in a fresh context without a document, until it says so (its scripts loaded and run, no map, no print): p50 ${ms(median(allSplit.flatMap((s) => s.emptyMs)))} ms over ${allSplit.flatMap((s) => s.emptyMs).length} runs.`);

  log('\n## Memory while the 20-area reports were made end to end\n');
  log(table([
    ['', 'peak', 'baseline: the same Chromium idle, one blank page', 'ratio'],
    ['Chromium, RSS summed over its processes', mb(peak!.rssKb), mb(idle.rssKb), ratio(peak!.rssKb / idle.rssKb)],
    ['Chromium, PSS summed (the in-process 20-area prints)', mb(pssKb), mb(idle.pssKb), ratio(pssKb / idle.pssKb)],
    ['Chromium processes', String(peak!.processes), String(idle.processes), ''],
    ['API process (this one), RSS', mb(peak!.processPeakKb), `${mb(idleApiKb)} before any report`, ratio(peak!.processPeakKb / idleApiKb)],
  ]));
  log(`Sampled every ${SAMPLE_MS} ms (${peak!.samples} samples over ${RUNS[2]} reports; ${pssSamples} over the in-process 20-area prints, whose time may suffer a little from it). RSS counts pages shared between Chromium's processes once per process; PSS shares them out.`);
}

// ---------------------------------------------------------------------------------------------
// 3 and 4. Download jobs on the queue, worker processes.

const directory = downloadsDirectory(ctx);

function startWorker(args: Omit<QueueWorkerArguments, 'databaseUrl' | 'pgliteDir' | 'directory'>): ChildScript {
  const where: Pick<QueueWorkerArguments, 'databaseUrl' | 'pgliteDir'> = { databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') };
  return startChildScript(new URL('./queue-worker.child.ts', import.meta.url), { ...args, ...where, directory });
}

async function stopWorker(worker: ChildScript): Promise<void> {
  if (worker.process.exitCode === null && worker.process.signalCode === null) {
    worker.process.kill('SIGKILL');
    await worker.exited;
  }
}

/** A queue of the bench's own (a schema apart), and the download service ordering through it. */
async function benchQueue(options: JobQueueOptions): Promise<{ queue: JobQueue; downloads: Downloads }> {
  const queue = new JobQueue(ctx.database.connection, { ...options, onError: (error) => log(`queue: ${error.message}`) });
  await queue.start();
  const downloads = new Downloads(new DownloadsRepository(ctx.database.db), new LocalDiskStorage(directory), ctx.events, queue, (message, error) => log(`${message}: ${String(error)}`));
  return { queue, downloads };
}

async function completedCount(ids: string[]): Promise<number> {
  const row = await ctx.database.db.selectFrom('download_jobs').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids).where('completed_at', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** N quick exports queued, then two worker processes (one worker each) started together; jobs per minute until the queue is empty. */
async function throughput(label: string, queueOptions: JobQueueOptions, jobs: number, clientId: number): Promise<{ label: string; jobs: number; perMinute: number; orderMs: number }> {
  const { queue, downloads } = await benchQueue(queueOptions);
  const workerOptions: WorkerOptions = { concurrency: 1 };
  await downloads.declareKind(QUICK_KIND, workerOptions);
  const workers = [0, 1].map(() => startWorker({ queueOptions, kind: QUICK_KIND, workerOptions, waitForSignal: true }));
  try {
    await Promise.all(workers.map((worker) => worker.line((line) => line === 'started')));
    const ordering = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < jobs; i += 1) ids.push(await downloads.start(clientId, QUICK_KIND, { rows: 200 }, { title: `bench ${i}.csv` }));
    const orderMs = (performance.now() - ordering) / jobs;
    const started = performance.now();
    for (const worker of workers) worker.process.kill('SIGUSR2');
    while ((await completedCount(ids)) < jobs) {
      if (performance.now() - started > 10 * 60_000) throw new Error('the quick jobs did not complete in 10 minutes');
      await sleep(50);
    }
    const perMinute = jobs / ((performance.now() - started) / 60_000);
    log(`  ${label}: ${jobs} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s, ${perMinute.toFixed(0)} jobs/min`);
    return { label, jobs, perMinute, orderMs };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await queue.stop();
  }
}

/** The same handler called in a loop, no queue; with `rows`, the download's row written first and completed after. */
async function directLoop(clientId: number, jobs: number, rows: boolean): Promise<number> {
  const repository = new DownloadsRepository(ctx.database.db);
  const storage = new LocalDiskStorage(directory);
  const handler: DownloadHandler<{ rows: number }> = quickCsv;
  const made: string[] = [];
  const started = performance.now();
  for (let i = 0; i < jobs; i += 1) {
    const downloadId = randomUUID();
    made.push(downloadId);
    if (rows) await repository.create({ id: downloadId, clientId, kind: QUICK_KIND, title: `direct ${i}.csv`, params: { rows: 200 } });
    let saved: { fileName: string; contentType: string; size: number } | undefined;
    const work: DownloadWork = {
      clientId, downloadId, signal: new AbortController().signal, progress: async () => {},
      output: { save: async (content, file) => { saved = { fileName: file.name, contentType: file.contentType, ...(await storage.put(downloadId, content)) }; } },
    };
    await handler({ rows: 200 }, work);
    if (rows) await repository.complete(downloadId, saved!);
  }
  const perMinute = jobs / ((performance.now() - started) / 60_000);
  for (const downloadId of made) await storage.remove(downloadId);
  return perMinute;
}

/** The crash test's options: what a crash costs is seconds. */
const RESTART_QUEUE: JobQueueOptions = { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5, stopGraceSeconds: 1, schema: 'pgboss_bench_restart' };
const RESTART_WORKER: WorkerOptions = { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 3, concurrency: 1 };
const SLOW_JOB = { chunks: 10, chunkMs: 100 };

async function downloadCompleted(downloads: Downloads, clientId: number, id: string, from: number): Promise<number> {
  for (;;) {
    const view = await downloads.get(clientId, id, 'en');
    if (view.status === 'completed') return performance.now() - from;
    if (view.status === 'failed') throw new Error(`the slow job failed: ${view.errorCode}`);
    if (performance.now() - from > 120_000) throw new Error(`the slow job is still ${view.status} after 2 minutes`);
    await sleep(50);
  }
}

async function restarts(clientId: number): Promise<void> {
  const { queue, downloads } = await benchQueue(RESTART_QUEUE);
  await downloads.declareKind(SLOW_KIND, RESTART_WORKER);
  const worker = () => startWorker({ queueOptions: RESTART_QUEUE, kind: SLOW_KIND, workerOptions: RESTART_WORKER, waitForSignal: false });
  let current = worker();
  const rows: string[][] = [['run', 'uninterrupted: order → completed (baseline)', 'killed after', 'restart → worker polling', 'restart → completed', '÷ baseline']];
  const totals: number[] = [];
  const baselines: number[] = [];
  try {
    await current.line((line) => line === 'ready');
    for (let run = 1; run <= RESTARTS; run += 1) {
      const whole = await downloads.start(clientId, SLOW_KIND, SLOW_JOB, { title: 'uninterrupted.bin' });
      const baseline = await downloadCompleted(downloads, clientId, whole, performance.now());
      baselines.push(baseline);

      const ordered = performance.now();
      const id = await downloads.start(clientId, SLOW_KIND, SLOW_JOB, { title: 'interrupted.bin' });
      await current.line((line) => line === `writing ${id}`);
      current.process.kill('SIGKILL');
      await current.exited;
      const killedAfter = performance.now() - ordered;
      const restarted = performance.now();
      current = worker();
      let readyMs = NaN;
      void current.line((line) => line === 'ready').then(() => (readyMs = performance.now() - restarted), () => {});
      const total = await downloadCompleted(downloads, clientId, id, restarted);
      totals.push(total);
      const left = readdirSync(directory).filter((name) => name.startsWith(id));
      const size = statSync(path.join(directory, id)).size;
      if (left.length !== 1 || size !== SLOW_JOB.chunks * SLOW_CHUNK_BYTES) throw new Error(`after the restart: ${left.join(', ')}, ${size} bytes`);
      rows.push([String(run), `${ms(baseline)} ms`, `${ms(killedAfter)} ms`, `${ms(readyMs)} ms`, `${ms(total)} ms`, ratio(total / baseline)]);
      log(`  run ${run}: restart → completed ${ms(total)} ms (uninterrupted ${ms(baseline)} ms); one whole file, nothing half-written left`);
    }
  } finally {
    await stopWorker(current);
    await queue.stop();
  }
  log('\n## Restart to completion: a worker process killed (SIGKILL) while it writes a file, a new one started at once\n');
  log(table(rows));
  log(`p50: restart → completed ${ms(median(totals))} ms, uninterrupted ${ms(median(baselines))} ms (${ratio(median(totals) / median(baselines))}).`);
  log(`Queue options of this test (the crash test's, NOT the app's): time limit (expireInSeconds) ${RESTART_WORKER.expireInSeconds} s from the attempt's start, `
    + `maintenance every ${RESTART_QUEUE.maintenanceIntervalSeconds} s, retry delay ${RESTART_WORKER.retryDelaySeconds} s, polling every ${RESTART_QUEUE.pollingIntervalSeconds} s; `
    + `the job itself ${SLOW_JOB.chunks} × ${SLOW_JOB.chunkMs} ms. Bound: max(the new process's start, time limit left + one maintenance round) + one poll + the job.`);
  log(`With the app's own settings a killed attempt is retried only after its time limit: downloads ${DOWNLOAD_QUEUE_DEFAULTS.expireInSeconds} s `
    + `(reports REPORT_TIMEOUT_SECONDS + 120 = ${ctx.config.reportTimeoutSeconds + 120} s), then up to ${JOB_QUEUE_DEFAULTS.maintenanceIntervalSeconds} s for maintenance, `
    + `a retry delay of ${DOWNLOAD_QUEUE_DEFAULTS.retryDelaySeconds} s (with backoff) and a poll of ${JOB_QUEUE_DEFAULTS.pollingIntervalSeconds} s: about 5 minutes after the attempt started.`);
}

async function jobs(): Promise<void> {
  const user = await proUser();
  log('\n## Jobs per minute, 2 worker processes × 1 worker, a queue of quick exports (a 200-row CSV) filled beforehand\n');
  const results = [
    await throughput(`queue's default polling (${JOB_QUEUE_DEFAULTS.pollingIntervalSeconds} s)`, { schema: 'pgboss_bench_jobs' }, JOBS_DEFAULT_POLLING, user.id),
    await throughput('polling every 0.5 s (the tests\')', { schema: 'pgboss_bench_jobs_fast', pollingIntervalSeconds: 0.5 }, JOBS_FAST_POLLING, user.id),
  ];
  const direct = await directLoop(user.id, DIRECT_JOBS, false);
  const directWithRows = await directLoop(user.id, DIRECT_JOBS, true);
  log('');
  log(table([
    ['way', 'jobs', 'jobs/min', 'baseline ÷ this (the handler alone is this many times faster)'],
    ...results.map((result) => [`queue, 2 workers, ${result.label}`, String(result.jobs), result.perMinute.toFixed(0), ratio(direct / result.perMinute)]),
    ['baseline: the handler in a loop, this process, no queue', String(DIRECT_JOBS), direct.toFixed(0), ''],
    ['the handler and the download\'s row (create, complete), no queue', String(DIRECT_JOBS), directWithRows.toFixed(0), ratio(direct / directWithRows)],
  ]));
  log(`Ordering a job (the download's row and the queue's job): ${ms(median(results.map((result) => result.orderMs)))} ms each.`);
  log(`pg-boss 10 runs one job per fetch and, when the job took less than the polling interval, waits the rest of it before the next fetch (a send from the same process wakes its workers, not other processes'): a quick job is bounded by 1 per worker per polling interval, ${2 * 60 / JOB_QUEUE_DEFAULTS.pollingIntervalSeconds} jobs/min for 2 workers at ${JOB_QUEUE_DEFAULTS.pollingIntervalSeconds} s.`);
  await restarts(user.id);
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(', ');
log(`Machine: ${availableParallelism()} cores, load average ${load()} (1, 5, 15 min) at the start`);
try {
  await reports();
  await jobs();
  log(`\nLoad average at the end: ${load()}`);
} finally {
  await app.close();
  await closeApp(ctx);
  if (scratch) await scratch.drop();
}
