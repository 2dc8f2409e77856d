/**
 * Our import of one extract, measured the way users run it: `npm run data -- import osm` runs an
 * esbuild bundle with plain Node (scripts/build/api.mjs), not the TypeScript sources through tsx,
 * whose loader alone holds some 35 MB more. So this bundles import-measured.ts with the production build's
 * settings (workspace packages bundled in, npm packages left to node_modules), runs the bundle in a
 * child process and prints what it printed: the summary, its peak memory and its peak before importing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: import-once.ts <extract.osm.pbf> <output.graph>');

// Inside the routing package's node_modules, so the bundle finds the npm packages (and versions) its sources find.
const bundle = fileURLToPath(new URL('../../packages/routing/node_modules/.cache/bench-routing/import-measured.mjs', import.meta.url));
await esbuild.build({
  entryPoints: [fileURLToPath(new URL('./import-measured.ts', import.meta.url))],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  keepNames: true,
  logLevel: 'warning',
  plugins: [{
    name: 'npm-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@catchment/') ? undefined : { path: args.path, external: true }));
    },
  }],
});
const { stdout } = await promisify(execFile)(process.execPath, [bundle, input, output], { maxBuffer: 1 << 20 });
process.stdout.write(stdout);
