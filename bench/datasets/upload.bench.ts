/**
 * `npm run bench:upload`: the upload and import of own data as a user makes them, against the real
 * server (apps/api/src/main.ts in a child process, embedded database): a CSV of 5 MB, then one of
 * 50 MB (the size limit), each uploaded (POST /Clients/{id}/dataFiles, streamed), then imported by
 * its coordinate columns (POST …/import, a job of the queue). Printed: the time of each step, rows
 * per second, and the server's resident memory: idle before the upload, and its peak while the
 * file is uploaded and imported (sampled every 20 ms), each file in a fresh server.
 *
 * On the embedded database (PGlite keeps its pages in the API process) and on PostgreSQL (the
 * rows live in the database server; BENCH_PG_URL, default postgres@127.0.0.1:5432).
 *
 * Streaming is the point: the memory the server holds must not grow with the file. The baseline,
 * in this process: reading the same 50 MB file whole and parsing it at once (papaparse on the
 * string), what a non-streaming reader holds.
 *
 * The files: the 742 real London cycle hire stations (test-data/customers) repeated, each copy
 * moved by a seeded jitter of ±0.05° and given a notes column, 100,000 rows for 50 MB (the
 * ADVANCED plan's pins). Options: --data-dir (default var/bench-upload), --keep.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { argument } from '../arguments.js';
import { scratchPostgres, startServer, type RunningServer } from '../load/server-process.js';
import { mb, ms, seededRandom, table } from '../stats.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = path.resolve(ROOT, argument('--data-dir') ?? 'var/bench-upload');
const log = (line: string) => console.log(line);
const STATIONS = path.join(ROOT, 'test-data/customers/london-cycle-hire-stations.csv');
const MB = 1024 * 1024;

interface Run { database: string; label: string; bytes: number; rows: number; uploadMs: number; importMs: number; peakKb: number; idleKb: number }

/** A CSV of about `targetBytes` made of the real stations, jittered, with `rows` rows. */
function writeCsv(file: string, rows: number, targetBytes: number): number {
  const stations = Papa.parse<Record<string, string>>(fs.readFileSync(STATIONS, 'utf8').trim(), { header: true }).data;
  const random = seededRandom(42);
  const base = `id,name,area,nbikes,nempty,lon,lat,notes\n`;
  const rowBytes = Math.ceil((targetBytes - base.length) / rows);
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, base);
  let written = base.length;
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const station = stations[i % stations.length]!;
    const lon = (Number(station.lon) + (random() - 0.5) * 0.1).toFixed(6);
    const lat = (Number(station.lat) + (random() - 0.5) * 0.1).toFixed(6);
    const line = `${i + 1},"${station.name}",${station.area},${station.nbikes},${station.nempty},${lon},${lat},`;
    chunk += `${line}${'x'.repeat(Math.max(1, rowBytes - line.length - 1))}\n`;
    if (chunk.length > MB) { fs.writeSync(out, chunk); written += chunk.length; chunk = ''; }
  }
  fs.writeSync(out, chunk);
  written += chunk.length;
  fs.closeSync(out);
  return written;
}

