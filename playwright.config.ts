import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The JSON report feeds scripts/slowest-tests.ts (`.ci/run` prints the slowest files).
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  workers: 2,
  retries: 0,
  // A spec that starts its own server seeds a fresh database first: on a busy 2-core machine that alone can take 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Debian's chromium, never a downloaded browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
