#!/usr/bin/env node
// Browser tests: runs e2e/*.e2e.ts in Debian's Chromium against the real server, which the global
// setup starts on a free port with a fresh data directory (building the web app first when its
// sources changed).
//
//   node e2e/run.mjs            every browser test, against one server
//   node e2e/run.mjs 1          lane 1 only (`E2E_LANES=2 npm test` runs lanes 1 and 2 side by side, each
//   node e2e/run.mjs 2          lane 2 only  against a server of its own; e2e/lanes.mjs says which)
//
// Further arguments go to Vitest (e.g. --reporter=json --outputFile=e2e-times.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANE_1 } from './lanes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.e2e.ts')).sort();
const missing = Object.keys(LANE_1).filter((file) => !files.includes(file));
if (missing.length > 0) {
  console.error(`e2e/lanes.mjs names browser tests that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

const [first, ...rest] = process.argv.slice(2);
const lane = first === '1' || first === '2' ? first : undefined;
const vitestArgs = lane ? rest : process.argv.slice(2);
const selected = lane === '1' ? files.filter((file) => file in LANE_1)
  : lane === '2' ? files.filter((file) => !(file in LANE_1))
    : files;
if (selected.length === 0) {
  console.log('No browser tests yet.');
  process.exit(0);
}
// Each file by its path from the root ('e2e/plans.e2e.ts' is no part of 'e2e/subscription-plans.e2e.ts').
const filters = lane ? selected.map((file) => `e2e/${file}`) : [];
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.e2e.config.ts', ...filters, ...vitestArgs], {
  stdio: 'inherit', cwd: root, env: lane ? { ...process.env, E2E_LANE: lane } : process.env,
});
process.exit(result.status ?? 1);
