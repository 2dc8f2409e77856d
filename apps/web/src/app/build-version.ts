/**
 * Whether a newer build of the app is served than the one running (SPEC §7: a version file read
 * every 60 seconds). The build names itself at compile time and in dist/version.json
 * (vite.config.ts); outside a build (tests, `vite` in development) there is nothing to compare.
 */
export const runningBuild = (): string | undefined => (typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : undefined);

/** A served build differs from the running one: a deploy happened since this page loaded. */
export function newerBuildServed(running: string | undefined, served: unknown): boolean {
  if (!running || typeof served !== 'object' || served === null) return false;
  const build = (served as { build?: unknown }).build;
  return typeof build === 'string' && build !== '' && build !== running;
}
