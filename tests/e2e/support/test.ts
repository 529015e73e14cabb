import { test as base, expect } from '@playwright/test';

// Every spec talks to the app the global setup started.
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run the suite through playwright.config.ts.');
    await use(url);
  },
});

export { expect };
