// What `npm start` and `npm run data` do first: build what is older than its sources, and say so.
import { apiBuildIsStale, buildApi } from './api.mjs';
import { buildWeb, webBuildIsStale } from './web.mjs';

/** Builds the web app (when `web`) and the API if their sources changed; false if a build failed. */
export async function buildWhatChanged({ web, say }) {
  const steps = [
    web && { what: 'web app', isStale: webBuildIsStale, build: buildWeb },
    { what: 'API', isStale: apiBuildIsStale, build: buildApi },
  ].filter(Boolean);
  for (const { what, isStale, build } of steps) {
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
}
