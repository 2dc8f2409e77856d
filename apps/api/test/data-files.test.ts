/**
 * Uploaded files (SPEC §7 Data files, §5 import file rules, §8 import errors): the real customer
 * samples read as tables, CSV or XLSX told by content, Latin-1 and empty headers, a file past
 * 50 MB refused while it is still streaming in, and only the uploader seeing a file.
 */
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_FILE_MAX_BYTES, type DataFilePreview, type DataFileView } from '@catchment/domain';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';
import { postDataFile, type UploadOptions } from './data-file-factories.js';

const CUSTOMERS = path.resolve(import.meta.dirname, '../../../test-data/customers');

let ctx: AppContext;
let app: FastifyInstance;
let user: TestUser;
// A server of its own, with a data directory of its own: what a refused upload leaves (nothing) is
// seen there alone, whatever other test files upload at the same time.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-files-'));
beforeAll(async () => {
  ({ ctx } = await testApp());
  app = await buildServer({ ...ctx, config: { ...ctx.config, dataDir } }, { rateLimits: false });
  user = await signUp(app);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads');
const filesOf = (id: string) => fs.readdirSync(uploadsDir()).filter((name) => name.startsWith(id));

const upload = (as: TestUser | undefined, content: Buffer | string, filename: string, options: UploadOptions = {}) => postDataFile(app, as, content, filename, options);

const sample = (name: string) => fs.readFileSync(path.join(CUSTOMERS, name));

describe('uploading a data file', () => {
  it('reads the London stations workbook and pages through its rows', async () => {
    const response = await upload(user, sample('london-cycle-hire-stations.xlsx'), 'london-cycle-hire-stations.xlsx');
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<DataFileView>();
    expect(file).toMatchObject({
      filename: 'london-cycle-hire-stations.xlsx', format: 'xlsx', columns: ['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'], rowCount: 742, renamedColumns: [],
    });
    const first = await expectStatus<DataFilePreview>(200, call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}?limit=2`, { as: user }));
    expect(first).toEqual({ ...file, offset: 0, rows: [expect.arrayContaining(['1', 'River Street', 'Clerkenwell']), expect.any(Array)] });
    const last = await expectStatus<DataFilePreview>(200, call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}?offset=740&limit=50`, { as: user }));
    expect(last.rows).toHaveLength(2);
    expect((await expectStatus<DataFilePreview>(200, call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}?offset=742`, { as: user }))).rows).toEqual([]);
    expect((await call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}?limit=5000`, { as: user })).statusCode).toBe(400);
  });

  it('reads a semicolon CSV saved in Latin-1 and names its empty headers in the uploader\'s language', async () => {
    const text = 'nom;;ville;clients\nBoulangerie Léa;x;Sélestat;12\nCafé Kléber;y;Strasbourg;30\n';
    const file = await expectStatus<DataFileView>(201, upload(user, Buffer.from(text, 'latin1'), 'clients.txt', { lang: 'fr' }));
    expect(file).toMatchObject({
      format: 'csv', encoding: 'windows-1252', delimiter: ';', columns: ['nom', 'Colonne 2', 'ville', 'clients'], rowCount: 2,
      renamedColumns: [{ position: 2, original: '', name: 'Colonne 2' }],
    });
    const page = await expectStatus<DataFilePreview>(200, call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}`, { as: user }));
    expect(page.rows[0]).toEqual(['Boulangerie Léa', 'x', 'Sélestat', '12']);
  });

  it('refuses a file that is no table whatever its name, and one without rows, keeping nothing', async () => {
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const refused = await upload(user, png, 'customers.csv');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toMatchObject({ code: 'DATA_FILE_INVALID', message: expect.stringContaining('CSV') });
    const headerOnly = await upload(user, 'id,name\n', 'empty.csv');
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json().error.code).toBe('DATA_FILE_EMPTY');
    expect(fs.readdirSync(uploadsDir()).length).toBe(before);
  });

  it('asks for the file when the request has none', async () => {
    const otherField = await upload(user, 'id\n1\n', 'a.csv', { field: 'document' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error.code).toBe('DATA_FILE_MISSING');
    const json = await call(app, 'POST', `/Clients/${user.id}/dataFiles`, { as: user, payload: { file: 'id\n1' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('DATA_FILE_MISSING');
  });

  it("shows a file to its uploader only, and to no visitor", async () => {
    const file = await expectStatus<DataFileView>(201, upload(user, 'id,name\n1,a\n', 'a.csv'));
    const other = await signUp(app);
    expect((await upload(undefined, 'id\n1\n', 'a.csv', { clientId: user.id })).statusCode).toBe(401);
    expect((await upload(other, 'id\n1\n', 'a.csv', { clientId: user.id })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}`, { as: other })).statusCode).toBe(403);
    const notTheirs = await call(app, 'GET', `/Clients/${other.id}/dataFiles/${file.id}`, { as: other });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('DATA_FILE_NOT_FOUND');
  });

  it('deletes a file with its rows, and the files not imported within a day at the next upload', async () => {
    const file = await expectStatus<DataFileView>(201, upload(user, 'id,name\n1,a\n', 'a.csv'));
    expect(filesOf(file.id)).toHaveLength(2);
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/dataFiles/${file.id}`, { as: user }));
    expect(filesOf(file.id)).toHaveLength(0);
    expect((await call(app, 'GET', `/Clients/${user.id}/dataFiles/${file.id}`, { as: user })).statusCode).toBe(404);

    const old = await expectStatus<DataFileView>(201, upload(user, 'id,name\n1,a\n', 'old.csv'));
    await sql`UPDATE data_files SET created_at = now() - interval '25 hours' WHERE id = ${old.id}`.execute(ctx.database.db);
    await expectStatus(201, upload(user, 'id,name\n2,b\n', 'new.csv'));
    expect(filesOf(old.id)).toHaveLength(0);
    expect((await call(app, 'GET', `/Clients/${user.id}/dataFiles/${old.id}`, { as: user })).statusCode).toBe(404);
  });
});

describe('a file past 50 MB', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  it('is refused while it is still streaming in, and nothing of it is kept', async () => {
    const boundary = 'catchment-test-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nid,name\r\n`);
    const total = DATA_FILE_MAX_BYTES + 20 * 1024 * 1024;
    const chunk = Buffer.from('123456,a customer of ours with a long enough name\r\n'.repeat(5_000));
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0;

    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1', port, method: 'POST', path: `/api/Clients/${user.id}/dataFiles`,
        headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + total },
      });
      let sent = 0;
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        let text = '';
        response.on('data', (data: Buffer) => { text += data.toString(); });
        response.on('end', () => { resolve({ status: response.statusCode!, body: text, sent }); request.destroy(); });
      });
      // The server may close the connection once it has answered: what we were still sending is lost, as intended.
      request.on('error', (error) => { if (!answered) reject(error); });
      request.write(head);
      const writeMore = () => {
        while (!answered && sent < total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
          sent += piece.length;
          if (!request.write(piece)) return void request.once('drain', writeMore);
        }
      };
      writeMore();
    });

    expect(status, body).toBe(413);
    expect(JSON.parse(body).error).toMatchObject({ code: 'DATA_FILE_TOO_LARGE', message: expect.stringContaining('50 MB') });
    // Answered before the client had sent the whole file: the limit is checked as the bytes come.
    expect(sent).toBeLessThan(total);
    expect(fs.readdirSync(uploadsDir()).length).toBe(before);
  });

  it('keeps nothing of an upload the user cancels halfway, and takes the next one', async () => {
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0;
    const boundary = 'catchment-cancel-boundary';
    const request = http.request({
      host: '127.0.0.1', port, method: 'POST', path: `/api/Clients/${user.id}/dataFiles`,
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 10 * 1024 * 1024 },
    });
    request.on('error', () => {});
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.csv"\r\n\r\nid,name\r\n`);
    request.write('1,a\r\n'.repeat(100_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.destroy();
    await vi.waitFor(() => expect(fs.readdirSync(uploadsDir()).length).toBe(before), { timeout: 5_000 });
    await expectStatus(201, upload(user, 'id,name\n1,a\n', 'next.csv'));
  });
});
