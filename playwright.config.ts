import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium.ts';

// Browser flows in Debian's Chromium (never a downloaded browser), on a phone-sized screen.
// One worker more than the machine has cores, each with its own app (support/test.ts): the
// suite waits on the browser and the app as much as it computes (two workers kept two cores
// 55–70 % busy, three 85 %: decision 049). No retries: a test that passes only on a retry is
// a flaky test to fix, not to hide.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? os.availableParallelism() + 1),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  outputDir: '.tmp/test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 360, height: 740 },
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    // The service worker answers from its caches; the specs that stub API answers with
    // page.route would not see those requests. pwa.spec.ts turns it back on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
});
