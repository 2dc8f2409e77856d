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
    // The first test of a worker opens the shared database and loads the demo's territorial data
    // into it (tens of seconds on a busy machine), whether from a hook or from the test itself.
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
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'], testTimeout: 30_000, hookTimeout: 120_000 } },
      apiIntegration('api-pglite', 'pglite'),
      apiIntegration('api-postgres', 'postgres'),
    ],
  },
});
