import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOfferings,
  checkinSessions,
  devotionalDays,
  devotionalWeeks,
  devSms,
  supportRequests,
  users,
} from '../../db/schema.ts';
import { startFakeProviders } from '../../testing/fake-providers.ts';
import { createTestApp, repoRoot, type TestApp } from '../../testing/test-app.ts';
import { isoWeekAndDay } from '../devotional/devotional.service.ts';
import { USSD_CAPS } from './ussd.limits.ts';

// Issue 47, item 2: the USSD routes answered anyone, and one session after another could
// send 200 SMS, start 200 mobile-money prompts of GHS 50,000, write 205 pending cash entries,
// guess check-in codes without end and switch a member's language. Each attack again,
// through both gateways' contracts (Africa's Talking's form, Hubtel's JSON): a number, and a
// session, now cause only so much; in production the routes are off, or answer only the
// guarded gateway, and the server will not start with a gateway and no guard.

type Contract = 'africastalking' | 'hubtel';
let sessions = 0;

/** A whole session through one gateway's contract: the dial, then each input; the last screen. */
async function dial(t: TestApp, contract: Contract, phone: string, inputs: string[]) {
  const id = `limits-${Date.now()}-${sessions++}`;
  if (contract === 'africastalking') {
    const send = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ussd/africastalking',
        payload: new URLSearchParams({
          sessionId: id,
          serviceCode: '*713*7#',
          phoneNumber: phone,
          networkCode: '62001',
          text,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await send('');
    // Every input at once, as Africa's Talking sends them (a script need not wait).
    const res = await send(inputs.join('*'));
    expect(res.statusCode, res.body).toBe(200);
    return res.body.replace(/^(CON|END) /, '');
  }
  const send = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/hubtel',
      payload: { SessionId: id, ServiceCode: '713*7', Operator: 'mtn', Mobile: phone, ...body },
    });
  let res = await send({ Type: 'initiation', Message: '*713*7#', Sequence: 1 });
  for (const [i, input] of inputs.entries()) {
    res = await send({ Type: 'response', Message: input, Sequence: i + 2 });
  }
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Message as string;
}

const TOO_MANY = 'Too many requests from this number. Please try again in an hour.';
/** How often each attack is tried: well past every cap, as a script would. */
const TRIES = 40;

