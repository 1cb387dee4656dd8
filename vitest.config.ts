import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'app/**/*.test.ts',
      'content/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // The JSON report feeds scripts/slowest-tests.ts (`.ci/run` prints the slowest files).
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // A worker a core (Vitest's default leaves one free): on this 2-core machine 6.5 min against 9.5 for
    // one worker, both passing. The test files mostly wait (on their database thread, mail, servers).
    maxWorkers: Math.max(2, availableParallelism()),
    // Migrates and seeds one database per run; each test file copies it (server/test/database-templates.ts).
    globalSetup: ['server/test/global-setup.ts'],
    // A clean-checkout CI run on this 2-core machine took 16 s for the longest test left at the default
    // (orders/admin.test.ts, an order moved through four states with four mails): headroom for a busier one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
