#!/usr/bin/env node
// `npm test`: type check and lint, then the suites side by side: the unit tests, the API
// integration tests on PGlite, the same on PostgreSQL, and the browser tests in two lanes (the
// files e2e/lanes.mjs splits between them by the time they take; E2E_LANES=1: one lane). They share no
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
  // The browser tests mostly wait (on the server, the browser's rendering): in one lane they took 27
  // of npm test's 28 minutes on two cores with about a quarter of a core. Two lanes, each against a
  // server of its own, brought npm test to 18–25 minutes (by machine; about 45 on one 2.5 times slower).
  ...(process.env.E2E_LANES === '1'
    ? [['Browser tests (Chromium)', 'node', ['e2e/run.mjs']]]
    : [['Browser tests, lane 1 (Chromium)', 'node', ['e2e/run.mjs', '1']], ['Browser tests, lane 2 (Chromium)', 'node', ['e2e/run.mjs', '2']]]),
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

/**
 * Runs a suite; resolves with its exit code and when it ended. Its output goes to the file
 * descriptor `output`, and with `live` to the terminal as well.
 */
function run([, command, args], output, started, live = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? ['ignore', 'pipe', 'pipe'] : ['ignore', output, output], env: process.env });
    if (live) {
      for (const stream of [child.stdout, child.stderr]) {
        stream.on('data', (chunk) => { process.stdout.write(chunk); fs.writeSync(output, chunk); });
      }
    }
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
const logPath = ([title]) => path.join(logDir, `${title.replace(/\W+/g, '-').toLowerCase()}.log`);
const liveLog = fs.openSync(logPath(live), 'w+');
const logs = buffered.map((suite) => fs.openSync(logPath(suite), 'w+'));
const runs = [run(live, liveLog, started, true), ...buffered.map((suite, index) => run(suite, logs[index], started))];

const codes = [];
const failed = [];
const report = (suite, { code, at }) => {
  console.log(code === 0 ? `✔ ${suite[0]} (${at})` : `✖ ${suite[0]} failed (${at})`);
  codes.push(code);
  if (code !== 0) failed.push(suite);
};
report(live, await runs[0]);
fs.closeSync(liveLog);
for (const [index, suite] of buffered.entries()) {
  console.log(`\n▶ ${suite[0]}`);
  let printed = printNew(logs[index], 0);
  const follow = setInterval(() => { printed = printNew(logs[index], printed); }, 1000);
  const ended = await runs[index + 1];
  clearInterval(follow);
  printNew(logs[index], printed);
  fs.closeSync(logs[index]);
  report(suite, ended);
}

// The suites print one after the other, so a failure early in a long run scrolls far away: the
// end of the output says again which suites failed and which of their tests.
for (const suite of failed) {
  // eslint-disable-next-line no-control-regex -- the colour codes of the suites' output
  const lines = fs.readFileSync(logPath(suite), 'utf8').replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  // node-postgres names its errors "error", so a failure of the database reads "error: …".
  const failures = lines.filter((line) => /^\s*(FAIL|×|✗)\s|Error:|^\s*error:|Test timed out|Unhandled/.test(line));
  console.log(`\n✖ ${suite[0]}: ${failures.length ? 'what failed' : 'the end of its output'}`);
  console.log((failures.length ? failures.slice(0, 60) : lines.slice(-40)).join('\n'));
}

console.log(`\n${codes.every((code) => code === 0) ? '✔ All tests passed' : '✖ Some tests failed'} (${seconds(started)} after the lint)`);
process.exit(codes.find((code) => code !== 0) ?? 0);
