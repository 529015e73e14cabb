import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium.ts';

// Browser flows in Debian's Chromium (never a downloaded browser), on a phone-sized screen.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
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
