import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails, receipts, transactions } from '../../db/schema.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import { memberSession, ORIGIN, someClient } from '../../testing/accounts.ts';
import { FAKE_PAYSTACK_SECRET, startFakePaystack } from '../../testing/fake-paystack.ts';
import { call, give } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from './officers.service.ts';
import { deliverPendingReceipts } from './receipt-delivery.ts';

// Receipts: one per confirmed gift, numbered per year, mailed once however often the
// confirmation is replayed, and downloadable as PDF by their owner only.

const today = new Date().toISOString().slice(0, 10);
const year = new Date().getUTCFullYear();

describe('receipts', () => {
  let t: TestApp;
  let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
  let member: string;
  let other: string;
  let officer: string;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await createTestApp({
      env: { PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET, PAYSTACK_BASE_URL: paystack.url },
    });
    member = await memberSession(t, 'giver@example.com');
    other = await memberSession(t, 'other@example.com');
    officer = await memberSession(t, 'officer@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      {
        email: 'officer@example.com',
        allAssemblies: true,
        assemblies: [],
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await paystack.close();
  });

  const webhook = (rawBody: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paystack',
      payload: rawBody,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
  const mailsTo = async (to: string) =>
    (await t.db.select().from(devMails).where(eq(devMails.to, to))).filter((m) =>
      m.subject.startsWith('Your receipt'),
    );
  const cardGift = async (cookie: string | undefined, email: string, amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload: {
        type: 'offering',
        firstName: 'Ɔsei',
        lastName: 'Ɛfua',
        assembly: 'hope',
        amount,
        paymentMethod: 'card',
        email,
      },
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: someClient(),
    });
    return res.json().reference as string;
  };

  it('sends one receipt when a payment webhook is replayed, concurrently and later', async () => {
    const reference = await cardGift(member, 'giver@example.com', '60');
    paystack.settle(reference, 'success');
    const { rawBody, signature } = paystack.webhook(reference);
    const answers = await Promise.all(Array.from({ length: 6 }, () => webhook(rawBody, signature)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await webhook(rawBody, signature)).statusCode).toBe(200);
    // The member opening the card return page checks again: still one.
    await call(t, 'GET', `/api/giving/gifts/${reference}`, member);
    await deliverPendingReceipts(t.app.ctx);

    const [gift] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, reference));
    const rows = await t.db.select().from(receipts).where(eq(receipts.entryId, gift!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ year, number: 1, email: 'giver@example.com' });
    const mails = await mailsTo('giver@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Your receipt ${year}-000001 from Sample Gospel Church International`,
    );
    expect(mails[0]!.text).toContain('Received from: Ɔsei Ɛfua');
    expect(mails[0]!.text).toContain('Amount: GHS 60.00');
    expect(mails[0]!.text).toContain('Type: Offering');
    expect(mails[0]!.text).toContain('Method: Card');
    expect(mails[0]!.text).toContain(`Reference: ${reference}`);
  });

  it('numbers receipts one after another within the year, whatever the method', async () => {
    const { code } = await give(t, member, { paymentMethod: 'cash', amount: '20' });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, officer)).json();
    await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, officer, {
      amount: '20',
      receivedOn: today,
      receivedBy: 'Usher',
    });
    // A guest's card gift is receipted to the email the card payment was made with.
    const guestRef = await cardGift(undefined, 'guest@example.com', '5');
    paystack.settle(guestRef, 'success');
    const guestHook = paystack.webhook(guestRef);
    await webhook(guestHook.rawBody, guestHook.signature);

    const numbers = (await t.db.select().from(receipts).orderBy(receipts.number)).map(
      (r) => `${r.year}-${r.number}`,
    );
    expect(numbers).toEqual([`${year}-1`, `${year}-2`, `${year}-3`]);
    expect(await mailsTo('guest@example.com')).toHaveLength(1);
  });

  it("lets the owner download a receipt and the year's statement as PDF, and nobody else", async () => {
    const { entries } = (await call(t, 'GET', '/api/history', member)).json() as {
      entries: { status: string; receipt: { id: string; number: string } | null }[];
    };
    const receipted = entries.filter((e) => e.receipt);
    expect(receipted).toHaveLength(2);
    const receipt = receipted[0]!.receipt!;

    const pdf = await call(t, 'GET', `/api/history/receipts/${receipt.id}`, member);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.number}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t, 'GET', `/api/history/receipts/${receipt.id}`, other)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'GET', `/api/history/receipts/${receipt.id}`)).statusCode).toBe(401);

    expect((await call(t, 'GET', '/api/history/statements', member)).json()).toEqual({
      years: [year],
    });
    const statement = await call(t, 'GET', `/api/history/statements/${year}`, member);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-disposition']).toBe(
      `attachment; filename="giving-statement-${year}.pdf"`,
    );
    expect(statement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t, 'GET', `/api/history/statements/${year}`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/history/statements/abc', member)).statusCode).toBe(400);
  });
});

describe('receipt mail that fails', () => {
  let t: TestApp;
  const sent: Mail[] = [];
  let failNext = 0;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      if (failNext > 0) {
        failNext--;
        throw new Error('SMTP is down');
      }
      sent.push(mail);
    },
    close() {},
  };

  beforeAll(async () => {
    t = await createTestApp({ build: { mailer } });
  });
  afterAll(async () => t.close());

  it('is sent again later, once', async () => {
    // Sign-up mails go through this mailer too: they pass; then the receipt's fails.
    const cookie = await signUpDirect(t);
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'm@example.com', allAssemblies: true, assemblies: [] },
    );
    const { code } = await give(t, cookie, { paymentMethod: 'cash', amount: '12' });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, cookie)).json();
    failNext = 1;
    const res = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, cookie, {
      amount: '12',
      receivedOn: today,
      receivedBy: 'Usher',
    });
    // The desk's action stands even when the mail cannot go out.
    expect(res.json().outcome).toBe('received');
    const receiptMails = () => sent.filter((m) => m.subject.startsWith('Your receipt'));
    expect(receiptMails()).toHaveLength(0);
    expect(await deliverPendingReceipts(t.app.ctx)).toBe(1);
    expect(await deliverPendingReceipts(t.app.ctx)).toBe(0);
    expect(receiptMails()).toHaveLength(1);
  });

  /** A member whose confirmation link comes from this test's own mailer. */
  async function signUpDirect(app: TestApp) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: {
        firstName: 'Ama',
        lastName: 'Mensah',
        phone: '+233241234567',
        assembly: 'grace',
        email: 'm@example.com',
        password: 'correct horse 1',
      },
      headers: { origin: ORIGIN },
      remoteAddress: someClient(),
    });
    expect(res.statusCode).toBe(201);
    const link = new URL(
      sent.find((m) => m.to === 'm@example.com')!.text.match(/https?:\/\/\S+/)![0],
    );
    await app.app.inject({ method: 'GET', url: link.pathname + link.search });
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'm@example.com', password: 'correct horse 1' },
      headers: { origin: ORIGIN },
      remoteAddress: someClient(),
    });
    return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }
});
