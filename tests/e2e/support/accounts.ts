import type { Page } from '@playwright/test';
import { DRAWN_PAGE_GLOBAL } from '../../../src/shared/pages.ts';
import { expect } from './test.ts';
import { m } from '../../../src/paraglide/messages.js';

// Account steps the browser specs share. `base` is '' for the shared app (relative URLs) or
// the baseURL of an app a spec started itself.

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Typed after the +233 the input starts with. */
  phone?: string;
  /** An assembly slug. */
  assembly?: string;
}

export async function fillSignUpForm(page: Page, member: NewMember) {
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Phone', { exact: true }).fill(member.phone ?? '241234567');
  await page.getByLabel('Assembly').selectOption(member.assembly ?? 'grace');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
}

/** Signs up with the form and closes the popup (the form is back in login mode). */
export async function signUpWithForm(page: Page, member: NewMember, base = '') {
  await page.goto(`${base}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await fillSignUpForm(page, member);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const popup = page.getByRole('dialog', { name: m.shared_accounts_sign_up_done() });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Okay' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The first link in the newest mail to `to` whose subject matches, from the dev mailbox. */
export async function linkFromMailbox(
  page: Page,
  to: string,
  subject: RegExp,
  base = '',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${base}/dev/mailbox.json`);
        const { mails } = (await response.json()) as { mails: Mail[] };
        const mail = mails.find((m) => m.to === to && subject.test(m.subject));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `a mail to ${to} with a subject like ${subject}` },
    )
    .toBeTruthy();
  return link!;
}

export async function countMails(page: Page, to: string, subject: RegExp, base = '') {
  const response = await page.request.get(`${base}/dev/mailbox.json`);
  const { mails } = (await response.json()) as { mails: Mail[] };
  return mails.filter((m) => m.to === to && subject.test(m.subject)).length;
}

/** Opens the confirmation link; the server sends the browser to the login form. */
export async function confirmEmail(page: Page, email: string, base = '') {
  await page.goto(await linkFromMailbox(page, email, /confirm/i, base));
  await expect(page).toHaveURL(/\/auth\?verified=1$/);
  await expect(page.getByText('Email confirmed. You can log in now.')).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string, base = '') {
  if (!/\/auth(\?|$)/.test(page.url())) await page.goto(`${base}/auth`);
  // Typed once the app has the screen: a fill on the drawn field in the instant the app
  // replaces it is lost (typing before the app is first-paint.spec.ts's business).
  await page.waitForFunction((name) => !(name in window), DRAWN_PAGE_GLOBAL);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A confirmed, logged-in member (sign up, confirm, log in), on /home. */
export async function newMemberOnHome(page: Page, member: NewMember, base = '') {
  await signUpWithForm(page, member, base);
  await confirmEmail(page, member.email, base);
  await logIn(page, member.email, member.password, base);
}
