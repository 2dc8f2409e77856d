import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit tests beside the code, and the API integration suite run twice,
 * once on the embedded PGlite and once on a real PostgreSQL + PostGIS server.
 */
const apiIntegration = (name: string, database: string) => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    env: { TEST_DATABASE: database },
    ...(database === 'pglite' ? { globalSetup: ['apps/api/test/demo-database.setup.ts'] } : {}),
    // The first test of a worker opens the shared database, whether from a hook or from the test
    // itself: on PostgreSQL it loads the demo's territorial data into it (tens of seconds on a busy
    // machine); on PGlite it copies the demo database, made before the first file (the global setup).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // One database per worker, shared by the files it runs; tests isolate themselves by creating their own users.
    pool: 'forks' as const,
    fileParallelism: false,
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      // Some unit files build the demo's content once in a hook (seconds alone, far more beside the other suites on two cores).
      // isolate: false runs the files one after another in the same worker process, sharing the modules
      // they import (Vitest still restores mocks and its config after each file), instead of a new
      // process that imports everything again for each of the ~290 files (the web app's 94 files: 9 s
      // of CPU instead of 67 s). A file must therefore leave behind no global state it changed.
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'], testTimeout: 30_000, hookTimeout: 120_000, isolate: false } },
      apiIntegration('api-pglite', 'pglite'),
      apiIntegration('api-postgres', 'postgres'),
    ],
  },
});
