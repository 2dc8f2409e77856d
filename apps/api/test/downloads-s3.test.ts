/**
 * Download files in an S3-compatible object store (DOWNLOADS_S3_URL), against a real S3 server
 * (s3rver: S3's REST protocol on a local directory; it checks the access key, not the Signature
 * Version 4 arithmetic, which s3-signature.test.ts checks against AWS's published example): put,
 * read back, replace and remove a file, streamed or not; an unknown key refused; and a download job
 * whose file the API serves from the store, in an API process configured with it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadJobView } from '@catchment/domain';
import { S3Storage, type S3StorageSettings } from '../src/downloads/download-storage.js';
import { circleAroundNice } from './analysis-factories.js';
import { signUpOnPlan, testApp } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { startQueuedApp, type QueuedApp } from './queue-factories.js';

let server: S3rver;
let settings: S3StorageSettings;

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(join(tmpdir(), 's3-')), configureBuckets: [{ name: 'catchment', configs: [] }] });
  const { port } = await server.run();
  // s3rver's own account.
  settings = { bucketUrl: `http://127.0.0.1:${port}/catchment`, prefix: 'downloads/', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
});
afterAll(async () => { await server?.close(); });

const text = async (stream: Readable | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

describe('download files in an S3-compatible store', () => {
  it('are stored whole, read back, replaced and removed; a stream is taken as well as bytes', async () => {
    const storage = new S3Storage(settings);
    const key = randomUUID();
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.put(key, Buffer.from('première version'))).toEqual({ size: Buffer.byteLength('première version') });
    expect(await text(await storage.get(key))).toBe('première version');
    expect(await storage.put(key, Readable.from([Buffer.from('seconde '), Buffer.from('version')]))).toEqual({ size: 15 });
    expect(await text(await storage.get(key))).toBe('seconde version');
    await storage.remove(key);
    expect(await storage.get(key)).toBeUndefined();
    // Removing what is not there is fine.
    await storage.remove(key);
  });

  it('are refused to an unknown access key, and to a key that is not a download id', async () => {
    const storage = new S3Storage({ ...settings, accessKeyId: 'NOT-AN-ACCOUNT' });
    await expect(storage.put(randomUUID(), Buffer.from('x'))).rejects.toThrow(/refused the file .*403/);
    await expect(new S3Storage(settings).get('../../etc/passwd')).rejects.toThrow(/Invalid download file key/);
  });
});

describe('download jobs on a server whose files go to the store', () => {
  let queued: QueuedApp;
  beforeAll(async () => {
    const { ctx } = await testApp();
    queued = await startQueuedApp(ctx, { ...ctx.config, downloadsS3: settings });
  });
  afterAll(async () => { await queued?.close(); });

  it('serve the file the job wrote there, and delete it there', async () => {
    const { app } = queued;
    const user = await signUpOnPlan(app, 'essential_2019');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const { jobId } = await expectStatus<{ jobId: string }>(202, call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/divisions?async=1`, { as: user, payload: { areaIds: [areaId] } }));
    const deadline = Date.now() + 30_000;
    let view: DownloadJobView;
    do {
      await sleep(100);
      view = await expectStatus<DownloadJobView>(200, call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${jobId}`, { as: user }));
    } while (view.status !== 'completed' && view.status !== 'failed' && Date.now() < deadline);
    expect(view.status).toBe('completed');
    const response = await call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${jobId}/file`, { as: user });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The object is in the store, the very bytes served.
    const stored = new S3Storage(settings);
    const chunks: Buffer[] = [];
    for await (const chunk of (await stored.get(jobId))!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(response.rawPayload)).toBe(true);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/jobs/downloads/${jobId}`, { as: user }));
    expect(await stored.get(jobId)).toBeUndefined();
  });
});
