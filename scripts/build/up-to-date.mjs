// What `npm start` and `npm run data` do first: build what is older than its sources, and say so.
// One build at a time in a checkout: a second start (the two browser-test lanes of `npm test`, or
// `npm start` beside a test run) that finds a build stale waits for the one under way, then finds
// it up to date instead of building the same files over it.
import fs from 'node:fs';
import path from 'node:path';
import { apiBuildIsStale, buildApi } from './api.mjs';
import { buildWeb, webBuildIsStale } from './web.mjs';
import { root } from './workspace.mjs';

const LOCK = path.join(root, 'node_modules', '.catchment-build.lock');

/** Whether the process that holds the lock is gone (killed mid-build): its lock is then left behind. */
function lockIsAbandoned() {
  try {
    const pid = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if (error?.code === 'EPERM') return false;
    if (error?.code === 'ENOENT') {
      // Between the lock's creation and its pid: abandoned only if it stayed so for a minute.
      try { return Date.now() - fs.statSync(LOCK).mtimeMs > 60_000; } catch { return false; }
    }
    return true;
  }
}

/** Runs `work` holding the checkout's build lock, waiting (and saying so once) while another process holds it. */
export async function withBuildLock(say, work) {
  for (let said = false; ;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      if (lockIsAbandoned()) {
        fs.rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (!said) say('Waiting for the build another process is making…');
      said = true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
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
