/**
 * Download jobs (SPEC §7) on a real job queue: the divisions export ordered as a job and its file
 * downloaded; the statuses of a download through its life (SPEC §4), its file refused until it is
 * completed, marked downloaded, a failed one retried, deleted, someone else's never seen; the
 * real-time events `download` and `downloads`; and a download whose process was killed while it
 * wrote the file, made once after the restart, one file and nothing half-written left.
 */
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type DownloadJobView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { downloadsDirectory, downloadsOf } from '../src/downloads/downloads.module.js';
import type { Downloads } from '../src/downloads/downloads.service.js';
import type { RoomEvent } from '../src/events/event-bus.js';
import type { JobQueue, WorkerOptions } from '../src/jobs/job-queue.js';
import { buildServer } from '../src/server.js';
import { circleAroundNice } from './analysis-factories.js';
import type { DownloadWorkerChildArguments } from './download-worker.child.js';
import { startChildScript } from './child-script.js';
import { signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { startTestQueue, testQueueOptions } from './queue-factories.js';

let ctx: AppContext;
let app: FastifyInstance;
let queue: JobQueue;
const queueOptions = testQueueOptions();
let downloads: Downloads;
const events: RoomEvent[] = [];
let unsubscribe: () => void;

/**
 * Fast retries. The time limit is what an attempt may take, the queue's own steps included: with
 * 3 s, once, on PGlite beside the other suites, a download failed with INTERNAL_ERROR (what a job
 * the queue itself failed reads, as past its time limit) instead of its work's reason. No test here
 * waits for the limit to run out.
 */
const quickRetries: WorkerOptions = { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 30 };

beforeAll(async () => {
  const shared = (await testApp()).ctx;
  queue = await startTestQueue(shared, queueOptions);
  ctx = { ...shared, jobs: queue };
  app = await buildServer(ctx, { rateLimits: false });
  await app.ready();
  downloads = downloadsOf(ctx);
  unsubscribe = ctx.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  unsubscribe?.();
  await app?.close();
  await queue?.stop();
});

const list = (user: TestUser, lang: 'en' | 'fr' = 'en') => expectStatus<DownloadJobView[]>(200, call(app, 'GET', `/Clients/${user.id}/jobs/downloads`, { as: user, lang }));
const one = (user: TestUser, id: string, lang: 'en' | 'fr' = 'en') => call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${id}`, { as: user, lang });
const file = (user: TestUser, id: string, lang: 'en' | 'fr' = 'en') => call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${id}/file`, { as: user, lang });

/** The download once `test` passes, read every 100 ms for at most `seconds`. */
async function downloadWhen(user: TestUser, id: string, test: (view: DownloadJobView) => boolean, seconds = 20): Promise<DownloadJobView> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const view = await expectStatus<DownloadJobView>(200, one(user, id));
    if (test(view)) return view;
    if (Date.now() > deadline) throw new Error(`download ${id} still ${JSON.stringify(view)}`);
    await sleep(100);
  }
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const eventsOf = (user: TestUser, event: string) => events.filter((entry) => entry.room === `user:${user.id}` && entry.event === event).map((entry) => entry.data);

describe('the divisions export as a download job', () => {
  it('answers 202 with the job, which makes the same workbook, downloadable as an attachment', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const { jobId } = await expectStatus<{ jobId: string }>(202, call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions?async=1`, { as: user, payload: { areaIds: [areaId] }, lang: 'fr' }));
    expect((await list(user))[0]).toMatchObject({ id: jobId, kind: 'xlsx-divisions', title: 'Nice 10 km - divisions.xlsx', isDownloaded: false });

    const done = await downloadWhen(user, jobId, (view) => view.status === 'completed');
    expect(done).toMatchObject({ progress: 1, completedAt: expect.any(String), size: expect.any(Number) });
    const response = await file(user, jobId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('attachment; filename="Nice 10 km - divisions.xlsx"');
    expect(response.rawPayload.length).toBe(done.size);
    // The same workbook as the export answered at once, in the language of the order.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const direct = await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions`, { as: user, payload: { areaIds: [areaId] }, lang: 'fr' });
    const expected = new ExcelJS.Workbook();
    await expected.xlsx.load(direct.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(expected.worksheets.map((sheet) => sheet.name));
    expect(workbook.worksheets[0]!.getRow(1).values).toContain('Part dans la zone (%)');
    expect(workbook.worksheets[0]!.getSheetValues()).toEqual(expected.worksheets[0]!.getSheetValues());
  });

  it('is refused at once, with the translated reason, to whom the export is refused', async () => {
    const free = await signUp(app);
    const { mapId, areaId } = await circleAroundNice(app, free);
    const refused = await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions?async=1`, { as: free, payload: { areaIds: [areaId] }, lang: 'fr' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringMatching(/offre/) });
    expect(await list(free)).toEqual([]);
    expect((await call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions?async=yes`, { as: free, payload: { areaIds: [areaId] } })).statusCode).toBe(400);
  });
});

