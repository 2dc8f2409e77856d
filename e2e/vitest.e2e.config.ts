import { defineConfig } from 'vitest/config';

/** Browser tests: one real server for the whole run (global setup), files one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    // A timeout catches a test that hangs, not one that is slow: the longest journeys (account,
    // own data) take about a minute beside the other suites on two cores, and a slower machine
    // once took over 120 s for the English account journey.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
