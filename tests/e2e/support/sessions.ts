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

/** A Ghana mobile number (E.164) no other spec's account has proved. */
export const uniquePhone = () =>
  `+23324${String(Date.now() * 10 + Math.floor(Math.random() * 10)).slice(-7)}`;

/**
 * The member proves `phone` as on the profile ('Phone for login and USSD'): a code by SMS,
 * read from the dev outbox, then verified. SMS and lookups by phone use proved numbers only.
 */
export async function provePhone(baseURL: string, storageState: StorageState, phone: string) {
  const api = await request.newContext({
    baseURL,
    storageState,
    extraHTTPHeaders: { origin: baseURL },
  });
  try {
    const sent = await api.post('/api/auth/phone-number/send-otp', {
      data: { phoneNumber: phone },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { messages } = (await (await api.get('/dev/outbox.json')).json()) as {
      messages: { to: string; text: string }[];
    };
    const text = messages.find((m) => m.to === phone)?.text ?? '';
    const code = /^(\d{6}) is your/.exec(text)?.[1];
    expect(code, `a code texted to ${phone}`).toBeTruthy();
    const proved = await api.post('/api/auth/phone-number/verify', {
      data: { phoneNumber: phone, code, updatePhoneNumber: true },
    });
    expect(proved.status(), await proved.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
