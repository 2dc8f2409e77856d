#!/usr/bin/env node
// `npm test`: type check, lint, unit and API integration tests (PGlite and PostgreSQL), then browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '.']],
  ['Unit and API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']],
  ['Browser tests (Chromium)', 'node', ['e2e/run.mjs']],
];

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
