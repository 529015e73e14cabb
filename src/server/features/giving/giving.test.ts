import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
import { memberSession, ORIGIN, someClient } from '../../testing/accounts.ts';
import { FAKE_MOOLRE } from '../../testing/fake-moolre.ts';
import { FAKE_PAYSTACK_SECRET } from '../../testing/fake-paystack.ts';
import { useFakeProviders } from '../../testing/fake-providers.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { postGift } from '../../testing/finance.ts';
import { paystackSignature } from '../../platform/payments/paystack.ts';
import { reconcilePendingGifts } from './gift-status.ts';
import { m } from '../../../paraglide/messages.js';

const base = {
  type: 'tithe',
  firstName: 'Ama',
  lastName: 'Mensah',
  assembly: 'bethel',
  amount: '50',
};

describe('giving with real provider contracts (fake Paystack and Moolre on 127.0.0.1)', () => {
  const providers = useFakeProviders();
  const t = useTestApp(() => ({
    env: {
      ...providers.env,
      PROVIDER_TIMEOUT_MS: '1000',
      GIVING_MAX_AMOUNT: '10000',
      GIFT_PENDING_TIMEOUT_MINUTES: '30',
      PUBLIC_URL: 'https://flock.example',
    },
  }));
  let member: string;

  beforeAll(async () => {
    member = await memberSession(t, 'giver@example.com');
  });
  beforeEach(() => {
    providers.paystack.setMode('ok');
    providers.moolre.setMode('ok');
  });

  const give = (payload: object, cookie?: string) => postGift(t, payload, cookie);
  const gift = async (reference: string) =>
    (await t.db.select().from(transactions).where(eq(transactions.reference, reference)))[0]!;
  const postWebhook = (rawBody: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paystack',
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-paystack-signature': signature } : {}),
      },
    });

  describe('cash and bank', () => {
    it('saves a cash tithe with a 6-digit code, in pesewas', async () => {
      const res = await give({ ...base, paymentMethod: 'cash', amount: '120.5' }, member);
      expect(res.statusCode).toBe(201);
      const { code } = res.json();
      expect(code).toMatch(/^\d{6}$/);
      const [row] = await t.db.select().from(cashOfferings).where(eq(cashOfferings.code, code));
      expect(row).toMatchObject({ amount: 12050, type: 'tithe', deleted: false, firstName: 'Ama' });
      expect(row?.userId).not.toBeNull();
    });

    it('refuses cash for anything but tithe', async () => {
      const res = await give({ ...base, type: 'offering', paymentMethod: 'cash' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        paymentMethod: 'Cash is only available for tithe.',
      });
    });

    it('gives a bank tithe a BT- code and other bank gifts none', async () => {
      const tithe = await give({ ...base, paymentMethod: 'bank', bank: 'fidelity' });
      expect(tithe.json()).toEqual({ method: 'bank', code: expect.stringMatching(/^BT-\d{5}$/) });
      const seed = await give({ ...base, type: 'seed', paymentMethod: 'bank', bank: 'prudential' });
      expect(seed.json()).toEqual({ method: 'bank', code: null });
      const rows = await t.db.select().from(bankTransfers);
      expect(rows.find((r) => r.type === 'seed')).toMatchObject({
        bank: 'prudential',
        code: null,
        amount: 5000,
      });
    });

    it('lets a guest give (no user on the entry)', async () => {
      const res = await give({ ...base, paymentMethod: 'cash', amount: '5' });
      const [row] = await t.db
        .select()
        .from(cashOfferings)
        .where(eq(cashOfferings.code, res.json().code));
      expect(row?.userId).toBeNull();
    });
  });

  describe('bad input on every field', () => {
    it.each([
      [{ type: 'donation' }, 'type', 'Please choose the type of giving.'],
      [{ type: 'other' }, 'otherType', 'Please specify the type of giving.'],
      [{ firstName: ' ' }, 'firstName', 'First name is required.'],
      [{ lastName: '' }, 'lastName', 'Last name is required.'],
      [{ assembly: 'atlantis' }, 'assembly', 'Please select your assembly.'],
      [{ amount: '' }, 'amount', 'Amount is required.'],
      [{ amount: '0' }, 'amount', 'The amount must be more than 0.'],
      // Each refusal names its own reason (issue 30).
      [{ amount: '-5' }, 'amount', 'The amount must be more than 0.'],
      [{ amount: '-0.5' }, 'amount', 'The amount must be more than 0.'],
      [{ amount: '10.555' }, 'amount', 'Use at most 2 decimals (pesewas), e.g. 10.55.'],
      [{ amount: 'ten' }, 'amount', 'Enter the amount as a number, e.g. 50 or 12.50.'],
      [{ amount: '1e9' }, 'amount', 'Enter the amount as a number, e.g. 50 or 12.50.'],
      [{ amount: '1.2.3' }, 'amount', 'Enter the amount as a number, e.g. 50 or 12.50.'],
      [{ amount: '10000.01' }, 'amount', 'The most you can give at once is GHS 10,000.00.'],
      [{ amount: '1000000000' }, 'amount', 'The most you can give at once is GHS 10,000.00.'],
      [
        { amount: '99999999999999999999' },
        'amount',
        'The most you can give at once is GHS 10,000.00.',
      ],
      [{ phone: '12345' }, 'phone', 'Enter a valid Ghana mobile money number, e.g. 024 123 4567.'],
      [{ provider: 'Vodafone' }, 'provider', 'Please choose your network.'],
    ])('momo gift with %o is refused on %s', async (change, field, message) => {
      const res = await give({
        ...base,
        paymentMethod: 'momo',
        phone: '0241234567',
        provider: 'MTN',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    });

    it('refuses a card gift without a valid email, a bank gift without a bank, an unknown method or field', async () => {
      expect(
        (await give({ ...base, paymentMethod: 'card', email: 'nope' })).json().error.fields.email,
      ).toBe('Enter a valid email address.');
      expect(
        (await give({ ...base, paymentMethod: 'bank', bank: 'ecobank' })).json().error.fields.bank,
      ).toBe('Please choose a bank.');
      expect((await give({ ...base, paymentMethod: 'cheque' })).statusCode).toBe(400);
      expect(
        (await give({ ...base, paymentMethod: 'cash', status: 'success' })).json().error.message,
      ).toBe('Unknown field: status.');
    });
  });

  describe('card (Paystack)', () => {
    it('records a pending gift first, then initializes with pesewas, GHS, a lowercased email and metadata', async () => {
      const res = await give(
        { ...base, paymentMethod: 'card', email: 'Ama.Mensah@Example.COM', amount: '75.25' },
        member,
      );
      expect(res.statusCode).toBe(201);
      const { reference, authorizationUrl } = res.json();
      expect(authorizationUrl).toBe(`https://checkout.paystack.test/${reference.toLowerCase()}`);
      const sent = providers.paystack.requests.at(-1)!;
      expect(sent.body).toMatchObject({
        email: 'ama.mensah@example.com',
        amount: 7525,
        currency: 'GHS',
        reference,
        // Back to the address the member came from (one the app is served from).
        callback_url: `${ORIGIN}/offerings/card/callback`,
        metadata: {
          first_name: 'Ama',
          last_name: 'Mensah',
          assembly: 'bethel',
          type: 'tithe',
          user_id: expect.any(String),
        },
      });
      expect(await gift(reference)).toMatchObject({
        status: 'pending',
        amount: 7525,
        provider: 'paystack',
        method: 'card',
      });
    });

    it('returns the member to PUBLIC_URL, or to the address they came from when the app is served there, never elsewhere', async () => {
      const callbackFrom = async (origin: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/giving/gifts',
          payload: { ...base, paymentMethod: 'card', email: 'c@example.com' },
          headers: { origin, cookie: member },
          remoteAddress: someClient(),
        });
        expect(res.statusCode).toBe(201);
        return (providers.paystack.requests.at(-1)!.body as { callback_url: string }).callback_url;
      };
      expect(await callbackFrom('https://flock.example')).toBe(
        'https://flock.example/offerings/card/callback',
      );
      expect(await callbackFrom('http://127.0.0.1:3000')).toBe(
        'http://127.0.0.1:3000/offerings/card/callback',
      );
      // Another site's origin never gets this far (the edge refuses the write).
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/giving/gifts',
        payload: { ...base, paymentMethod: 'card', email: 'c@example.com' },
        headers: { origin: 'https://evil.example', cookie: member },
        remoteAddress: someClient(),
      });
      expect(res.statusCode).toBe(403);
    });

    it('gives every gift its own reference, so Paystack never answers "Duplicate Transaction Reference"', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          give({ ...base, paymentMethod: 'card', email: 'same@example.com', amount: '5' }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const references = results.map((r) => r.json().reference as string);
      expect(new Set(references).size).toBe(10);
      for (const reference of references)
        expect(providers.paystack.transactions.has(reference)).toBe(true);
    });

    it('sends the guest placeholder for a guest', async () => {
      await give({ ...base, paymentMethod: 'card', email: 'guest@example.com' });
      expect(
        (providers.paystack.requests.at(-1)!.body as { metadata: { user_id: string } }).metadata
          .user_id,
      ).toBe('guest');
    });

    it("says 'Unable to initiate card payment.' when no authorization_url comes back", async () => {
      providers.paystack.setMode('no-url');
      const res = await give({ ...base, paymentMethod: 'card', email: 'a@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(m.shared_giving_card_no_url());
      const reference = (providers.paystack.requests.at(-1)!.body as { reference: string })
        .reference;
      expect((await gift(reference)).status).toBe('failed');
    });

    it("says 'Failed to initiate Visa card payment.' on a provider error or timeout, keeping its answer", async () => {
      providers.paystack.setMode('error');
      const res = await give({ ...base, paymentMethod: 'card', email: 'a@example.com' });
      expect(res.json().error.message).toBe(m.shared_giving_card_failed());
      const reference = (providers.paystack.requests.at(-1)!.body as { reference: string })
        .reference;
      const failed = await gift(reference);
      expect(failed.status).toBe('failed');
      expect(JSON.stringify(failed.providerResponse)).toContain('Paystack answered 500');

      providers.paystack.setMode('hang');
      const started = Date.now();
      const slow = await give({ ...base, paymentMethod: 'card', email: 'a@example.com' });
      expect(slow.json().error.message).toBe(m.shared_giving_card_failed());
      expect(Date.now() - started).toBeLessThan(5000);
    });

    describe('webhook', () => {
      let reference: string;
      beforeEach(async () => {
        reference = (
          await give(
            { ...base, paymentMethod: 'card', email: 'w@example.com', amount: '20' },
            member,
          )
        ).json().reference;
      });

      it('rejects a missing or forged signature', async () => {
        const { rawBody } = providers.paystack.webhook(reference);
        expect((await postWebhook(rawBody)).statusCode).toBe(401);
        const forged = providers.paystack.webhook(reference, {}, 'sk_test_not_the_secret');
        expect((await postWebhook(rawBody, forged.signature)).statusCode).toBe(401);
        // A valid signature over other bytes does not pass either.
        const valid = providers.paystack.webhook(reference);
        expect(
          (await postWebhook(rawBody.replace('2000', '2001'), valid.signature)).statusCode,
        ).toBe(401);
        expect((await gift(reference)).status).toBe('pending');
      });

      it('credits once when the same webhook arrives ten times', async () => {
        const { rawBody, signature } = providers.paystack.webhook(reference);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => postWebhook(rawBody, signature)),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
        const credited = await gift(reference);
        expect(credited.status).toBe('success');
        const trail = credited.providerResponse as { source: string }[];
        expect(trail.filter((e) => e.source === 'webhook')).toHaveLength(1);
      });

      it('does not credit a wrong amount or currency', async () => {
        const wrongAmount = providers.paystack.webhook(reference, { amount: 1 });
        expect((await postWebhook(wrongAmount.rawBody, wrongAmount.signature)).statusCode).toBe(
          200,
        );
        const wrongCurrency = providers.paystack.webhook(reference, { currency: 'NGN' });
        await postWebhook(wrongCurrency.rawBody, wrongCurrency.signature);
        const g = await gift(reference);
        expect(g.status).toBe('pending');
        expect(JSON.stringify(g.providerResponse)).toContain('webhook:mismatch');
      });

      it('ignores events for unknown references and other event types', async () => {
        const unknown = providers.paystack.webhook('FLK-CARD-NOPE-000');
        expect((await postWebhook(unknown.rawBody, unknown.signature)).statusCode).toBe(200);
        const transfer = JSON.stringify({
          event: 'transfer.success',
          data: { reference, amount: 2000, currency: 'GHS', status: 'success' },
        });
        const signature = paystackSignature(FAKE_PAYSTACK_SECRET, transfer);
        expect((await postWebhook(transfer, signature)).statusCode).toBe(200);
        expect((await gift(reference)).status).toBe('pending');
      });
    });

    it('the callback page check verifies with Paystack before saying success', async () => {
      const { reference } = (
        await give({ ...base, paymentMethod: 'card', email: 'c@example.com' }, member)
      ).json();
      const check = () =>
        t.app.inject({ url: `/api/giving/gifts/${reference}`, headers: { cookie: member } });
      expect((await check()).json().status).toBe('pending');
      providers.paystack.settle(reference, 'success');
      await new Promise((r) => setTimeout(r, 5100)); // one provider check per 5 s per gift
      expect((await check()).json()).toMatchObject({
        status: 'success',
        method: 'card',
        amount: 5000,
      });
    }, 15_000);

    it("hides a member's gift from everyone else", async () => {
      const { reference } = (
        await give({ ...base, paymentMethod: 'card', email: 'c@example.com' }, member)
      ).json();
      const other = await memberSession(t, 'other-giver@example.com');
      expect(
        (await t.app.inject({ url: `/api/giving/gifts/${reference}`, headers: { cookie: other } }))
          .statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: `/api/giving/gifts/${reference}` })).statusCode).toBe(404);
    });

    it('answers "not found" for a reference that is not one of ours at all', async () => {
      for (const reference of ['nope', 'FLK-CARD-NOPE-0000000000', 'FLK-x'.repeat(20)]) {
        const res = await t.app.inject({ url: `/api/giving/gifts/${reference}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it("says 'not found' in the request's language: Twi to a Twi browser", async () => {
      const url = '/api/giving/gifts/nope';
      const twi = await t.app.inject({ url, headers: { cookie: 'PARAGLIDE_LOCALE=ak' } });
      expect(twi.json().error.message).toBe('Akyɛdeɛ a ɛte saa nni hɔ.');
      expect((await t.app.inject({ url })).json().error.message).toBe('No such gift.');
    });
  });

  describe('mobile money (Moolre)', () => {
    const momo = {
      ...base,
      type: 'offering',
      paymentMethod: 'momo',
      phone: '024 123 4567',
      provider: 'MTN',
      amount: '10.5',
    };
    const callback = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/moolre', payload });

    it('records a pending gift with a unique externalref, then asks Moolre to prompt the payer', async () => {
      const res = await give(momo, member);
      expect(res.statusCode).toBe(201);
      const { reference, status } = res.json();
      expect(status).toBe('pending');
      const sent = providers.moolre.requests.at(-1)!;
      expect(sent.headers['x-api-user']).toBe(FAKE_MOOLRE.apiUser);
      expect(sent.body).toEqual({
        type: 1,
        channel: '13',
        currency: 'GHS',
        payer: '0241234567',
        amount: '10.50',
        externalref: reference,
        reference: 'Offering - Ama Mensah - Bethel',
        accountnumber: FAKE_MOOLRE.accountNumber,
      });
      expect(await gift(reference)).toMatchObject({
        status: 'pending',
        amount: 1050,
        network: 'MTN',
        phone: '+233241234567',
      });
    });

    it('uses the channel of each network', async () => {
      await give({ ...momo, provider: 'Telecel', phone: '0201234567' });
      expect((providers.moolre.requests.at(-1)!.body as { channel: string }).channel).toBe('6');
      await give({ ...momo, provider: 'AT', phone: '0271234567' });
      expect((providers.moolre.requests.at(-1)!.body as { channel: string }).channel).toBe('7');
    });

    it('asks for the OTP when Moolre wants one, and resubmits with it', async () => {
      providers.moolre.requireOtpFor('0559876543');
      const res = await give({ ...momo, phone: '0559876543' }, member);
      expect(res.json()).toMatchObject({ status: 'otp_required' });
      const { reference } = res.json();
      const otp = (code: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/giving/gifts/${reference}/otp`,
          payload: { otp: code },
          headers: { cookie: member, origin: ORIGIN },
        });
      const wrong = await otp('0000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.otp).toBe('Invalid OTP');
      expect((await gift(reference)).status).toBe('pending');
      expect((await otp(FAKE_MOOLRE.otp)).json()).toEqual({
        method: 'momo',
        reference,
        status: 'pending',
      });
      expect((providers.moolre.requests.at(-1)!.body as { otpcode: string }).otpcode).toBe(
        FAKE_MOOLRE.otp,
      );
      expect((await otp('12')).json().error.fields.otp).toBe(
        'Enter the code sent to your phone (4 to 8 digits).',
      );
    });

    it('takes a duplicate externalref (TP13) as the prompt already sent: still pending, kept in the trail', async () => {
      const { reference } = (await give(momo, member)).json();
      const count = providers.moolre.transactions.size;
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/giving/gifts/${reference}/otp`,
        payload: { otp: '1234' },
        headers: { cookie: member, origin: ORIGIN },
      });
      expect(again.json()).toEqual({ method: 'momo', reference, status: 'pending' });
      expect(providers.moolre.requests.at(-1)!.body).toMatchObject({ externalref: reference });
      expect(providers.moolre.transactions.size).toBe(count);
      const row = await gift(reference);
      expect(row.status).toBe('pending');
      expect(JSON.stringify(row.providerResponse)).toContain('TP13');
    });

    it("says 'Something went wrong while initiating the payment.' when Moolre refuses or is down", async () => {
      providers.moolre.setMode('reject');
      const refused = await give(momo);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.message).toBe(m.shared_giving_momo_failed());
      providers.moolre.setMode('error');
      expect((await give(momo)).json().error.message).toBe(m.shared_giving_momo_failed());
    });

    it('checks the callback secret, and credits only what the status API confirms', async () => {
      const { reference } = (await give(momo, member)).json();
      expect(
        (await callback(providers.moolre.callback(reference, 1, 'wrong-secret'))).statusCode,
      ).toBe(401);
      // The callback claims success but Moolre's status API does not (yet): not credited.
      expect((await callback(providers.moolre.callback(reference, 1))).statusCode).toBe(200);
      expect((await gift(reference)).status).toBe('pending');
      providers.moolre.approve(reference);
      await callback(providers.moolre.callback(reference, 1));
      await callback(providers.moolre.callback(reference, 1));
      const paid = await gift(reference);
      expect(paid.status).toBe('success');
      expect(paid.paidAt).not.toBeNull();
    });

    it('does not credit when the confirmed amount differs', async () => {
      const { reference } = (await give(momo)).json();
      providers.moolre.approve(reference, '1.00');
      await callback(providers.moolre.callback(reference, 1));
      expect((await gift(reference)).status).toBe('pending');
    });

    it('marks a declined payment failed', async () => {
      const { reference } = (await give(momo)).json();
      providers.moolre.decline(reference);
      await callback(providers.moolre.callback(reference, 2));
      expect((await gift(reference)).status).toBe('failed');
    });
  });

  describe('reconciler', () => {
    it('credits approved gifts it finds pending and closes those pending too long', async () => {
      const card = (await give({ ...base, paymentMethod: 'card', email: 'r@example.com' })).json()
        .reference;
      const paid = (
        await give({ ...base, paymentMethod: 'momo', phone: '0241112222', provider: 'MTN' })
      ).json().reference;
      const stuck = (
        await give({ ...base, paymentMethod: 'momo', phone: '0243334444', provider: 'MTN' })
      ).json().reference;
      providers.moolre.approve(paid);

      const soon = new Date(Date.now() + 60_000);
      const first = await reconcilePendingGifts(t.app.ctx, soon);
      expect(first.credited).toBeGreaterThanOrEqual(1);
      expect((await gift(paid)).status).toBe('success');
      expect((await gift(stuck)).status).toBe('pending');

      const later = new Date(Date.now() + 31 * 60_000);
      await reconcilePendingGifts(t.app.ctx, later);
      expect((await gift(stuck)).status).toBe('failed');
      expect((await gift(card)).status).toBe('abandoned');
      expect(JSON.stringify((await gift(stuck)).providerResponse)).toContain('reconciler:timeout');
    });
  });
});

describe('gift limits on a shared address (a church Wi-Fi on Sunday)', () => {
  const t = useTestApp();

  const churchWifi = '10.77.0.1';
  const give = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload: { ...base, paymentMethod: 'cash' },
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: churchWifi,
    });

  it('limits each member on their own, so members behind one address are not refused together', async () => {
    const ama = await memberSession(t, 'ama.wifi@example.com');
    const kofi = await memberSession(t, 'kofi.wifi@example.com');
    for (let i = 0; i < 20; i++) expect((await give(ama)).statusCode).toBe(201);
    expect((await give(ama)).statusCode).toBe(429);
    for (let i = 0; i < 20; i++) expect((await give(kofi)).statusCode).toBe(201);
  });

  it('sizes the anonymous limit for many guests on one address', async () => {
    // Far more than one member's 20: a congregation's guests share this address.
    for (let i = 0; i < 60; i++) expect((await give()).statusCode).toBe(201);
  });
});
