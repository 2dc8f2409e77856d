/**
 * Reads data files shipped by npm packages (the demo dataset's only sources). Files are located
 * through Node's resolution, so they are found wherever npm hoisted the package.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Parses a JSON file of a package, e.g. `world-atlas/countries-50m.json`. */
export function readPackageJson<T>(specifier: string): T {
  return JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')) as T;
}

/**
 * Loads a CommonJS data module (one that builds its data when required) and forgets it at once, so
 * the server does not keep the raw data in the module cache once the demo build has used it.
 */
export function loadPackageModule<T>(specifier: string): T {
  const resolved = require.resolve(specifier);
  try {
    return require(resolved) as T;
  } finally {
    delete require.cache[resolved];
  }
}

/** The installed version of a package, part of the demo data's freshness stamp. */
export function packageVersion(name: string): string {
  return readPackageJson<{ version: string }>(`${name}/package.json`).version;
}
