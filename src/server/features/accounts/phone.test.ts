import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devMails } from '../../db/schema.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { cookieHeader, memberSession, postFrom } from '../../testing/accounts.ts';
import { useSmsGateway } from '../../testing/fake-sms.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { CODE_SMS_PER_PHONE_PER_HOUR, CODE_TRIES_PER_PHONE } from './phone.ts';
import { m } from '../../../paraglide/messages.js';

// Phone-first members (issue 32): sign up without email, the phone proved by an SMS code
// (the sign-up's own, decision 050), sign in with phone and password, reset the password by
// SMS. Codes leave through a fake SMS gateway speaking Arkesel's contract over HTTP; nothing
// of ours is stubbed. The attacks of issue 47 on these are in phone-identity.test.ts.

describe('phone-first accounts', () => {
  const gateway = useSmsGateway();
  const t = useTestApp(() => ({ env: { ...gateway.env, SMS_SENDER_ID: 'BethelAG' } }));
  let nextNumber = 240_000_100;
  /** A Ghana mobile number no other test uses. */
  const newPhone = () => `+233${nextNumber++}`;

  const post = (url: string, payload: object, cookie?: string) => postFrom(t, url, payload, cookie);
  const { textsTo, lastCode } = gateway;

  const signUp = (phone: string, overrides: object = {}) =>
    post('/api/accounts/sign-up/phone', {
      firstName: 'Kofi',
      lastName: 'Boateng',
      phone,
      assembly: 'bethel',
      password: 'phone first 1',
      ...overrides,
    });
  /** Proves a sign-up (`signUp` from its answer) with its code. */
  const verifySignUp = (phoneNumber: string, code: string, signUp: string) =>
    post('/api/auth/phone-sign-up/verify', { phoneNumber, code, signUp });
  const verify = (phoneNumber: string, code: string, cookie?: string, update?: true) =>
    post(
      '/api/auth/phone-number/verify',
      { phoneNumber, code, ...(update ? { updatePhoneNumber: true } : {}) },
      cookie,
    );
  const signIn = (phoneNumber: string, password = 'phone first 1') =>
    post('/api/auth/sign-in/phone-number', { phoneNumber, password });
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

  /** A verified phone-first member: the cookie of the session the code opened. */
  async function phoneMember(phone: string) {
    const created = await signUp(phone);
    expect(created.statusCode).toBe(201);
    const res = await verifySignUp(phone, lastCode(phone)!, created.json().signUp);
    expect(res.statusCode).toBe(200);
    return cookieHeader(res);
  }

  it('signs up without email, proves the phone by SMS, then signs in with phone and password', async () => {
    const phone = newPhone();
    const created = await signUp(phone);
    expect(created.statusCode).toBe(201);
    const { signUp: id } = created.json();
    expect(created.json()).toEqual({ phone, signUp: expect.any(String) });

    const [sms] = textsTo(phone);
    expect(sms?.text).toMatch(
      /^\d{6} is your .+ code\. It works for 10 minutes\. Never share it\.$/,
    );
    expect(smsShape(sms!.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const code = lastCode(phone)!;

    // Before the code, the account cannot sign in: answered as a wrong password, no SMS.
    const early = await signIn(phone);
    expect(early.statusCode).toBe(401);
    expect(early.json().error.message).toBe(m.shared_phone_accounts_wrong_phone_or_password());
    expect(textsTo(phone)).toHaveLength(1);
    // 'Send a new code' for this sign-up: the first stops working.
    const again = await post('/api/accounts/sign-up/phone/code', {
      phoneNumber: phone,
      signUp: id,
    });
    expect(again.statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(2);
    const code2 = lastCode(phone)!;

    const wrong = await verifySignUp(phone, code2 === '000000' ? '111111' : '000000', id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(m.shared_phone_accounts_code_invalid());

    const ok = await verifySignUp(phone, code2, id);
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok);
    expect(await me(cookie)).toMatchObject({ email: null, fullName: 'Kofi Boateng' });
    // The older code was replaced; a used code does not work twice; the library's own verify
    // signs nobody in with a code.
    expect((await verifySignUp(phone, code, id)).statusCode).toBe(400);
    expect((await verifySignUp(phone, code2, id)).statusCode).toBe(400);
    expect((await verify(phone, code2)).statusCode).toBe(400);

    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    expect(profile).toMatchObject({
      email: null,
      signInPhone: phone,
      phoneNumber: phone,
      receiptChannel: 'sms',
    });

    expect((await signIn(phone)).statusCode).toBe(200);
    const bad = await signIn(phone, 'not the password');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe(m.shared_phone_accounts_wrong_phone_or_password());

    // Nothing was mailed to the placeholder address the account holds.
    const mails = await t.db.select().from(devMails).where(like(devMails.to, '%.invalid'));
    expect(mails).toHaveLength(0);
  });

  it('refuses a number that already has a verified account', async () => {
    const phone = newPhone();
    await phoneMember(phone);
    const again = await signUp(phone, { firstName: 'Someone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.shared_phone_accounts_phone_taken());
  });

  it('resets a password by SMS code, ends every session, and the code works once', async () => {
    const phone = newPhone();
    const cookie = await phoneMember(phone);
    const sent = textsTo(phone).length;

    const asked = await post('/api/auth/phone-number/request-password-reset', {
      phoneNumber: phone,
    });
    expect(asked.statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(sent + 1);
    expect(textsTo(phone).at(-1)!.text).toMatch(/password reset code/);
    const code = lastCode(phone)!;

    const reset = (otp: string, newPassword: string) =>
      post('/api/auth/phone-number/reset-password', { phoneNumber: phone, otp, newPassword });
    expect((await reset(code, 'brand new pass 1')).statusCode).toBe(200);
    expect(await me(cookie)).toBeNull();
    expect((await signIn(phone)).statusCode).toBe(401);
    expect((await signIn(phone, 'brand new pass 1')).statusCode).toBe(200);
    expect((await reset(code, 'attacker pass 1')).statusCode).toBe(400);
  });

  it('a password changed in the profile ends a reset code sent before', async () => {
    const phone = newPhone();
    const cookie = await phoneMember(phone);
    await post('/api/auth/phone-number/request-password-reset', { phoneNumber: phone });
    const code = lastCode(phone)!;
    const changed = await post(
      '/api/profile/password',
      {
        currentPassword: 'phone first 1',
        newPassword: 'changed in profile 1',
        confirmPassword: 'changed in profile 1',
      },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const late = await post('/api/auth/phone-number/reset-password', {
      phoneNumber: phone,
      otp: code,
      newPassword: 'attacker pass 1',
    });
    expect(late.statusCode).toBe(400);
    expect((await signIn(phone, 'changed in profile 1')).statusCode).toBe(200);
  });

  it('texts nobody who has not asked: unknown numbers get the usual answer and no SMS', async () => {
    const stranger = newPhone();
    const otp = await post('/api/auth/phone-number/send-otp', { phoneNumber: stranger });
    expect(otp.statusCode).toBe(200);
    const reset = await post('/api/auth/phone-number/request-password-reset', {
      phoneNumber: stranger,
    });
    expect(reset.statusCode).toBe(200);
    expect(textsTo(stranger)).toHaveLength(0);
    // A code for a number without an account is a wrong code, not a server error.
    const res = await verify(stranger, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_OTP');
  });

  it(`sends one number at most ${CODE_SMS_PER_PHONE_PER_HOUR} codes an hour and takes ${CODE_TRIES_PER_PHONE} tries per 15 minutes`, async () => {
    const phone = newPhone();
    const created = await signUp(phone);
    expect(created.statusCode).toBe(201);
    const id = created.json().signUp;
    for (let i = 0; i < CODE_SMS_PER_PHONE_PER_HOUR + 2; i++) {
      expect(
        (await post('/api/accounts/sign-up/phone/code', { phoneNumber: phone, signUp: id }))
          .statusCode,
      ).toBe(200);
    }
    expect(textsTo(phone)).toHaveLength(CODE_SMS_PER_PHONE_PER_HOUR);

    const statuses: number[] = [];
    for (let i = 0; i < CODE_TRIES_PER_PHONE + 1; i++) {
      statuses.push((await verifySignUp(phone, String(100000 + i), id)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 400 || s === 403)).toBe(true);
  });

  it('refuses malformed numbers and codes with field errors', async () => {
    const res = await post('/api/auth/phone-number/verify', {
      phoneNumber: '0241234567',
      code: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['phoneNumber', 'code']);
    expect((await signUp('+23324')).statusCode).toBe(400);
  });

  it('lets a signed-in member prove a phone for their account, once per number', async () => {
    const cookie = await memberSession(t, 'adds.phone@example.com');
    const phone = newPhone();
    expect(
      (await post('/api/auth/phone-number/send-otp', { phoneNumber: phone }, cookie)).statusCode,
    ).toBe(200);
    const res = await verify(phone, lastCode(phone)!, cookie, true);
    expect(res.statusCode).toBe(200);
    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    expect(profile.signInPhone).toBe(phone);
    // Now the member signs in with the phone as well as the email.
    expect((await signIn(phone, 'correct horse 1')).statusCode).toBe(200);

    const other = await memberSession(t, 'wants.same.phone@example.com');
    const taken = await post('/api/auth/phone-number/send-otp', { phoneNumber: phone }, other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(m.shared_phone_accounts_phone_elsewhere());
    // Without a session a proof for the account cannot be asked.
    expect((await verify(phone, '123456', undefined, true)).statusCode).toBe(401);
  });
});
