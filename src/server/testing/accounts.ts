import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { devMails, devSms, users } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

// Helpers for tests that need members: sign up, confirm through the mailed link, log in.

export const ORIGIN = 'http://localhost:3000';

export const member = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ama',
  lastName: 'Mensah',
  phone: '+233241234567',
  assembly: 'bethel',
  email,
  password: 'correct horse 1',
  ...overrides,
});

/** The newest mail to `to`: from the app's SMTP server when it has one, else the dev mailbox. */
export async function latestMailTo(t: TestApp, to: string) {
  if (t.smtp) return t.smtp.mails.findLast((m) => m.to.includes(to));
  const [mail] = await t.db
    .select()
    .from(devMails)
    .where(eq(devMails.to, to))
    .orderBy(desc(devMails.createdAt))
    .limit(1);
  return mail;
}

export async function linkMailedTo(t: TestApp, to: string): Promise<URL> {
  const mail = await latestMailTo(t, to);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  expect(link, `a link mailed to ${to}`).toBeDefined();
  return new URL(link!);
}

export function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A made-up client address, so tests do not share one rate-limit bucket. */
export const someClient = () =>
  `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A POST from a browser on the site (its Origin), from a client address of its own. */
export const postFrom = (t: TestApp, url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: someClient(),
  });

export async function signUp(t: TestApp, email: string, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    payload: member(email, overrides),
    headers: { origin: ORIGIN },
    remoteAddress: someClient(),
  });
}

export async function confirmEmail(t: TestApp, email: string) {
  const link = await linkMailedTo(t, email);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
}

export async function logIn(
  t: TestApp,
  email: string,
  password = 'correct horse 1',
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: ORIGIN },
    remoteAddress: remoteAddress ?? someClient(),
  });
}

/**
 * Members signed in before the tests of a file or a describe block (after useTestApp's app is
 * made): their session cookies under the names given, there once the tests run.
 */
export function useMembers<Name extends string>(t: TestApp, emails: Record<Name, string>) {
  const cookies = {} as Record<Name, string>;
  beforeAll(async () => {
    for (const [name, email] of Object.entries(emails) as [Name, string][]) {
      cookies[name] = await memberSession(t, email);
    }
  });
  return cookies;
}

/** The whole reset by email: asked for, the mailed link followed, `newPassword` set. */
export async function resetPassword(t: TestApp, email: string, newPassword: string) {
  await postFrom(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  const link = await linkMailedTo(t, email);
  const redirect = await t.app.inject({ url: link.pathname + link.search });
  const token = new URL(String(redirect.headers.location), ORIGIN).searchParams.get('token');
  return postFrom(t, '/api/auth/reset-password', { newPassword, token });
}

/** A confirmed member, logged in: returns the Cookie header of the session. */
export async function memberSession(
  t: TestApp,
  email: string,
  password = 'correct horse 1',
  overrides: Record<string, unknown> = {},
) {
  expect((await signUp(t, email, { ...overrides, password })).statusCode).toBe(201);
  expect((await confirmEmail(t, email)).statusCode).toBe(302);
  const res = await logIn(t, email, password);
  expect(res.statusCode).toBe(200);
  return cookieHeader(res);
}

/**
 * Setup only: the member `email` has proved `phone` (decision 050), as a code would have done
 * (the code itself is tested in features/accounts). SMS, USSD and lookups by phone use it.
 */
export async function provePhone(t: Pick<TestApp, 'db'>, email: string, phone: string) {
  const proved = await t.db
    .update(users)
    .set({ loginPhone: phone, phoneVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  expect(proved, `a member ${email}`).toHaveLength(1);
}

/** The newest sign-up code texted to `phone` (E.164), from the dev outbox. */
export async function devOutboxCode(t: Pick<TestApp, 'db'>, phone: string) {
  const [sms] = await t.db
    .select()
    .from(devSms)
    .where(eq(devSms.to, phone))
    .orderBy(desc(devSms.createdAt))
    .limit(1);
  return /^(\d{6}) is your /.exec(sms?.text ?? '')?.[1];
}

/**
 * A member who signed up with a phone (no email) and proved it with the sign-up's code, as
 * the phone sign-up screen does: the Cookie header of the session the code opened. `codeTo`
 * reads the code (the dev outbox, or a test's fake gateway).
 */
export async function phoneMemberSession(
  t: TestApp,
  phone: string,
  codeTo: (phone: string) => Promise<string | undefined> | string | undefined = (p) =>
    devOutboxCode(t, p),
) {
  const created = await postFrom(t, '/api/accounts/sign-up/phone', {
    firstName: 'Kwabena',
    lastName: 'Asante',
    phone,
    assembly: 'grace',
    password: 'phone first 1',
  });
  expect(created.statusCode, created.body).toBe(201);
  const proved = await postFrom(t, '/api/auth/phone-sign-up/verify', {
    phoneNumber: phone,
    code: await codeTo(phone),
    signUp: created.json().signUp,
  });
  expect(proved.statusCode, proved.body).toBe(200);
  return cookieHeader(proved);
}