describe('download jobs', () => {
  it('go from waiting to active with progress to completed; the file is refused until then, then marked downloaded', async () => {
    const release = gate();
    const started = gate();
    await downloads.registerKind<{ text: string }>('test-gated', async ({ text }, work) => {
      await work.progress(0.5);
      started.open();
      await release.opened;
      await work.output.save(Buffer.from(text), { name: 'note.txt', contentType: 'text/plain; charset=utf-8' });
    }, quickRetries);
    const user = await signUp(app);
    const id = await downloads.start(user.id, 'test-gated', { text: 'bonjour' }, { title: 'A note' });
    const first = (await list(user))[0]!;
    expect(first).toMatchObject({ id, title: 'A note', kind: 'test-gated', isDownloaded: false });
    expect(['delayed', 'active']).toContain(first.status);

    await started.opened;
    expect(await downloadWhen(user, id, (view) => view.status === 'active')).toMatchObject({ progress: 0.5 });
    const early = await file(user, id, 'fr');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'DOWNLOAD_NOT_READY', message: expect.stringMatching(/pas encore prêt/) });

    release.open();
    await downloadWhen(user, id, (view) => view.status === 'completed');
    await expect.poll(() => eventsOf(user, 'download')).toEqual(expect.arrayContaining([
      { jobId: id, status: 'delayed', progress: 0 }, { jobId: id, status: 'active', progress: 0 }, { jobId: id, status: 'completed', progress: 1 },
    ]));
    await expect.poll(() => eventsOf(user, 'downloads').at(-1)).toEqual({ count: 1 });
    const response = await file(user, id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('bonjour');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="note.txt"; filename*=UTF-8''note.txt`);

    const marked = await expectStatus<DownloadJobView>(200, call(app, 'PATCH', `/Clients/${user.id}/jobs/downloads/${id}`, { as: user, payload: { isDownloaded: true } }));
    expect(marked).toMatchObject({ status: 'completed', isDownloaded: true });
    await expect.poll(() => eventsOf(user, 'downloads').at(-1)).toEqual({ count: 0 });
    expect((await call(app, 'PATCH', `/Clients/${user.id}/jobs/downloads/${id}`, { as: user, payload: { isDownloaded: 'yes' } })).statusCode).toBe(400);
    const notFailed = await call(app, 'POST', `/Clients/${user.id}/jobs/downloads/${id}/retry`, { as: user });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error.code).toBe('DOWNLOAD_NOT_FAILED');
  });

  it('fail with the translated reason of the work, and run again on retry', async () => {
    let attempts = 0;
    await downloads.registerKind('test-refused-once', async (_params, work) => {
      attempts += 1;
      if (attempts === 1) throw new DomainError('unitsNotFound');
      await work.output.save(Buffer.from('made on retry'), { name: 'retried.txt', contentType: 'text/plain' });
    }, quickRetries);
    const user = await signUp(app);
    const id = await downloads.start(user.id, 'test-refused-once', {}, { title: 'Refused once' });
    const failed = await downloadWhen(user, id, (view) => view.status === 'failed');
    expect(failed).toMatchObject({ errorCode: 'UNITS_NOT_FOUND', error: expect.any(String) });
    expect((await expectStatus<DownloadJobView>(200, one(user, id, 'fr'))).error).not.toBe(failed.error);
    await expect.poll(() => eventsOf(user, 'download')).toContainEqual({ jobId: id, status: 'failed', progress: 0 });
    expect((await file(user, id)).statusCode).toBe(409);

    const retried = await expectStatus<DownloadJobView>(202, call(app, 'POST', `/Clients/${user.id}/jobs/downloads/${id}/retry`, { as: user }));
    expect(retried.status).not.toBe('failed');
    await downloadWhen(user, id, (view) => view.status === 'completed');
    expect(attempts).toBe(2);
    expect((await file(user, id)).body).toBe('made on retry');
  });

  it("are their owner's only, answer 404 when unknown or malformed ids get a 400, and are deleted with their file", async () => {
    await downloads.registerKind('test-plain', async (_params, work) => {
      await work.output.save(Buffer.from('plain'), { name: 'plain.txt', contentType: 'text/plain' });
    }, quickRetries);
    const owner = await signUp(app);
    const other = await signUp(app);
    const id = await downloads.start(owner.id, 'test-plain', {}, { title: 'Mine' });
    await downloadWhen(owner, id, (view) => view.status === 'completed');

    expect(await list(other)).toEqual([]);
    const hidden = await one(other, id, 'fr');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toMatchObject({ code: 'DOWNLOAD_NOT_FOUND', message: "Ce téléchargement n'existe pas (ou plus)" });
    expect((await file(other, id)).statusCode).toBe(404);
    expect((await call(app, 'PATCH', `/Clients/${other.id}/jobs/downloads/${id}`, { as: other, payload: { isDownloaded: true } })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/Clients/${other.id}/jobs/downloads/${id}/retry`, { as: other })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/Clients/${other.id}/jobs/downloads/${id}`, { as: other })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/Clients/${owner.id}/jobs/downloads`, { as: other })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/Clients/${owner.id}/jobs/downloads`)).statusCode).toBe(401);
    const malformed = await call(app, 'GET', `/Clients/${owner.id}/jobs/downloads/not-a-job`, { as: owner, lang: 'fr' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/Identifiant de téléchargement invalide/);

    expect(await readdir(downloadsDirectory(ctx))).toContain(id);
    expect((await call(app, 'DELETE', `/Clients/${owner.id}/jobs/downloads/${id}`, { as: owner })).statusCode).toBe(204);
    expect((await one(owner, id)).statusCode).toBe(404);
    expect(await readdir(downloadsDirectory(ctx))).not.toContain(id);
    await expect.poll(() => eventsOf(owner, 'downloads').at(-1)).toEqual({ count: 0 });
  });

  it('make the file once, whole, after the process writing it was killed', async () => {
    const kind = 'test-crashed';
    const directory = downloadsDirectory(ctx);
    // The job is taken again once it expires, so its limit is short here, yet not 3 s: that passed,
    // on a loaded machine, before this test saw it active, and the child's retries used up the job
    // before the kill.
    const crashRetries: WorkerOptions = { ...quickRetries, retryLimit: 3, expireInSeconds: 10 };
    const child = startDownloadWorker({ connection: ctx.database.connection, queueOptions, directory, kind, workerOptions: crashRetries });
    try {
      await child.line((line) => line === 'ready');
      let runs = 0;
      const restarted = gate();
      // This process orders the kind without running its jobs yet: the child alone takes the first attempt.
      await downloads.declareKind(kind, crashRetries);
      const user = await signUp(app);
      const id = await downloads.start(user.id, kind, {}, { title: 'Interrupted' });
      await child.line((line) => line === `writing ${id}`);
      // Part of the file is on disk, under a temporary name.
      expect((await readdir(directory)).filter((name) => name.startsWith(id))).toEqual([expect.stringMatching(/\.tmp$/)]);
      expect(await downloadWhen(user, id, (view) => view.status === 'active')).toBeDefined();

      child.process.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');

      // The API restarted: its worker of the kind takes the job once it expired, and makes the whole file.
      await downloads.registerKind(kind, async (_params, work) => {
        runs += 1;
        restarted.open();
        await work.output.save(Buffer.from('the whole file'), { name: 'whole.txt', contentType: 'text/plain' });
      }, crashRetries);
      await restarted.opened;
      await downloadWhen(user, id, (view) => view.status === 'completed', 60);
      expect(runs).toBe(1);
      expect((await readdir(directory)).filter((name) => name.startsWith(id))).toEqual([id]);
      expect(await readFile(`${directory}/${id}`, 'utf8')).toBe('the whole file');
      expect((await file(user, id)).body).toBe('the whole file');
    } finally {
      child.process.kill('SIGKILL');
    }
  });
});

/** Starts download-worker.child.ts in a process of its own. */
const startDownloadWorker = (args: DownloadWorkerChildArguments) => startChildScript(new URL('./download-worker.child.ts', import.meta.url), args);
