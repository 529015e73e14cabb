import fs from 'node:fs';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { rateLimits, users } from '../../db/schema.ts';
import { cookieHeader, memberSession, ORIGIN, postFrom } from '../../testing/accounts.ts';
import { useSmsGateway } from '../../testing/fake-sms.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { APP_WIDE_FAILURE_SHARE, startPasswordAttempt } from '../../core/sign-in-limits.ts';
import { m } from '../../../paraglide/messages.js';

// Issue 47, items 3, 9, 10 and 11: the outside tester's attacks on phone accounts, each run
// again here and refused. A phone number is a person only once a code proved it, and the code
// proves the sign-up it was sent for, not the number (decision 050). Codes leave through a
// fake SMS gateway speaking Arkesel's contract over HTTP.

describe('a phone number is a person only once proven (issue 47)', () => {
  const gateway = useSmsGateway();
  const t = useTestApp(() => ({ env: { ...gateway.env, SMS_SENDER_ID: 'BethelAG' } }));
  let nextNumber = 241_300_100;
  const newPhone = () => `+233${nextNumber++}`;

  const post = (url: string, payload: object, cookie?: string) => postFrom(t, url, payload, cookie);
  const lastCode = (phone: string) => gateway.lastCode(phone) ?? '';

  async function signUp(phone: string, firstName: string, password: string) {
    const res = await post('/api/accounts/sign-up/phone', {
      firstName,
      lastName: 'Boateng',
      phone,
      assembly: 'bethel',
      password,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { signUp: res.json<{ signUp: string }>().signUp, code: lastCode(phone) };
  }
  const verifySignUp = (phoneNumber: string, code: string, signUp: string) =>
    post('/api/auth/phone-sign-up/verify', { phoneNumber, code, signUp });
  const signIn = (phoneNumber: string, password: string) =>
    post('/api/auth/sign-in/phone-number', { phoneNumber, password });
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

  it('item 3: a second sign-up for the same number cannot take the first one over', async () => {
    const phone = newPhone();
    // The owner signs up; a stranger then signs up with the owner's number and a password of
    // their own. Before, the second replaced the first and the owner's code opened the
    // stranger's account (the owner used it, the stranger signed in later and read it).
    const owner = await signUp(phone, 'Owner', 'the owner 1');
    const stranger = await signUp(phone, 'Stranger', 'stranger pass 1');
    expect(stranger.code).not.toBe(owner.code);

    // The code texted for the stranger's sign-up reaches the owner's handset; typed on the
    // owner's screen it proves nothing: a code proves only the sign-up it was sent for.
    const crossed = await verifySignUp(phone, stranger.code, owner.signUp);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.message).toBe(m.shared_phone_accounts_code_invalid());

    const ok = await verifySignUp(phone, owner.code, owner.signUp);
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieHeader(ok))).fullName).toBe('Owner Boateng');

    // The stranger has no way in: their sign-up is gone, their password is not the number's.
    expect((await verifySignUp(phone, stranger.code, stranger.signUp)).statusCode).toBe(400);
    expect((await signIn(phone, 'stranger pass 1')).statusCode).toBe(401);
    expect((await signIn(phone, 'the owner 1')).statusCode).toBe(200);
    const left = await t.db.select().from(users).where(like(users.fullName, 'Stranger %'));
    expect(left.filter((u) => u.phoneNumber === phone)).toEqual([]);
  });

  it('item 3: a waiting sign-up is not revealed: sign-in answers it as an unknown number, a wrong password', async () => {
    const waiting = newPhone();
    await signUp(waiting, 'Waiting', 'waiting pass 1');
    const member = newPhone();
    const made = await signUp(member, 'Member', 'member pass 1');
    expect((await verifySignUp(member, made.code, made.signUp)).statusCode).toBe(200);
    const before = gateway.delivered.length;

    const answers = await Promise.all([
      signIn(waiting, 'waiting pass 1'),
      signIn(newPhone(), 'waiting pass 1'),
      signIn(member, 'not the password'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'INVALID_PHONE_NUMBER_OR_PASSWORD',
          message: m.shared_phone_accounts_wrong_phone_or_password(),
        },
      });
    }
    // …and texts nobody (before, a waiting number was sent a new code).
    expect(gateway.delivered.length).toBe(before);
  });

  it('item 9: answers an unknown number in about the time of a member’s wrong password', async () => {
    const member = newPhone();
    const made = await signUp(member, 'Timed', 'timed pass 1');
    expect((await verifySignUp(member, made.code, made.signUp)).statusCode).toBe(200);
    const timed = async (phone: string) => {
      const started = performance.now();
      expect((await signIn(phone, 'a wrong password')).statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await timed(newPhone()); // the dummy hash is made once, on first use
    for (let i = 0; i < 7; i++) {
      known.push(await timed(member));
      unknown.push(await timed(newPhone()));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3]!;
    // Before: 12 ms against 221 ms (no password hash ran for an unknown number).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('item 9: failed phone sign-ins have an app-wide cap, whatever the address', async () => {
    // AUTH_RATE_LIMIT 1: the cap is APP_WIDE_FAILURE_SHARE failures per 15 minutes.
    const ctx = { db: t.db, config: { ...t.config, authRateLimit: 1 }, secrets: t.app.ctx.secrets };
    const attempt = (i: number, appWide?: string) =>
      startPasswordAttempt(ctx, {
        email: `phone:+23324${4_000_000 + i}`,
        password: `guess ${i}`,
        ip: `10.47.${Math.floor(i / 250)}.${i % 250}`,
        appWide,
      });
    // (The other tests' failed sign-ins counted too: from nought.)
    await t.db.delete(rateLimits).where(eq(rateLimits.key, 'sign-in-failures:all:phone'));
    for (let i = 0; i < APP_WIDE_FAILURE_SHARE; i++) await attempt(i, 'phone');
    await expect(attempt(APP_WIDE_FAILURE_SHARE, 'phone')).rejects.toMatchObject({
      statusCode: 429,
    });
    // Email sign-ins keep their own limits (per account and address, per password).
    await expect(attempt(APP_WIDE_FAILURE_SHARE + 1)).resolves.toBeDefined();
  });

  it('item 10: a waiting sign-up does not stop an email member proving their own number', async () => {
    const phone = newPhone();
    // A stranger signs up with the member's number first and waits (they never get the code).
    const stranger = await signUp(phone, 'Squatter', 'squatter pass 1');
    const cookie = await memberSession(t, 'proves.own.phone@example.com');
    const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: phone }, cookie);
    expect(sent.statusCode).toBe(200);
    const proved = await post(
      '/api/auth/phone-number/verify',
      { phoneNumber: phone, code: lastCode(phone), updatePhoneNumber: true },
      cookie,
    );
    expect(proved.statusCode, proved.body).toBe(200);
    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    expect(profile.signInPhone).toBe(phone);
    // The number is the member's now: the waiting sign-up is dropped and can never have it.
    expect((await verifySignUp(phone, stranger.code, stranger.signUp)).statusCode).toBe(400);
    const left = await t.db.select().from(users).where(eq(users.id, stranger.signUp));
    expect(left).toEqual([]);
  });

  it('waiting sign-ups expire after 24 hours', async () => {
    const phone = newPhone();
    const old = await signUp(phone, 'Late', 'late pass 1');
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(users.id, old.signUp));
    const late = await verifySignUp(phone, old.code, old.signUp);
    expect(late.statusCode).toBe(400);
    // The next sign-up (any number) clears it away.
    await signUp(newPhone(), 'Next', 'next pass 1');
    expect(await t.db.select().from(users).where(eq(users.id, old.signUp))).toEqual([]);
  });

  it('a sign-up the previous release left waiting on the number gives way (a rolling deploy)', async () => {
    const phone = newPhone();
    await t.db.insert(users).values({
      id: `old-release-${phone}`,
      fullName: 'Old Release',
      email: `old-release-${phone.slice(1)}@phone.invalid`,
      loginPhone: phone,
      phoneVerified: false,
    });
    // Not a member: sign-in is a wrong password, and a new sign-up proves itself.
    expect((await signIn(phone, 'any password 1')).statusCode).toBe(401);
    const made = await signUp(phone, 'Current', 'current pass 1');
    expect((await verifySignUp(phone, made.code, made.signUp)).statusCode).toBe(200);
    expect((await signIn(phone, 'current pass 1')).statusCode).toBe(200);
  });

  it('item 11: +2330… is the same number as +233…: no second account, no second cap', async () => {
    const national = String(nextNumber++);
    const phone = `+233${national}`;
    const made = await signUp(phone, 'Handset', 'handset pass 1');
    expect((await verifySignUp(phone, made.code, made.signUp)).statusCode).toBe(200);

    const again = await post('/api/accounts/sign-up/phone', {
      firstName: 'Second',
      lastName: 'Account',
      phone: `+2330${national}`,
      assembly: 'bethel',
      password: 'second pass 1',
    });
    expect(again.statusCode).toBe(409);
    expect((await signIn(`+2330${national}`, 'handset pass 1')).statusCode).toBe(200);

    // A profile phone typed with the trunk 0 is kept in E.164.
    const cookie = await memberSession(t, 'trunk.zero@example.com');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { fullName: 'Ama Mensah', phoneNumber: '+2330201234567', assemblyName: 'bethel' },
      headers: { origin: ORIGIN, cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.phoneNumber).toBe('+233201234567');
  });

  it('item 11: the migration writes stored numbers in E.164, one account per number', async () => {
    const row = (id: string, values: Partial<typeof users.$inferInsert>) => ({
      id,
      fullName: id,
      email: `${id}@example.com`,
      ...values,
    });
    await t.db
      .insert(users)
      .values([
        row('legacy-a', { loginPhone: '+233241990001', phoneVerified: true }),
        row('legacy-b', { loginPhone: '+2330241990001', phoneVerified: true }),
        row('legacy-c', { loginPhone: '+2330241990002', phoneVerified: true }),
        row('legacy-d', { loginPhone: '+233241990003', phoneVerified: false }),
        row('legacy-e', { phoneNumber: '+2330241990004' }),
      ]);
    // The data statements of the migration, as the app applied them at start.
    const file = fs.readFileSync(path.join(migrationsFolder, '0021_phone_identity.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) {
      const body = statement.replace(/^\s*--.*$/gm, '').trim();
      if (body.startsWith('UPDATE')) await t.db.execute(sql.raw(body));
    }
    const rows = await t.db
      .select({
        id: users.id,
        loginPhone: users.loginPhone,
        phoneVerified: users.phoneVerified,
        pendingPhone: users.pendingPhone,
        phoneNumber: users.phoneNumber,
      })
      .from(users)
      .where(like(users.id, 'legacy-%'))
      .orderBy(users.id);
    expect(rows).toEqual([
      {
        id: 'legacy-a',
        loginPhone: '+233241990001',
        phoneVerified: true,
        pendingPhone: null,
        phoneNumber: null,
      },
      {
        id: 'legacy-b',
        loginPhone: null,
        phoneVerified: false,
        pendingPhone: null,
        phoneNumber: null,
      },
      {
        id: 'legacy-c',
        loginPhone: '+233241990002',
        phoneVerified: true,
        pendingPhone: null,
        phoneNumber: null,
      },
      {
        id: 'legacy-d',
        loginPhone: null,
        phoneVerified: false,
        pendingPhone: '+233241990003',
        phoneNumber: null,
      },
      {
        id: 'legacy-e',
        loginPhone: null,
        phoneVerified: false,
        pendingPhone: null,
        phoneNumber: '+233241990004',
      },
    ]);
  });
});