describe.each<[Contract, string]>([
  ['africastalking', '24'],
  ['hubtel', '55'],
])('USSD caps through %s', (contract, prefix) => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFakeProviders>>;
  let numbers = 0;
  /** A Ghana mobile number of this contract's own. */
  const fresh = () => `+233${prefix}${7_100_000 + numbers++}`;

  beforeAll(async () => {
    providers = await startFakeProviders();
    t = await createTestApp({ env: { ...providers.env, USSD_PROMPT_DELAY_MS: '0' } });
    const { week, day } = isoWeekAndDay(new Date());
    await t.db.delete(devotionalWeeks).where(eq(devotionalWeeks.id, week));
    await t.db.insert(devotionalWeeks).values({ id: week, title: 'This week', position: week });
    await t.db.insert(devotionalDays).values({ weekId: week, day, title: 'Walking by faith' });
  });
  afterAll(async () => {
    await t.close();
    await providers.paystack.close();
    await providers.moolre.close();
  });

  const textsTo = async (phone: string) =>
    (await t.db.select().from(devSms).where(eq(devSms.to, phone))).length;
  /** A member: registered by USSD from `phone` (the call proves the number). */
  const member = async (phone: string) => {
    expect(await dial(t, contract, phone, ['6', 'Kojo', 'Asante', '1', '1'])).toMatch(/Kojo/);
    return phone;
  };

  it(`sends a number at most ${USSD_CAPS.sms.number} SMS an hour (the devotional's link ${TRIES} times)`, async () => {
    const phone = fresh();
    const screens: string[] = [];
    for (let i = 0; i < TRIES; i++) screens.push(await dial(t, contract, phone, ['3']));
    const sent = screens.filter((s) => s.startsWith("Today's devotional"));
    expect(sent).toHaveLength(USSD_CAPS.sms.number);
    expect(screens.slice(USSD_CAPS.sms.number)).toEqual(
      Array(TRIES - USSD_CAPS.sms.number).fill(TOO_MANY),
    );
    await expect.poll(() => textsTo(phone)).toBe(USSD_CAPS.sms.number);
    // Another number is not held back by this one.
    const other = fresh();
    expect(await dial(t, contract, other, ['3'])).toMatch(/^Today's devotional/);
  });

  it(`starts at most ${USSD_CAPS.prompt.number} mobile-money prompts of GHS 50,000 a number an hour`, async () => {
    const phone = fresh();
    const payer = `0${phone.slice(4)}`;
    const screens: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      screens.push(await dial(t, contract, phone, ['1', '1', '50000', 'Kofi Boateng', '1', '1']));
    }
    expect(screens.filter((s) => s.startsWith('Approve the prompt'))).toHaveLength(
      USSD_CAPS.prompt.number,
    );
    expect(screens.at(-1)).toBe(TOO_MANY);
    const prompts = () =>
      providers.moolre.requests.filter(
        (r) => r.path === '/open/transact/payment' && (r.body as { payer: string }).payer === payer,
      ).length;
    await expect.poll(prompts).toBe(USSD_CAPS.prompt.number);
    // Still that many a moment later: nothing was queued past the cap.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prompts()).toBe(USSD_CAPS.prompt.number);
  });

  it(`writes at most ${USSD_CAPS.entry.number} pending cash entries and ${USSD_CAPS.support.number} messages a number an hour`, async () => {
    const phone = fresh();
    const screens: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      screens.push(await dial(t, contract, phone, ['4', '1', '120', 'Ama Mensah', '1', '1']));
    }
    expect(screens.filter((s) => s.includes('Give this code with your cash'))).toHaveLength(
      USSD_CAPS.entry.number,
    );
    expect(screens.at(-1)).toBe(TOO_MANY);
    const entries = await t.db.select().from(cashOfferings).where(eq(cashOfferings.phone, phone));
    expect(entries).toHaveLength(USSD_CAPS.entry.number);

    for (let i = 0; i < 10; i++) {
      await dial(t, contract, phone, ['5', 'Akua Owusu', 'Please call me']);
    }
    const messages = await t.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.phone, phone));
    expect(messages).toHaveLength(USSD_CAPS.support.number);
  });

  it(`lets a number guess check-in codes ${USSD_CAPS.checkin.number} times per 10 minutes, as the web lets a member`, async () => {
    const phone = await member(fresh());
    await t.db.insert(checkinSessions).values({
      title: 'Sunday Service',
      opensAt: new Date(Date.now() - 3_600_000),
      closesAt: new Date(Date.now() + 3_600_000),
      code: contract === 'hubtel' ? '515151' : '616161',
      secret: 'x'.repeat(43),
    });
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await dial(t, contract, phone, ['6', String(100_000 + i)]));
    }
    expect(answers.slice(0, USSD_CAPS.checkin.number)).toEqual(
      Array(USSD_CAPS.checkin.number).fill(
        'That code is not open for check-in. Check the screen at the entrance.\n' +
          'Check in: type the 6-digit code on the screen at the entrance.\n0 Back 00 Menu',
      ),
    );
    expect(answers.slice(USSD_CAPS.checkin.number)).toEqual(
      Array(30 - USSD_CAPS.checkin.number).fill(TOO_MANY),
    );
    // The right code is refused too until the window ends: guessing gains nothing.
    const right = contract === 'hubtel' ? '515151' : '616161';
    expect(await dial(t, contract, phone, ['6', right])).toBe(TOO_MANY);
  });

  it(`asks a wrong check-in code again at most ${USSD_CAPS.checkin.session} times a session`, async () => {
    const phone = await member(fresh());
    const guesses = Array.from({ length: USSD_CAPS.checkin.session }, (_, i) => `${200_000 + i}`);
    expect(await dial(t, contract, phone, ['6', ...guesses])).toMatch(
      /^That code is not open for check-in\..*\nCheck in: type the 6-digit code/,
    );
    expect(await dial(t, contract, phone, ['6', ...guesses, '299999'])).toBe(TOO_MANY);
  });

  it(`switches a member's language at most ${USSD_CAPS.language.session} times a session and ${USSD_CAPS.language.number} an hour`, async () => {
    const phone = await member(fresh());
    const localeOf = async () =>
      (
        await t.db.select({ locale: users.locale }).from(users).where(eq(users.phoneNumber, phone))
      )[0]?.locale;
    // Back and forth in one session: the fourth switch ends it; the account keeps the third.
    expect(await dial(t, contract, phone, ['7', '7', '7', '7'])).toBe(TOO_MANY);
    expect(await localeOf()).toBe('ak');
    const results: string[] = [];
    for (let i = 0; i < 12; i++) results.push(await dial(t, contract, phone, ['7']));
    // 4 counted above (the refused one too), so 6 more this hour.
    const allowed = USSD_CAPS.language.number - 4;
    expect(results.filter((r) => r !== TOO_MANY)).toHaveLength(allowed);
    expect(results.slice(allowed)).toEqual(Array(12 - allowed).fill(TOO_MANY));
    // Each allowed switch flipped it, and no refused one did.
    expect(await localeOf()).toBe(allowed % 2 === 0 ? 'ak' : 'en');
  });
});

