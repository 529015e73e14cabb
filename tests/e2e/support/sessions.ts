import { request } from '@playwright/test';
import { expect } from './test.ts';

// Accounts made through the API instead of the forms (the forms have their own specs), for
// specs that only need someone signed in. The result is a Playwright storage state: pass it
// to `browser.newContext({ storageState })`.

export type StorageState = Awaited<
  ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>
>;

export interface Account {
  email: string;
  password: string;
  firstName?: string;
  /** E.164; a Ghana number unless given. */
  phone?: string;
}

/** Signs up, confirms through the dev mailbox's link, and logs in: a confirmed member. */
export async function createAccount(baseURL: string, account: Account): Promise<StorageState> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const signUp = await api.post('/api/accounts/sign-up', {
      data: {
        firstName: account.firstName ?? 'Ama',
        lastName: 'Mensah',
        phone: account.phone ?? '+233241234567',
        assembly: 'grace',
        email: account.email,
        password: account.password,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const { mails } = (await (await api.get('/dev/mailbox.json')).json()) as {
      mails: { to: string; text: string }[];
    };
    const link = mails.find((m) => m.to === account.email)?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link, `a confirmation link mailed to ${account.email}`).toBeTruthy();
    expect((await api.get(link!)).ok()).toBe(true);
  } finally {
    await api.dispose();
  }
  return signIn(baseURL, account);
}

/** A new session for an existing account (each sign-in is its own session). */
export async function signIn(baseURL: string, account: Account): Promise<StorageState> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const res = await api.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}
