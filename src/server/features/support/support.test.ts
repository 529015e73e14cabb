import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails, supportRequests } from '../../db/schema.ts';
import { ADDRESS_SHARE } from '../../platform/rate-limit.ts';
import { memberSession, ORIGIN, phoneMemberSession } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const valid = {
  full_name: 'Ama Mensah',
  email: 'ama@example.com',
  title: 'Cannot see my tithe',
  issue: 'I paid by MoMo yesterday and it is not in my history.',
};

describe('POST /api/support', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_RATE_LIMIT: '3' } });
  });
  afterAll(async () => t.close());

  it('stores the request and mails the support inbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: valid,
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();

    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({
      fullName: 'Ama Mensah',
      email: 'ama@example.com',
      title: 'Cannot see my tithe',
      issue: valid.issue,
      userId: null,
    });

    const [mail] = await t.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(1);
    expect(mail?.to).toBe('support@flock.example');
    expect(mail?.subject).toContain('Cannot see my tithe');
    expect(mail?.text).toContain(id);
  });

  it('refuses missing fields with a message per field', async () => {
    const res = await t.app.inject({
      remoteAddress: '10.0.1.1',
      method: 'POST',
      url: '/api/support',
      headers: { origin: ORIGIN },
      payload: { full_name: '  ', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Some fields need attention.',
        fields: {
          full_name: 'Full name is required.',
          email: 'Enter a valid email address.',
          title: 'Title is required.',
          issue: 'Please describe the issue.',
        },
      },
    });
  });

  it('refuses unknown fields and wrong types', async () => {
    const unknown = await t.app.inject({
      remoteAddress: '10.0.1.2',
      method: 'POST',
      url: '/api/support',
      headers: { origin: ORIGIN },
      payload: { ...valid, admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown field: admin.');

    const wrongType = await t.app.inject({
      remoteAddress: '10.0.1.2',
      method: 'POST',
      url: '/api/support',
      headers: { origin: ORIGIN },
      payload: { ...valid, title: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields.title).toBe('Title is required.');
  });

  it('refuses an over-long issue', async () => {
    const res = await t.app.inject({
      remoteAddress: '10.0.1.3',
      method: 'POST',
      url: '/api/support',
      headers: { origin: ORIGIN },
      payload: { ...valid, issue: 'x'.repeat(5001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.issue).toBe('Issue must be at most 5000 characters.');
  });

  it('limits anonymous requests per client address, sized for a shared address', async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support',
        payload: valid,
        remoteAddress: ip,
        headers: { origin: ORIGIN },
      });
    // SUPPORT_RATE_LIMIT=3 per member; one address may stand for ADDRESS_SHARE members.
    for (let i = 0; i < 3 * ADDRESS_SHARE; i++)
      expect((await from('10.0.0.7')).statusCode).toBe(201);
    const limited = await from('10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another client is not affected.
    expect((await from('10.0.0.8')).statusCode).toBe(201);
  });

  it('limits signed-in members per member, not per the address they share', async () => {
    const churchWifi = '10.0.0.9';
    const ama = await memberSession(t, 'ama.support@example.com');
    const kofi = await memberSession(t, 'kofi.support@example.com');
    const as = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support',
        payload: valid,
        remoteAddress: churchWifi,
        headers: { origin: ORIGIN, cookie },
      });
    for (let i = 0; i < 3; i++) expect((await as(ama)).statusCode).toBe(201);
    expect((await as(ama)).statusCode).toBe(429);
    // Kofi on the same Wi-Fi is not held back by Ama.
    expect((await as(kofi)).statusCode).toBe(201);
  });

  it('keeps who sent a request when a member is signed in', async () => {
    const cookie = await memberSession(t, 'yaw.support@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: valid,
      remoteAddress: '10.0.0.10',
      headers: { origin: ORIGIN, cookie },
    });
    const [row] = await t.db
      .select({ userId: supportRequests.userId })
      .from(supportRequests)
      .where(eq(supportRequests.id, res.json().id));
    expect(row?.userId).toBeTruthy();
  });

  it('mails the support team in English, whatever the language of the member who wrote', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: valid,
      remoteAddress: '10.0.0.11',
      headers: { origin: ORIGIN, cookie: 'PARAGLIDE_LOCALE=ak' },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [mail] = await t.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(1);
    expect(mail?.subject).toBe(`Support request: Cannot see my tithe [${id.slice(0, 8)}]`);
    expect(mail?.text).toBe(
      [
        'From: Ama Mensah <ama@example.com>',
        'Title: Cannot see my tithe',
        `Reference: ${id}`,
        '',
        valid.issue,
      ].join('\n'),
    );
  });

  describe('issue 48 item 5: without an email', () => {
    const { email: _email, ...noEmail } = valid;
    const send = (payload: object, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support',
        payload,
        remoteAddress: '10.0.2.1',
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      });

    it("takes a phone member's request with the phone they proved, and tells the team", async () => {
      const phone = '+233241119001';
      const cookie = await phoneMemberSession(t, phone);
      for (const payload of [noEmail, { ...noEmail, email: '' }]) {
        const res = await send(payload, cookie);
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await t.db
          .select()
          .from(supportRequests)
          .where(eq(supportRequests.id, res.json().id));
        expect(row).toMatchObject({ email: null, phone, userId: expect.any(String) });
      }
      const [mail] = await t.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(1);
      expect(mail?.to).toBe('support@flock.example');
      expect(mail?.text).toMatch(new RegExp(`^From: Ama Mensah, phone \\${phone}\n`));
    });

    it('still needs an email from a guest, and from a member without a proved phone', async () => {
      const guest = await send(noEmail);
      expect(guest.statusCode).toBe(400);
      expect(guest.json().error.fields).toEqual({ email: 'Email is required.' });
      const member = await memberSession(t, 'no.phone.support@example.com');
      const refused = await send({ ...noEmail, email: '' }, member);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ email: 'Email is required.' });
      // A typed phone is no way back to anyone: the request takes no phone field.
      const typed = await send({ ...noEmail, phone: '+233241119002' }, member);
      expect(typed.statusCode).toBe(400);
      expect(typed.json().error.message).toBe('Unknown field: phone.');
    });
  });
});
