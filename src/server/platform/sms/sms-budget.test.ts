import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { devMails } from '../../db/schema.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { useSmsGateway } from '../../testing/fake-sms.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { CODE_REQUESTS_PER_ADDRESS_PER_HOUR } from './sms-budget.ts';

// Issue 47, item 4 (SMS pumping): one address made 480 code SMS in 17 s, any country was
// texted (+44 909 premium rate, +881 Iridium), nothing capped the app as a whole. Here the
// same requests meet the church's countries, a cap per client address, and hourly budgets
// for the app and per number prefix (half the app's), the admins mailed when one is spent.
// SMS leave through a fake gateway speaking Arkesel's contract over HTTP.

const HOURLY = 6;
const ADMIN = 'budget.admin@example.com';

describe('what code SMS may cost (issue 47, item 4)', () => {
  const gateway = useSmsGateway();
  const t = useTestApp(() => ({
    env: { ...gateway.env, SMS_CODE_BUDGET_HOUR: String(HOURLY), ADMIN_EMAILS: ADMIN },
  }));
  let address = 0;
  let serial = 0;

  /** A phone sign-up from a client address of its own (unless one is given). */
  const signUp = (phone: string, from = `10.51.${Math.floor(++address / 250)}.${address % 250}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up/phone',
      payload: {
        firstName: 'Pump',
        lastName: 'Test',
        phone,
        assembly: 'bethel',
        password: 'pumping pass 1',
      },
      headers: { origin: ORIGIN },
      remoteAddress: from,
    });
  const ghana = (prefix: string) => `+233${prefix}${String(1_000_000 + serial++).slice(1)}0`;
  const deliveredTo = (phone: string) => gateway.textsTo(phone).length;

  it('texts only the church’s countries: +44 909 and +881 are refused, and never sent', async () => {
    for (const phone of ['+449098790123', '+881631234567']) {
      const res = await signUp(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.phone).toBe(
        'We can send SMS only to numbers in GH: use a number from there.',
      );
      expect(deliveredTo(phone)).toBe(0);
    }
    const cookie = await memberSession(t, 'abroad@example.com');
    const adding = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      payload: { phoneNumber: '+447911123456' },
      headers: { origin: ORIGIN, cookie },
      remoteAddress: '10.52.0.1',
    });
    expect(adding.statusCode).toBe(400);
    // The sender itself drops any SMS abroad, whoever asked for it.
    await t.app.ctx.sms.send({ to: '+447911123456', text: 'a receipt' });
    expect(deliveredTo('+447911123456')).toBe(0);
    expect(() => loadConfig({ SMS_ALLOWED_COUNTRIES: 'GH,XX' })).toThrow(/SMS_ALLOWED_COUNTRIES/);
    expect(loadConfig({ SMS_ALLOWED_COUNTRIES: 'gh, tg' }).smsLimits.allowedCountries).toEqual([
      'GH',
      'TG',
    ]);
  });

  it(`counts one address’s code requests: ${CODE_REQUESTS_PER_ADDRESS_PER_HOUR} an hour, whatever they are for`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CODE_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up/phone/code',
        payload: { phoneNumber: ghana('27'), signUp: `made-up-${i}` },
        headers: { origin: ORIGIN },
        remoteAddress: '10.53.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('spends the hourly budgets per prefix and for the app, then refuses every number alike and tells the admins', async () => {
    await memberSession(t, ADMIN);
    // A prefix gets half the app's budget: three code SMS to +23324…, from three addresses.
    const mtn = [ghana('24'), ghana('24'), ghana('24')];
    for (const phone of mtn) expect((await signUp(phone)).statusCode).toBe(201);
    expect(mtn.map(deliveredTo)).toEqual([1, 1, 1]);
    const more = ghana('24');
    const refused = await signUp(more);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('SMS_BUDGET');
    expect(deliveredTo(more)).toBe(0);
    // Alike for a number nobody has: the refusal tells nothing about accounts.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/request-password-reset',
      payload: { phoneNumber: ghana('24') },
      headers: { origin: ORIGIN },
      remoteAddress: '10.54.0.1',
    });
    expect(reset.statusCode).toBe(429);
    expect(reset.json().error.code).toBe('SMS_BUDGET');

    // Another prefix still gets codes, until the app's budget is spent too.
    const telecel = [ghana('20'), ghana('50'), ghana('20')];
    for (const phone of telecel) expect((await signUp(phone)).statusCode).toBe(201);
    expect(telecel.map(deliveredTo)).toEqual([1, 1, 1]);
    const last = await signUp(ghana('55'));
    expect(last.statusCode).toBe(429);
    expect(gateway.delivered.filter((sms) => /^\d{6} is your /.test(sms.text))).toHaveLength(
      HOURLY,
    );

    // Each budget spent was mailed to the admins once.
    const mails = await t.db.select().from(devMails).where(eq(devMails.to, ADMIN));
    const alerts = mails.filter((mail) => mail.subject.startsWith('Code SMS paused'));
    expect(alerts.map((mail) => mail.subject).sort()).toEqual([
      'Code SMS paused: 3 sent in an hour to +23324',
      `Code SMS paused: ${HOURLY} sent in an hour to all numbers together`,
    ]);
  });
});
