// The API's production build: esbuild bundles of the server, the data command line and each worker
// thread into apps/api/dist, ESM for Node 20, run without the tsx loader.
//
// - The workspace packages (@catchment/*) are bundled in: their package.json "exports" point at
//   TypeScript sources, which plain Node cannot run.
// - npm packages stay external, imported from node_modules at run time: native and WebAssembly
//   modules (PGlite, argon2) and packages that start threads from their own files (piscina) would
//   break if bundled, and keeping them all out keeps the build fast and the bundle small.
// - Every bundle lands in one flat folder: code that finds a file beside its own module (a worker's
//   entry, the migrations) finds it beside the bundle (packages/files/src/worker-url.ts).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { linkNestedDependencies } from './nested-dependencies.mjs';
import { isStale } from './sources.mjs';
import { packageDirs, readManifest, root } from './workspace.mjs';

export const apiDist = path.join(root, 'apps/api/dist');
const stamp = path.join(apiDist, 'build.json');
const workspaceDirs = ['apps/api', ...packageDirs];

/** Output name (`<name>.js` in dist) → source. */
const ENTRIES = {
  main: 'apps/api/src/main.ts',
  data: 'apps/api/src/cli/data.ts',
};

/**
 * Worker threads. From sources each is started through its tsx shim `<name>.mjs` beside the code
 * that starts it (workerUrl() picks shim or bundle), so the bundle takes the shim's name.
 */
const WORKERS = {
  'compute-worker': { source: 'apps/api/src/compute/compute-tasks.ts', shim: 'apps/api/src/compute/compute-worker.mjs' },
  'compute-lane-worker': { source: 'apps/api/src/compute/compute-lane-thread.ts', shim: 'apps/api/src/compute/compute-lane-worker.mjs' },
  'isochrone-worker': { source: 'packages/routing/src/engine/isochrone-worker.ts', shim: 'packages/routing/src/engine/isochrone-worker.mjs' },
  'pglite-thread': { source: 'apps/api/src/db/pglite-thread.ts', shim: 'apps/api/src/db/pglite-thread.mjs' },
  'basemap-worker': { source: 'apps/api/src/basemap/basemap-worker.ts', shim: 'apps/api/src/basemap/basemap-worker.mjs' },
};

/** Folders copied next to the bundles: files the code reads beside its own module. */
const ASSETS = { migrations: 'apps/api/src/db/migrations' };

/** What the build reads: a change to any of them makes the next `npm start` rebuild. */
const INPUTS = [
  ...workspaceDirs.flatMap((dir) => [`${dir}/src`, `${dir}/package.json`]),
  'package-lock.json', 'tsconfig.base.json', 'scripts/build',
].map((p) => path.join(root, p));

export const apiBuildIsStale = () => isStale(stamp, INPUTS);

/** npm dependencies of the API and of the packages it bundles: external. */
function externalPackages() {
  const names = workspaceDirs.flatMap((dir) => Object.keys(readManifest(dir).dependencies ?? {}));
  return [...new Set(names)].filter((name) => !name.startsWith('@catchment/'));
}

function checkWorkerShims() {
  for (const [name, { shim }] of Object.entries(WORKERS)) {
    if (path.basename(shim) !== `${name}.mjs` || !fs.existsSync(path.join(root, shim))) {
      throw new Error(`Worker ${name}: its tsx shim ${shim} must exist and be named ${name}.mjs (packages/files/src/worker-url.ts)`);
    }
  }
}

/** An npm package bundled in by mistake: imported by our code but declared in no package.json. */
function checkNothingFromNodeModules(metafile) {
  const strays = Object.keys(metafile.inputs).filter((input) => input.includes('node_modules/'));
  if (strays.length > 0) {
    throw new Error(`npm modules were bundled in; add their package to the "dependencies" of the package importing them:\n  ${strays.join('\n  ')}`);
  }
}

/** Writes a file by renaming a complete copy over it: a server running from dist never loads half a file. */
function replaceFile(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

export async function buildApi() {
  checkWorkerShims();
  const entryPoints = { ...ENTRIES, ...Object.fromEntries(Object.entries(WORKERS).map(([name, { source }]) => [name, source])) };
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: apiDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages(),
    // Not minified, names kept: stack traces and error names read as in the sources.
    keepNames: true,
    // Stack traces point at the TypeScript (node --enable-source-maps) without copying it into the maps.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  checkNothingFromNodeModules(result.metafile);

  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const file of result.outputFiles) replaceFile(file.path, file.contents);
  for (const [name, source] of Object.entries(ASSETS)) {
    fs.rmSync(path.join(apiDist, name), { recursive: true, force: true });
    fs.cpSync(path.join(root, source), path.join(apiDist, name), { recursive: true });
    written.add(path.join(apiDist, name));
  }
  const linked = linkNestedDependencies(workspaceDirs, apiDist);
  written.add(path.join(apiDist, 'node_modules'));
  // Bundles of entries since removed would otherwise linger (a build running at the same time
  // still writes its temporary files: those are left to it).
  for (const entry of fs.readdirSync(apiDist)) {
    const file = path.join(apiDist, entry);
    if (!written.has(file) && file !== stamp && !entry.endsWith('.tmp')) fs.rmSync(file, { recursive: true, force: true });
  }
  // Last: the stamp says the build is complete.
  replaceFile(stamp, `${JSON.stringify({ builtAt: new Date().toISOString(), entries: Object.keys(entryPoints), linkedDependencies: linked }, null, 2)}\n`);
  return { entries: Object.keys(entryPoints), linked };
}
