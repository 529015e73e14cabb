import { test as base, expect } from '@playwright/test';
import { startApp, type RunningApp } from './harness.ts';

// Every spec talks to its worker's own app (decision 049): each Playwright worker starts one,
// so specs running side by side never share a mailbox, an outbox or a rate limit.
export const test = base.extend<object, { workerApp: RunningApp }>({
  workerApp: [
    async ({}, use) => {
      const app = await startApp();
      await use(app);
      await app.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ workerApp }, use) => {
    await use(workerApp.baseURL);
  },
});

export { expect };
