// npm may keep a dependency of a workspace package in that package's own node_modules (today
// stream-json in packages/geodata/node_modules) rather than in the root's. The API bundle, in
// apps/api/dist, resolves its external imports from its own folder upwards, where such a package is
// out of reach or another version. Each one is linked into apps/api/dist/node_modules, the first
// folder Node looks in, so that the bundle loads exactly what the sources load.
import fs from 'node:fs';
import path from 'node:path';
import { readManifest, root } from './workspace.mjs';

/** Folder of package `name` as Node finds it from `fromDir`: in the first node_modules up the tree that has it. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/**
 * The npm dependencies of `workspaceDirs` that the bundle in `distDir` would not find as their
 * package does: name → the folder their package finds. Two packages needing different versions of
 * one dependency that neither can share cannot go in one bundle: that is an error.
 */
export function nestedDependencies(workspaceDirs, distDir) {
  const links = new Map();
  for (const dir of workspaceDirs) {
    for (const name of Object.keys(readManifest(dir).dependencies ?? {})) {
      if (name.startsWith('@catchment/')) continue;
      const wanted = packageDir(name, path.join(root, dir));
      if (!wanted) throw new Error(`${name}, a dependency of ${dir}, is not installed: run npm install`);
      // Where the bundle finds it without our links: from the folder above dist.
      const found = packageDir(name, path.dirname(distDir));
      if (found === wanted || (found && versionOf(found) === versionOf(wanted))) continue;
      const linked = links.get(name);
      if (linked && linked !== wanted && versionOf(linked) !== versionOf(wanted)) {
        throw new Error(`Two workspace packages need different versions of ${name} (${linked}, ${wanted}): the API bundle can hold one`);
      }
      links.set(name, wanted);
    }
  }
  return links;
}

/** (Re)creates `distDir/node_modules` with one relative link per nested dependency. */
export function linkNestedDependencies(workspaceDirs, distDir) {
  const links = nestedDependencies(workspaceDirs, distDir);
  const modulesDir = path.join(distDir, 'node_modules');
  fs.rmSync(modulesDir, { recursive: true, force: true });
  for (const [name, target] of links) {
    const link = path.join(modulesDir, name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    try {
      // 'junction' matters on Windows only (no privilege needed); elsewhere it is ignored.
      fs.symlinkSync(path.relative(path.dirname(link), target), link, 'junction');
    } catch (error) {
      // A build running at the same time made the same link.
      if (error.code !== 'EEXIST') throw error;
    }
  }
  return [...links.keys()];
}
