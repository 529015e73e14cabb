import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails, receipts, users } from '../../db/schema.ts';
import {
  memberSession,
  ORIGIN,
  phoneMemberSession,
  provePhone,
  someClient,
} from '../../testing/accounts.ts';
import { startFakeProviders } from '../../testing/fake-providers.ts';
import { FAKE_SMS, startFakeSmsGateways } from '../../testing/fake-sms.ts';
import { call, give } from '../../testing/finance.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from './officers.service.ts';
import { deliverPendingReceipts } from './receipt-delivery.ts';

// Receipts by SMS (issue 32): a member who chose SMS on the profile gets each receipt as an
// SMS through the configured gateway (here a fake Arkesel over HTTP), once, retried when the
// gateway is down; 'both' brings mail and SMS; a member's choice is theirs alone. SMS goes
// only to a phone the member proved (issue 47), never to the profile's typed one.

const today = new Date().toISOString().slice(0, 10);

describe('receipts by SMS', () => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakeSmsGateways>>;
  let providers: Awaited<ReturnType<typeof startFakeProviders>>;
  let officer: string;

  beforeAll(async () => {
    gateway = await startFakeSmsGateways();
    providers = await startFakeProviders();
    t = await createTestApp({
      env: {
        ...providers.env,
        SMS_PROVIDER: 'arkesel',
        SMS_API_KEY: FAKE_SMS.apiKey,
        SMS_BASE_URL: gateway.url,
        SMS_SENDER_ID: 'BethelAG',
      },
    });
    officer = await memberSession(t, 'desk@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'desk@example.com', allAssemblies: true, assemblies: [] },
    );
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
    await providers.paystack.close();
    await providers.moolre.close();
  });

  /** A member who proved `phone` (the only number SMS goes to). */
  async function smsMember(email: string, phone: string) {
    const cookie = await memberSession(t, email, undefined, { phone });
    await provePhone(t, email, phone);
    return cookie;
  }

  const choose = (cookie: string | undefined, channel: unknown) =>
    call(t, 'PUT', '/api/profile/receipt-channel', cookie, { channel });

  /** A cash gift of the member's, received at the desk: its receipt is issued then. */
  async function cashGiftReceived(cookie: string, amount: string) {
    const { code } = await give(t, cookie, { paymentMethod: 'cash', amount });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, officer)).json();
    const res = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, officer, {
      amount,
      receivedOn: today,
      receivedBy: 'Usher',
    });
    expect(res.statusCode).toBe(200);
  }
  const receiptMails = async (to: string) =>
    (await t.db.select().from(devMails).where(eq(devMails.to, to))).filter((m) =>
      m.subject.startsWith('Your receipt'),
    );

  it('sends the receipt by SMS only, to the proved phone, once', async () => {
    const member = await smsMember('sms@example.com', '+233241234567');
    const saved = await choose(member, 'sms');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Saved. Receipts, codes and notices will come by SMS.',
      profile: { receiptChannel: 'sms' },
    });
    const before = gateway.delivered.length;
    await cashGiftReceived(member, '25');
    await deliverPendingReceipts(t.app.ctx); // a replay of the job changes nothing

    // The cash code when the gift was made (as the app showed it), then the receipt.
    await expect.poll(() => gateway.delivered.length - before).toBe(2);
    const sent = gateway.delivered.slice(before);
    expect(sent.every((m) => m.gateway === 'arkesel' && m.to === '233241234567')).toBe(true);
    const receipt = sent.find((m) => m.text.includes('Receipt'));
    const code = sent.find((m) => m !== receipt);
    expect(code!.text).toMatch(
      /: your cash tithe of GHS 25\.00 is recorded\. Give this code with your cash: \d{6}$/,
    );
    expect(receipt).toMatchObject({ sender: 'BethelAG' });
    expect(receipt!.text).toMatch(/Receipt \d{4}-\d{6}: GHS 25\.00 Tithe, Cash, /);
    expect(receipt!.text).toContain('/payment-history');
    expect(await receiptMails('sms@example.com')).toHaveLength(0);
  });

  it("sends both when asked, and leaves another member's choice alone", async () => {
    const both = await smsMember('both@example.com', '+233241234501');
    const plain = await memberSession(t, 'plain@example.com');
    expect((await choose(both, 'both')).statusCode).toBe(200);
    const before = gateway.delivered.length;
    await cashGiftReceived(both, '10');
    await cashGiftReceived(plain, '11');
    // Its code and its receipt; nothing for the member who keeps email.
    await expect.poll(() => gateway.delivered.length - before).toBe(2);
    expect(gateway.delivered.slice(before).map((m) => m.text)).toEqual([
      expect.stringContaining('GHS 10.00'),
      expect.stringContaining('GHS 10.00'),
    ]);
    expect(await receiptMails('both@example.com')).toHaveLength(1);
    expect(await receiptMails('plain@example.com')).toHaveLength(1);
    expect((await call(t, 'GET', '/api/profile', plain)).json().receiptChannel).toBe('email');
  });

  it('retries an SMS the gateway refused, and sends it once when it is back', async () => {
    const member = await smsMember('retry@example.com', '+233241234502');
    await choose(member, 'sms');
    const before = gateway.delivered.length;
    gateway.setMode('error');
    try {
      await cashGiftReceived(member, '7'); // the desk's action stands
    } finally {
      gateway.setMode('ok');
    }
    expect(gateway.delivered.length).toBe(before);
    const [row] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.phone, '+233241234502'))
      .then((rows) => rows.filter((r) => r.smsSentAt === null));
    expect(row).toBeDefined();
    await deliverPendingReceipts(t.app.ctx);
    await deliverPendingReceipts(t.app.ctx);
    const sent = gateway.delivered.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('GHS 7.00');
  });

  it('sends a guest who gave by mobile money without an email the receipt by SMS to the paying number', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload: {
        type: 'offering',
        firstName: 'Yaw',
        lastName: 'Boateng',
        assembly: 'grace',
        amount: '15',
        paymentMethod: 'momo',
        phone: '020 123 4567',
        provider: 'Telecel',
      },
      headers: { origin: ORIGIN },
      remoteAddress: someClient(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json() as { reference: string };
    const before = gateway.delivered.length;
    providers.moolre.approve(reference);
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/moolre',
      payload: providers.moolre.callback(reference, 1),
    });
    expect(callback.statusCode).toBe(200);
    const sent = gateway.delivered.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('233201234567');
    expect(sent[0]!.text).toContain('GHS 15.00 Offering, Mobile Money');
    // A guest has no history to link to.
    expect(sent[0]!.text).not.toContain('/payment-history');
  });

  it('refuses a choice it cannot keep, and callers without an account', async () => {
    const member = await memberSession(t, 'nophone@example.com');
    expect((await choose(member, 'fax')).json()).toMatchObject({
      error: { fields: { channel: 'Choose email, SMS or both.' } },
    });
    // A profile phone is typed, not proved: SMS needs a proved one.
    const refused = await choose(member, 'sms');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.channel).toBe(
      "Prove your phone first under 'Phone for login and USSD': SMS goes only to a proved number.",
    );
    expect((await choose(member, 'email')).statusCode).toBe(200);
    expect((await choose(undefined, 'sms')).statusCode).toBe(401);
  });
  it('item 4: never texts a typed profile phone, even for a member who chose SMS before the rule', async () => {
    // A stranger types someone else's number as their profile phone; SMS was chosen before
    // SMS needed a proved phone.
    const member = await memberSession(t, 'typed@example.com', undefined, {
      phone: '+233241234599',
    });
    await t.db
      .update(users)
      .set({ receiptChannel: 'sms' })
      .where(eq(users.email, 'typed@example.com'));
    const before = gateway.delivered.length;
    await cashGiftReceived(member, '9');
    await deliverPendingReceipts(t.app.ctx);
    expect(gateway.delivered.slice(before)).toEqual([]);
    // The receipt is mailed instead (SMS needs a proved number, decision 050).
    expect(await receiptMails('typed@example.com')).toHaveLength(1);
  });

  /** A member who signed up with a phone (no email): the sign-up's code came by the gateway. */
  const phoneOnlyMember = (phone: string) =>
    phoneMemberSession(
      t,
      phone,
      (to) =>
        /^(\d{6}) is your /.exec(
          gateway.delivered.findLast((m) => m.to === to.slice(1))?.text ?? '',
        )?.[1],
    );

  it('issue 48 item 2: offers a member without email no email, and texts a receipt an old choice of email would lose', async () => {
    const phone = '+233241234504';
    const member = await phoneOnlyMember(phone);
    // Email, alone or with SMS, is a choice this member cannot receive on: refused, kept SMS.
    for (const channel of ['email', 'both']) {
      const refused = await choose(member, channel);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.channel).toBe(
        'Your account has no email: receipts, codes and notices come by SMS.',
      );
    }
    expect((await choose(member, 'sms')).statusCode).toBe(200);
    // A member who chose email before this rule: the profile says where receipts really go,
    // and the GHS 12 gift's receipt is texted to the proved phone, not lost.
    await t.db.update(users).set({ receiptChannel: 'email' }).where(eq(users.loginPhone, phone));
    const profile = (await call(t, 'GET', '/api/profile', member)).json();
    expect(profile).toMatchObject({ email: null, signInPhone: phone, receiptChannel: 'sms' });
    const before = gateway.delivered.length;
    await cashGiftReceived(member, '12');
    await deliverPendingReceipts(t.app.ctx);
    await expect
      .poll(() => gateway.delivered.slice(before).filter((m) => m.text.includes('Receipt')))
      .toEqual([expect.objectContaining({ to: phone.slice(1) })]);
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.phone, phone));
    expect(receipt).toMatchObject({ email: null, smsSentAt: expect.any(Date) });
  });

  it('issue 48 item 2: a member with email and a proved phone may choose any of the three', async () => {
    const member = await smsMember('all3@example.com', '+233241234505');
    for (const channel of ['email', 'sms', 'both']) {
      const saved = await choose(member, channel);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().profile.receiptChannel).toBe(channel);
    }
  });

  it("writes a Twi member's code, receipt SMS and receipt mail in Twi (GSM-7 by SMS), whoever's request confirms it", async () => {
    const member = await smsMember('twi@example.com', '+233241234503');
    expect((await choose(member, 'both')).statusCode).toBe(200);
    const language = await call(t, 'PUT', '/api/profile/language', member, { locale: 'ak' });
    expect(language.statusCode).toBe(200);
    const before = gateway.delivered.length;
    // The member's session cookie alone (no language cookie) and the desk's English request.
    await cashGiftReceived(member, '12');
    await expect.poll(() => gateway.delivered.length - before).toBe(2);
    const [code, receipt] = gateway.delivered.slice(before).map((m) => m.text);
    expect(code).toMatch(/: yakyerew wo .+ sika GHS 12\.00\. Fa code yi ka wo sika no ho: \d{6}$/);
    expect(receipt).toMatch(
      /: yeda wo ase\. Rasiti \d{4}-\d{6}: GHS 12\.00 .+, .+, .+\. http.+\/payment-history$/,
    );
    expect(smsShape(receipt!).encoding).toBe('GSM-7');
    const [mail] = (
      await t.db.select().from(devMails).where(eq(devMails.to, 'twi@example.com'))
    ).filter((m) => m.subject.startsWith('Wo rasiti'));
    expect(mail!.text).toContain("Yɛda wo ase wɔ w'akyɛdeɛ no ho. Wo rasiti ni.");
    expect(mail!.text).toMatch(/\nSika dodoɔ: GHS 12\.00\n/);
  });
});
