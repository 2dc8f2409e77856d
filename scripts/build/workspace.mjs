// The monorepo's layout, as the build scripts need it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders (relative to the root) of the workspace packages the API bundles in: packages/*. */
export const packageDirs = fs.readdirSync(path.join(root, 'packages'))
  .filter((name) => fs.existsSync(path.join(root, 'packages', name, 'package.json')))
  .map((name) => `packages/${name}`);

export function readManifest(dir) {
  return JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
}
