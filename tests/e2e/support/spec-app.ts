import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startApp, type RunningApp } from './harness.ts';
import { createAccount, type Account, type StorageState } from './sessions.ts';
import { test } from './test.ts';

// The set-up of a spec that has its own app (an admin by ADMIN_EMAILS, members made through
// the API) and whose tests run in order on it: written once here, not in each spec.

export interface SpecApp {
  /** The spec's app, from its first test on. */
  readonly app: RunningApp;
  /** `who`'s session (one of the accounts given to useSpecApp). */
  state: (who: Account) => StorageState;
  /**
   * A new browser context at `path`, signed in as `who` (one of the accounts, or a session of
   * its own) or as no one (a visitor). `prepare` runs on the context first (requests to stub
   * or to abort).
   */
  open: (
    browser: Browser,
    who: Account | StorageState | null,
    path: string,
    prepare?: (context: BrowserContext) => Promise<unknown>,
  ) => Promise<Page>;
}

/**
 * Starts the spec's app before its first test, with `admin` an admin and sign-ins not
 * limited, and makes `admin` and `others` confirmed members; disposes of it after the last.
 */
export function useSpecApp(
  admin: Account,
  others: Account[],
  { timeout = 120_000 }: { timeout?: number } = {},
): SpecApp {
  let app: RunningApp | undefined;
  const states = new Map<string, StorageState>();

  test.beforeAll(async () => {
    test.setTimeout(timeout);
    app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
    for (const account of [admin, ...others]) {
      states.set(account.email, await createAccount(app.baseURL, account));
    }
  });

  test.afterAll(async () => {
    await app?.dispose();
  });

  const spec: SpecApp = {
    get app() {
      if (!app) throw new Error('The spec app starts before the first test.');
      return app;
    },
    state(who) {
      const state = states.get(who.email);
      if (!state) throw new Error(`${who.email} is not one of the spec's accounts.`);
      return state;
    },
    async open(browser, who, path, prepare) {
      const context = await browser.newContext({
        baseURL: spec.app.baseURL,
        storageState: who && 'email' in who ? spec.state(who) : (who ?? undefined),
      });
      await prepare?.(context);
      const page = await context.newPage();
      await page.goto(path);
      return page;
    },
  };
  return spec;
}
