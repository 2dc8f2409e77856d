// What `npm start` and `npm run data` do first: build what is older than its sources, and say so.
// One build at a time in a checkout: a second start (the two browser-test lanes of `npm test`, or
// `npm start` beside a test run) that finds a build stale waits for the one under way, then finds
// it up to date instead of building the same files over it.
import path from 'node:path';
import { apiBuildIsStale, buildApi } from './api.mjs';
import { withFolderLock } from './folder-lock.mjs';
import { buildWeb, webBuildIsStale } from './web.mjs';
import { root } from './workspace.mjs';

const LOCK = path.join(root, 'node_modules', '.catchment-build.lock');

/** Runs `work` holding the checkout's build lock, waiting (and saying so once) while another process holds it. */
export function withBuildLock(say, work) {
  return withFolderLock(LOCK, () => say('Waiting for the build another process is making…'), work);
}

/** Builds the web app (when `web`) and the API if their sources changed; false if a build failed. */
export async function buildWhatChanged({ web, say }) {
  const steps = [
    web && { what: 'web app', isStale: webBuildIsStale, build: buildWeb },
    { what: 'API', isStale: apiBuildIsStale, build: buildApi },
  ].filter(Boolean);
  if (!steps.some(({ isStale }) => isStale())) return true;
  return withBuildLock(say, async () => {
    for (const { what, isStale, build } of steps) {
      // Asked again under the lock: the process that held it may have built it meanwhile.
      if (!isStale()) continue;
      say(`Building the ${what} (only when its sources changed)…`);
      const started = Date.now();
      try {
        await build();
      } catch (error) {
        say(`The ${what} did not build: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
      say(`${what[0].toUpperCase()}${what.slice(1)} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return true;
  });
}
