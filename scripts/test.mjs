#!/usr/bin/env node
// `npm test`: type check and lint, then four suites side by side: the unit tests, the API
// integration tests on PGlite, the same on PostgreSQL, and the browser tests (with E2E_LANES=2, in
// two lanes: the files e2e/lanes.mjs splits between them by the time they take). They share no
// state (each API suite has a database of its own, each browser run starts its own server on a free
// port with a fresh data directory and its own copy of the web build), and each leaves the cores
// idle much of the time it runs (waiting on PostgreSQL, child processes, the browser). Run as one
// Vitest command, the three Vitest projects would take turns: on a machine of two cores Vitest
// gives a run a single worker.
// The unit tests print as they run; the others' output is kept in files and printed whole, each
// once it ends (or as it goes, once those before it are printed).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const sequential = [
  ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '.']],
];
const suites = [
  ['Unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api-pglite']],
  ['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api-postgres']],
  // On two cores one lane of browser tests is as fast as two and keeps the load the API suites'
  // time limits are set for (two lanes there ran the password hashing past its deadline); with more
  // cores, E2E_LANES=2 runs e2e/lanes.mjs's two lanes side by side, each against a server of its own.
  ...(process.env.E2E_LANES === '2'
    ? [['Browser tests, lane 1 (Chromium)', 'node', ['e2e/run.mjs', '1']], ['Browser tests, lane 2 (Chromium)', 'node', ['e2e/run.mjs', '2']]]
    : [['Browser tests (Chromium)', 'node', ['e2e/run.mjs']]]),
];

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

for (const [title, command, args] of sequential) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds(started)})`);
}

/** Runs a suite; resolves with its exit code and when it ended. `output` null: the terminal, else a file descriptor. */
function run([, command, args], output, started) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: output === null ? 'inherit' : ['ignore', output, output], env: process.env });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), at: seconds(started) }));
    child.on('error', () => resolve({ code: 1, at: seconds(started) }));
  });
}

/** Copies to the terminal what a suite's log file holds past `printed` bytes; returns the new size. */
function printNew(fd, printed) {
  const size = fs.fstatSync(fd).size;
  if (size <= printed) return printed;
  const chunk = Buffer.alloc(size - printed);
  fs.readSync(fd, chunk, 0, chunk.length, printed);
  process.stdout.write(chunk);
  return size;
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catchment-test-'));
const started = Date.now();
const [live, ...buffered] = suites;
console.log(`\n▶ ${suites.map(([title]) => title).join(', ')}, side by side (the output of all but the first: ${logDir}, printed as each ends)`);
const logs = buffered.map(([title]) => fs.openSync(path.join(logDir, `${title.replace(/\W+/g, '-').toLowerCase()}.log`), 'w+'));
const runs = [run(live, null, started), ...buffered.map((suite, index) => run(suite, logs[index], started))];

const codes = [];
const report = (title, { code, at }) => {
  console.log(code === 0 ? `✔ ${title} (${at})` : `✖ ${title} failed (${at})`);
  codes.push(code);
};
report(live[0], await runs[0]);
for (const [index, suite] of buffered.entries()) {
  console.log(`\n▶ ${suite[0]}`);
  let printed = printNew(logs[index], 0);
  const follow = setInterval(() => { printed = printNew(logs[index], printed); }, 1000);
  const ended = await runs[index + 1];
  clearInterval(follow);
  printNew(logs[index], printed);
  fs.closeSync(logs[index]);
  report(suite[0], ended);
}

console.log(`\n${codes.every((code) => code === 0) ? '✔ All tests passed' : '✖ Some tests failed'} (${seconds(started)} after the lint)`);
process.exit(codes.find((code) => code !== 0) ?? 0);
