import { buildDemoContent, type DemoContent } from '../demo/build-demo-data.js';

let built: DemoContent | undefined;

/**
 * The demo's content for the tests that only read it, built once per test worker: the unit test
 * files share one process (vitest.config.ts), and a build takes seconds of CPU. Tests of the build
 * itself call buildDemoContent or buildDemoData.
 */
export function sharedDemoContent(): DemoContent {
  built ??= buildDemoContent(() => {});
  return built;
}
