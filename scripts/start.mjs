#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed since the last build, then runs the
// API server, which serves the app at /app. Settings come from the environment or a .env file.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message) => console.log(`[catchment] ${message}`);

/** Newest modification time under a folder (or of a file). */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/domain/src']
  .map((p) => path.join(root, p));
const builtAt = fs.existsSync(webIndex) ? fs.statSync(webIndex).mtimeMs : 0;
if (builtAt === 0 || Math.max(...webSources.map(newestMtime)) > builtAt) {
  say('Building the web app (only when its sources changed)…');
  const started = Date.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[catchment] The web app did not build.');
    process.exit(build.status ?? 1);
  }
  say(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const nodeArgs = ['--import', 'tsx'];
if (fs.existsSync(path.join(root, '.env'))) nodeArgs.push(`--env-file=${path.join(root, '.env')}`);
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
