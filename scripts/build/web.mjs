// The web app's build: Vite into apps/web/dist, then brotli and gzip copies of its text files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { precompress } from './precompress.mjs';
import { isStale } from './sources.mjs';
import { root } from './workspace.mjs';

const webDist = path.join(root, 'apps/web/dist');
const INPUTS = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'apps/web/package.json', 'packages/domain/src', 'scripts/build/precompress.mjs']
  .map((p) => path.join(root, p));

export const webBuildIsStale = () => isStale(path.join(webDist, 'index.html'), INPUTS);

/** Throws when Vite failed (it has said why on the console). */
export async function buildWeb() {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Vite failed');
  await precompress(webDist);
}
