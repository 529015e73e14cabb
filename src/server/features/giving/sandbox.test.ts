import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema.ts';
import { ORIGIN, someClient } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const base = {
  type: 'offering',
  firstName: 'Esi',
  lastName: 'Adjei',
  assembly: 'hope',
  amount: '12',
};

describe('sandbox provider (the default without keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_MOMO_DELAY_MS: '100' } });
  });
  afterAll(async () => t.close());

  const give = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: someClient(),
    });
  const status = async (reference: string) =>
    (await t.db.select().from(transactions).where(eq(transactions.reference, reference)))[0]!
      .status;

  it('says so in /api/church', async () => {
    expect((await t.app.inject('/api/church')).json().giving.testMode).toEqual({
      card: true,
      momo: true,
    });
  });

  it('card: a marked test checkout; approving goes through the signed webhook and back to the callback page', async () => {
    const { reference, authorizationUrl } = (
      await give({ ...base, paymentMethod: 'card', email: 'e@example.com' })
    ).json();
    const checkoutPath = new URL(authorizationUrl).pathname;
    const page = await t.app.inject(checkoutPath);
    expect(page.body).toContain('Test mode — no real money');
    expect(page.body).toContain('GHS 12.00');

    const approve = await t.app.inject({
      method: 'POST',
      url: checkoutPath,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/offerings/card/callback?reference=${reference}`);
    expect(await status(reference)).toBe('success');
    const [gift] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, reference));
    expect(JSON.stringify(gift!.providerResponse)).toContain('"source":"webhook"');
  });

  it('card: declining leaves nothing credited and the check reports failed', async () => {
    const { reference, authorizationUrl } = (
      await give({ ...base, paymentMethod: 'card', email: 'e@example.com' })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: new URL(authorizationUrl).pathname,
      payload: 'outcome=decline',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect((await t.app.inject(`/api/giving/gifts/${reference}`)).json().status).toBe('failed');
  });

  it('mobile money: approved by itself through the callback path; test numbers ask for an OTP or decline', async () => {
    const ok = (
      await give({ ...base, paymentMethod: 'momo', phone: '0241234567', provider: 'MTN' })
    ).json();
    const declined = (
      await give({ ...base, paymentMethod: 'momo', phone: '0241234999', provider: 'MTN' })
    ).json();
    const otp = (
      await give({ ...base, paymentMethod: 'momo', phone: '0241234000', provider: 'AT' })
    ).json();
    expect(otp.status).toBe('otp_required');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/giving/gifts/${otp.reference}/otp`,
      payload: { otp: '123456' },
      headers: { origin: ORIGIN },
    });
    expect(sent.json().status).toBe('pending');

    // The sandbox calls back on its own a moment later: waited for, not a fixed sleep (the
    // suite shares the cores; decision 049).
    const settled = { timeout: 10_000, interval: 50 };
    await expect.poll(() => status(ok.reference), settled).toBe('success');
    await expect.poll(() => status(declined.reference), settled).toBe('failed');
    await expect.poll(() => status(otp.reference), settled).toBe('success');
  });

  it('has no sandbox pages when real providers are configured', async () => {
    const real = await createTestApp({
      env: {
        PAYSTACK_SECRET_KEY: 'sk_live_x',
        MOOLRE_API_USER: 'u',
        MOOLRE_API_KEY: 'k',
        MOOLRE_ACCOUNT_NUMBER: '1',
        MOOLRE_CALLBACK_SECRET: 's',
      },
    });
    try {
      expect((await real.app.inject('/sandbox/checkout/FLK-CARD-X-ABCDEF')).statusCode).toBe(404);
      expect((await real.app.inject('/api/church')).json().giving.testMode).toEqual({
        card: false,
        momo: false,
      });
    } finally {
      await real.close();
    }
  });
});