describe('USSD in production', () => {
  const production = { NODE_ENV: 'production', DEV_MAILBOX: 'true' };
  const stranger = '+233241234999';
  const at = (t: TestApp, headers: Record<string, string> = {}, text = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/africastalking',
      remoteAddress: '203.0.113.9',
      payload: new URLSearchParams({ sessionId: `p-${sessions++}`, phoneNumber: stranger, text }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const hubtel = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/hubtel',
      remoteAddress: '203.0.113.9',
      payload: {
        SessionId: `p-${sessions++}`,
        Type: 'initiation',
        Mobile: '233241234999',
        Sequence: 1,
      },
      headers,
    });

  it('has no USSD route unless USSD_GATEWAYS names it: nobody reads a member or registers a number', async () => {
    const t = await createTestApp({ env: production });
    try {
      // The anonymous requests: registering a stranger's number, reading the menu.
      expect((await at(t, {}, '6*Yaw*Mensah*1*1')).statusCode).toBe(404);
      expect((await hubtel(t)).statusCode).toBe(404);
      const [account] = await t.db.select().from(users).where(eq(users.phoneNumber, stranger));
      expect(account).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('answers only the guarded gateway, and only the contracts named', async () => {
    const t = await createTestApp({
      env: { ...production, USSD_GATEWAYS: 'hubtel', USSD_SECRET: 'a-long-shared-secret' },
    });
    try {
      expect((await at(t, { 'x-ussd-secret': 'a-long-shared-secret' })).statusCode).toBe(404);
      expect((await hubtel(t)).statusCode).toBe(403);
      expect((await hubtel(t, { 'x-ussd-secret': 'guessed-secret-123' })).statusCode).toBe(403);
      const ok = await hubtel(t, { 'x-ussd-secret': 'a-long-shared-secret' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().Message).toContain('1 Give');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a gateway named and no guard, and says what to set', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...production,
        USSD_GATEWAYS: 'africastalking',
        USSD_SECRET: '',
        USSD_ALLOWED_IPS: '',
        DATABASE_URL: '',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Flock cannot start.');
    expect(output).toMatch(/USSD_GATEWAYS: .* set USSD_SECRET .* or USSD_ALLOWED_IPS/);
  });
});