/** Resident memory of a process now, in kB (Linux /proc). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
}

/** The highest resident memory of a process while `work` runs, sampled every 20 ms. */
async function peakWhile<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakKb: number }> {
  let peakKb = rssOf(pid);
  const sampler = setInterval(() => { peakKb = Math.max(peakKb, rssOf(pid)); }, 20);
  try {
    const result = await work();
    return { result, peakKb: Math.max(peakKb, rssOf(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function signUp(server: RunningServer): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${server.origin}/api/Clients`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple', firstName: 'Bench', lastName: 'Upload', acceptTerms: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { id: ((await response.json()) as { id: number }).id, cookie };
}

async function measure(database: Database, label: string, file: string, bytes: number, rows: number): Promise<Run> {
  const server = await startServer({ dataDir, databaseUrl: database.url, log: () => {}, env: { DEFAULT_PLAN: 'advanced_2024' } });
  try {
    const user = await signUp(server);
    // Settle after start-up: the figure read before the upload is the idle server's.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleKb = rssOf(server.pid);
    const { result, peakKb } = await peakWhile(server.pid, () => uploadAndImport(server, user, label, file, rows));
    const run = { database: database.name, label, bytes, rows, ...result, peakKb, idleKb };
    log(`${database.name}, ${label}: upload ${ms(run.uploadMs)} ms, import ${ms(run.importMs)} ms, peak ${mb(peakKb)} (idle ${mb(idleKb)})`);
    return run;
  } finally {
    await server.stop();
  }
}

async function uploadAndImport(server: RunningServer, user: { id: number; cookie: string }, label: string, file: string, rows: number) {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  let started = performance.now();
  const uploaded = await fetch(`${server.origin}/api/Clients/${user.id}/dataFiles`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const uploadMs = performance.now() - started;
  const { id: fileId, rowCount } = await uploaded.json() as { id: string; rowCount: number };
  if (rowCount !== rows) throw new Error(`the server read ${rowCount} rows, not ${rows}`);

  started = performance.now();
  const imported = await fetch(`${server.origin}/api/Clients/${user.id}/dataFiles/${fileId}/import`, {
    method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: label, latitudeColumn: 'lat', longitudeColumn: 'lon', operationColumn: 'nbikes' }),
  });
  if (imported.status !== 201 && imported.status !== 202) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  let dataset = await imported.json() as { id: number; status: string; pointCount: number };
  while (dataset.status === 'importing') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    dataset = await (await fetch(`${server.origin}/api/Clients/${user.id}/datasets/${dataset.id}`, { headers: { cookie: user.cookie } })).json() as typeof dataset;
  }
  const importMs = performance.now() - started;
  if (dataset.status !== 'ready' || dataset.pointCount !== rows) throw new Error(`import ended ${dataset.status} with ${dataset.pointCount} points`);
  return { uploadMs, importMs };
}

/** The baseline: the whole file read into memory and parsed at once; the memory it adds to this process. */
function wholeFileParse(file: string): { ms: number; addedKb: number } {
  const before = rssOf(process.pid);
  const started = performance.now();
  const text = fs.readFileSync(file, 'utf8');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const elapsed = performance.now() - started;
  const after = rssOf(process.pid);
  if (parsed.data.length < 2) throw new Error('nothing parsed');
  return { ms: elapsed, addedKb: after - before };
}

fs.mkdirSync(dataDir, { recursive: true });
const files = [
  { label: '5 MB CSV', rows: 10_000, bytes: 5 * MB },
  { label: '50 MB CSV', rows: 100_000, bytes: 50 * MB - 64 * 1024 },
].map((spec) => {
  const file = path.join(dataDir, `${spec.rows}-rows.csv`);
  return { ...spec, file, bytes: writeCsv(file, spec.rows, spec.bytes) };
});

interface Database { name: string; url: string | undefined }
const databases: Database[] = [{ name: 'PGlite', url: undefined }];
// On PostgreSQL the rows live in the database server, not in the API process: what the API process
// holds there is the upload's and the import's own memory.
const scratch = await scratchPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'catchment_bench_upload');
if (typeof scratch === 'string') log(`PostgreSQL run skipped: ${scratch}`);
else databases.push({ name: 'PostgreSQL', url: scratch.url });

log('Starting a server for each database and file (the first start builds the demo data)…');
const runs: Run[] = [];
try {
  for (const database of databases) for (const spec of files) runs.push(await measure(database, spec.label, spec.file, spec.bytes, spec.rows));
} finally {
  if (typeof scratch !== 'string') await scratch.drop();
}
const baseline = wholeFileParse(files[1]!.file);

log('');
log(table([
  ['database', 'file', 'size', 'rows', 'upload', 'import', 'rows/s (import)', 'server peak RSS', 'above idle'],
  ...runs.map((run) => [
    run.database, run.label, `${(run.bytes / MB).toFixed(1)} MB`, String(run.rows), `${ms(run.uploadMs)} ms`, `${ms(run.importMs)} ms`,
    String(Math.round(run.rows / (run.importMs / 1000))), mb(run.peakKb), mb(run.peakKb - run.idleKb),
  ]),
]));
log('');
// The idle figure moves by ±100 MB from one start to the next (the collector returning start-up
// garbage or not): the peaks are compared, not their distance to it.
for (const database of databases) {
  const [small, large] = runs.filter((run) => run.database === database.name) as [Run, Run];
  log(`${database.name}: the server's peak with the 50 MB file ÷ with the 5 MB file: ${(large.peakKb / small.peakKb).toFixed(2)}× for 10× the bytes`);
}
log(`Baseline, the 50 MB file read whole and parsed at once (this process): +${mb(baseline.addedKb)} in ${ms(baseline.ms)} ms`);
if (!process.argv.includes('--keep')) for (const spec of files) fs.rmSync(spec.file, { force: true });
