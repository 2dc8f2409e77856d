/**
 * Where a worker thread's entry module is, for `new Worker()` or piscina, whether the code runs
 * from its TypeScript sources or from the compiled bundle.
 *
 * From sources (tests, `npm run dev:api`, the benches) the module starting the worker is a `.ts`
 * file run by tsx or vitest, but a worker thread starts without that loader: its entry is a small
 * `<name>.mjs` beside the caller that registers tsx, then imports the TypeScript.
 *
 * From the bundle (`npm start`) the caller is inlined in `apps/api/dist/main.js` (or another
 * bundle of that folder), so `callerUrl` is that file's, and each worker is a bundle of its own,
 * `<name>.js`, in the same folder, which needs no loader (scripts/build-api.mjs names them).
 */
export function workerUrl(callerUrl: string, name: string): URL {
  const fromSources = /\.[cm]?tsx?$/.test(new URL(callerUrl).pathname);
  return new URL(`./${name}${fromSources ? '.mjs' : '.js'}`, callerUrl);
}
