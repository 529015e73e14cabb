import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSms } from '../db/schema.ts';
import { latestMailTo, member, postFrom, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { smsShape } from './sms/sms.ts';

// The auth library's mails and SMS codes are written while the request that asks for them
// runs (decision 043): in that request's language, the catalogue's cookie; English without it.

describe('auth mails and SMS codes in the request’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const twi = 'PARAGLIDE_LOCALE=ak';
  const post = (url: string, payload: object, cookie?: string) => postFrom(t, url, payload, cookie);
  const lastText = async (to: string) =>
    (
      await t.db
        .select()
        .from(devSms)
        .where(eq(devSms.to, to))
        .orderBy(desc(devSms.createdAt))
        .limit(1)
    )[0]?.text;

  it('mails the confirmation and the reset link in Twi to a Twi request, in English otherwise', async () => {
    const res = await post('/api/accounts/sign-up', member('ama.twi@example.com'), twi);
    expect(res.statusCode).toBe(201);
    const confirm = await latestMailTo(t, 'ama.twi@example.com');
    expect(confirm?.subject).toBe('Si wo Flock account no so dua');
    expect(confirm?.text).toMatch(/^Akwaaba, .+!\n\nBue link yi/);
    expect(confirm?.text).toMatch(/\/api\/auth\/verify-email\?token=/);

    expect((await signUp(t, 'kojo.en@example.com')).statusCode).toBe(201);
    expect((await latestMailTo(t, 'kojo.en@example.com'))?.subject).toBe(
      'Confirm your Flock account',
    );

    const reset = await post(
      '/api/auth/request-password-reset',
      { email: 'ama.twi@example.com', redirectTo: '/reset-password' },
      twi,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await latestMailTo(t, 'ama.twi@example.com');
    expect(mail?.subject).toBe('Sesa wo Flock password');
    expect(mail?.text).toContain('Link no yɛ adwuma dɔnhwerew baako.');
  });

  it('texts the sign-up code in Twi written in GSM-7 to a Twi request', async () => {
    const phone = '+233249990101';
    const res = await post(
      '/api/accounts/sign-up/phone',
      {
        firstName: 'Akua',
        lastName: 'Mensah',
        phone,
        assembly: 'bethel',
        password: 'phone first 1',
      },
      twi,
    );
    expect(res.statusCode, res.body).toBe(201);
    const text = await lastText(phone);
    expect(text).toMatch(
      /^\d{6} ye wo Flock code\. Etumi ye adwuma simma 10\. Mfa nkyere obiara\.$/,
    );
    expect(smsShape(text!)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});
