#!/usr/bin/env node
// Browser tests: builds the web app, starts the real server on a free port with a fresh data
// directory, and runs every e2e/*.e2e.ts file against it in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.e2e.ts'));
if (files.length === 0) {
  console.log('No browser tests yet.');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.e2e.config.ts'], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
