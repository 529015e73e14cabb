import { afterAll, beforeAll } from 'vitest';
import { FAKE_MOOLRE, startFakeMoolre } from './fake-moolre.ts';
import { FAKE_PAYSTACK_SECRET, startFakePaystack } from './fake-paystack.ts';

/**
 * Fake Paystack and Moolre on 127.0.0.1, and the app settings that point Flock at them
 * (pass `env` to createTestApp, with the test's own settings beside it).
 */
export async function startFakeProviders() {
  const paystack = await startFakePaystack();
  const moolre = await startFakeMoolre();
  const env = {
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: paystack.url,
    MOOLRE_API_USER: FAKE_MOOLRE.apiUser,
    MOOLRE_API_KEY: FAKE_MOOLRE.apiKey,
    MOOLRE_ACCOUNT_NUMBER: FAKE_MOOLRE.accountNumber,
    MOOLRE_CALLBACK_SECRET: FAKE_MOOLRE.callbackSecret,
    MOOLRE_BASE_URL: moolre.url,
  };
  return { paystack, moolre, env };
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

/**
 * The fake providers of a file or a describe block: started before its tests, closed after
 * (after the app: `useTestApp(() => ({ env: providers.env }))` comes next). Filled in by
 * `beforeAll`, like useTestApp's.
 */
export function useFakeProviders(): FakeProviders {
  const providers = {} as FakeProviders;
  beforeAll(async () => {
    Object.assign(providers, await startFakeProviders());
  });
  afterAll(async () => {
    await providers.paystack?.close();
    await providers.moolre?.close();
  });
  return providers;
}
