#!/usr/bin/env node
// `npm test`: type check and lint, then the unit and API integration tests (PGlite and PostgreSQL)
// and the browser tests side by side. The two suites share no state (the browser tests start their
// own server on a free port with a fresh data directory), and each leaves a core idle most of the
// time it runs (waiting on PostgreSQL, child processes, the browser), so together they take little
// more than the longer of the two. The unit and API tests print as they run; the browser tests'
// output is kept in a file and printed whole once they end (or as they go, once the others are done).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const sequential = [
  ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '.']],
];
const unitAndApi = ['Unit and API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']];
const browser = ['Browser tests (Chromium)', 'node', ['e2e/run.mjs']];

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

/** Runs a step; resolves with its exit code. `output` null: inherit the terminal, else a file descriptor. */
function run([, command, args], output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: output === null ? 'inherit' : ['ignore', output, output], env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'catchment-test-')), 'browser-tests.log');
const logFd = fs.openSync(logFile, 'w+');
console.log(`\n▶ ${unitAndApi[0]}, and ${browser[0]} beside them (their output: ${logFile}, printed when they end)`);
const started = Date.now();
const browserDone = run(browser, logFd).then((code) => ({ code, at: seconds(started) }));
const unitCode = await run(unitAndApi, null);
console.log(unitCode === 0 ? `✔ ${unitAndApi[0]} (${seconds(started)})` : `✖ ${unitAndApi[0]} failed`);

// Then the browser tests' output: what is written so far, and the rest as it comes.
console.log(`\n▶ ${browser[0]}`);
let printed = 0;
const printNew = () => {
  const size = fs.fstatSync(logFd).size;
  if (size <= printed) return;
  const chunk = Buffer.alloc(size - printed);
  fs.readSync(logFd, chunk, 0, chunk.length, printed);
  process.stdout.write(chunk);
  printed = size;
};
const follow = setInterval(printNew, 1000);
const { code: browserCode, at } = await browserDone;
clearInterval(follow);
printNew();
fs.closeSync(logFd);
console.log(browserCode === 0 ? `✔ ${browser[0]} (${at})` : `✖ ${browser[0]} failed`);

process.exit(unitCode !== 0 ? unitCode : browserCode);
