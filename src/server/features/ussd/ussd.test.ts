import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankTransfers,
  cashOfferings,
  checkins,
  checkinSessions,
  devMails,
  devotionalDays,
  devotionalWeeks,
  devSms,
  supportRequests,
  transactions,
  users,
} from '../../db/schema.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { startFakeProviders } from '../../testing/fake-providers.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from '../finance/officers.service.ts';
import { isoWeekAndDay } from '../devotional/devotional.service.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { USSD_SCREEN_MAX } from './ussd.menu.ts';

// USSD through both gateways' contracts (issue 32): the whole menu walked with every screen
// within 160 characters, a gift given by USSD confirmed by the mobile-money provider's
// callback and receipted by SMS, replays and out-of-order requests, a timeout mid-menu, a
// number that is not Ghana's, and the gateway guard.

let counter = 0;
const newSession = () => `ATUid_${Date.now()}_${counter++}`;

describe('USSD', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFakeProviders>>;

  beforeAll(async () => {
    providers = await startFakeProviders();
    t = await createTestApp({ env: { ...providers.env, USSD_PROMPT_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t.close();
    await providers.paystack.close();
    await providers.moolre.close();
  });

  /** One Africa's Talking request: every input so far joined by '*'. */
  const at = async (
    sessionId: string,
    inputs: string[],
    phoneNumber = '+233241234567',
    networkCode = '62001',
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/africastalking',
      payload: new URLSearchParams({
        sessionId,
        serviceCode: '*713*7#',
        phoneNumber,
        networkCode,
        text: inputs.join('*'),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^(CON|END) /);
    return res.body;
  };
  const hubtel = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/hubtel',
      payload: {
        ServiceCode: '713*7',
        Operator: 'vodafone',
        Mobile: '233201234567',
        ClientState: '',
        Platform: 'USSD',
        ...body,
      },
    });

  it('walks every screen of the menu; each fits 160 characters and offers 0 and 00', async () => {
    const seen = new Map<string, string[]>(); // screen (without a notice) → the inputs to it
    const ends = new Set<string>();
    const queue: string[][] = [[]];
    let requests = 0;
    while (queue.length > 0 && requests < 3_000) {
      const path = queue.shift()!;
      const session = newSession();
      // Each path from a number of its own: a number makes only a few codes and messages an
      // hour (ussd.limits.ts), and the walk makes hundreds.
      const caller = `+23324${7_000_000 + requests}`;
      // The dial, then every input at once (as Africa's Talking sends them after a lost
      // request): the screens on the way were each reached by a shorter path already.
      let body = await at(session, [], caller);
      requests++;
      if (path.length > 0) {
        body = await at(session, path, caller);
        requests++;
      }
      // (A screen that names the caller's number is one screen, whoever calls.)
      const text = body.slice(4).replaceAll(caller, '+233241234567');
      expect(text.length, `screen after ${path.join('*')}: ${text}`).toBeLessThanOrEqual(
        USSD_SCREEN_MAX,
      );
      if (body.startsWith('END')) ends.add(text);
      if (body.startsWith('END') || seen.has(text) || path.length > 10) continue;
      seen.set(text, path);
      if (!text.includes('1 Give'))
        expect(text, `back and menu on: ${text}`).toContain('0 Back 00 Menu');
      // Registering would make the walking number a member's and change the menu under the
      // walk: its confirmation is tested on its own below; so is the language item (the
      // walk is of the English screens; the Twi ones are measured in ussd.menu.test.ts).
      const options = [...text.matchAll(/^(\d) /gm)]
        .map((m) => m[1]!)
        .filter((o) => !(o === '1' && text.startsWith('Register ') && text.includes('?')))
        .filter((o) => !(o === '7' && text.includes('\n7 Twi')));
      const free = /amount in GHS/i.test(text)
        ? ['25', '-5', '1e9']
        : /name/.test(text)
          ? ['Kofi Boateng', 'Kofi']
          : /for\?/.test(text)
            ? ['Harvest thanksgiving']
            : /Your message/.test(text)
              ? ['Please call me about my tithe', 'x'.repeat(141)]
              : [];
      for (const input of [...options, ...free, '0', '00', '7x']) queue.push([...path, input]);
    }
    // The main menu, the eight types, the other gift's purpose, the amount, the name, the
    // assembly and the confirmation were all reached; so were cash and bank codes (cash, a
    // bank tithe with its code, another bank gift without one) and 'Talk to us'.
    const screens = [...seen.keys()].join('\n---\n');
    for (const part of [
      '1 Give',
      'Give: choose',
      'What is the gift for?',
      'Amount in GHS',
      'first and last name',
      'Your assembly',
      '1 Confirm',
      '4 Cash or bank code',
      'Get a code to give by:',
      'Cash: amount in GHS',
      'Cash: your first and last name',
      'Cash: your assembly',
      'Cash tithe: GHS 25.00',
      'Bank transfer to:\n1 Fidelity\n2 Prudential',
      'Transfer: choose',
      'Transfer: what is the gift for?',
      'Transfer: amount in GHS',
      'Transfer: your first and last name',
      'Transfer: your assembly',
      'Get the code by SMS?',
      '5 Talk to us',
      'Talk to us. Your name:',
      'Your message (up to 140 characters)',
      'At most 140 characters, please.',
      '6 Register',
      'Your first name:',
      'Your last name:',
      '?\n1 Confirm',
    ]) {
      expect(screens).toContain(part);
    }
    const endings = [...ends].join('\n---\n');
    for (const part of [
      'Give this code with your cash: ',
      'Use this code as the reference of your transfer: BT-',
      'Your message is with the church',
    ]) {
      expect(endings).toContain(part);
    }
    expect(requests).toBeLessThan(2_000);
  });

  it('gives by USSD: a pending mobile-money gift, the prompt after the session, confirmed by the callback, receipted by SMS', async () => {
    const session = newSession();
    const giver = '+233551234567';
    const steps = ['1', '1', '50', 'Kofi Boateng', '1'];
    for (let i = 0; i < steps.length; i++) await at(session, steps.slice(0, i + 1), giver);
    const confirm = await at(session, steps, giver);
    expect(confirm).toMatch(/^CON Give GHS 50\.00 Tithe to .+ from \+233551234567 \(MTN\)\?/);
    const end = await at(session, [...steps, '1'], giver);
    expect(end).toBe('END Approve the prompt on your phone to give GHS 50.00. Thank you!');
    // A replay of the last request starts nothing more.
    expect(await at(session, [...steps, '1'], giver)).toBe(end);

    const giverPayments = () =>
      providers.moolre.requests.filter(
        (r) =>
          r.path === '/open/transact/payment' &&
          (r.body as { payer: string }).payer === '0551234567',
      );
    await expect.poll(() => giverPayments().length).toBeGreaterThan(0);
    const payments = giverPayments();
    expect(payments).toHaveLength(1);
    const { externalref, amount, channel } = payments[0]!.body as Record<string, string>;
    expect({ amount, channel }).toEqual({ amount: '50.00', channel: '13' });
    const [pending] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, externalref!));
    expect(pending).toMatchObject({
      status: 'pending',
      method: 'momo',
      userId: null,
      firstName: 'Kofi',
      lastName: 'Boateng',
      phone: giver,
      channel: 'ussd',
    });

    providers.moolre.approve(externalref!);
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/moolre',
      payload: providers.moolre.callback(externalref!, 1),
    });
    expect(callback.statusCode).toBe(200);
    const [paid] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, externalref!));
    expect(paid!.status).toBe('success');
    const texts = await t.db.select().from(devSms).where(eq(devSms.to, giver));
    expect(texts.map((m) => m.text)).toEqual([
      expect.stringContaining('GHS 50.00 Tithe, Mobile Money'),
    ]);

    // The caller's last gifts show it.
    // Read, then back to the menu (issue 48: the call no longer ends there).
    const gifts = newSession();
    const last = await at(gifts, ['2'], giver);
    expect(last).toMatch(
      /^CON Your last gifts \(GHS\):\n\d\d\/\d\d 50\.00 Tithe paid\n0 Back 00 Menu$/,
    );
    expect(await at(gifts, ['2', '5'], giver)).toBe(last);
    expect(await at(gifts, ['2', '5', '0'], giver)).toMatch(/^CON .+\n1 Give\n/);
  });

  /** Walks a session input by input; returns the last screen. */
  const walk = async (steps: string[], phone: string) => {
    const session = newSession();
    let body = await at(session, [], phone);
    for (let i = 0; i < steps.length; i++) body = await at(session, steps.slice(0, i + 1), phone);
    return { body, session };
  };
  // Oldest first: PostgreSQL returns an unordered select in any order.
  const textsTo = async (phone: string) =>
    (await t.db.select().from(devSms).where(eq(devSms.to, phone)).orderBy(devSms.createdAt)).map(
      (m) => m.text,
    );

  it('Cash or bank code: a cash tithe saved as the app saves it, its code on the last screen and by SMS', async () => {
    const caller = '+233241110001';
    const { body, session } = await walk(['4', '1', '120', 'Ama Mensah', '1'], caller);
    expect(body).toBe(
      'CON Cash tithe: GHS 120.00, Bethel, Ama Mensah. Get the code by SMS?\n1 Confirm\n0 Back 00 Menu',
    );
    const end = await at(session, ['4', '1', '120', 'Ama Mensah', '1', '1'], caller);
    const code = end.match(/Give this code with your cash: (\d{6})\n/)?.[1];
    expect(end).toBe(
      `END Your cash tithe of GHS 120.00 is recorded. Give this code with your cash: ${code}\nIt is also sent by SMS.`,
    );
    // A replay gets the same screen and saves nothing more.
    expect(await at(session, ['4', '1', '120', 'Ama Mensah', '1', '1'], caller)).toBe(end);
    const rows = await t.db.select().from(cashOfferings).where(eq(cashOfferings.phone, caller));
    expect(rows).toEqual([
      expect.objectContaining({
        code,
        type: 'tithe',
        amount: 12_000,
        firstName: 'Ama',
        lastName: 'Mensah',
        assembly: 'bethel',
        userId: null,
        guestId: null,
        channel: 'ussd',
        status: 'pending',
      }),
    ]);
    await expect
      .poll(() => textsTo(caller))
      .toEqual([
        `Sample Gospel Church: your cash tithe of GHS 120.00 is recorded. Give this code with your cash: ${code}`,
      ]);

    // The desk receives it by its code, as any cash gift: the receipt goes to the caller by SMS.
    const officer = await memberSession(t, 'usher@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'usher@example.com', allAssemblies: true, assemblies: [] },
    );
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, officer)).json();
    const received = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, officer, {
      amount: '120',
      receivedOn: new Date().toISOString().slice(0, 10),
      receivedBy: 'Usher',
    });
    expect(received.statusCode).toBe(200);
    await expect
      .poll(() => textsTo(caller))
      .toEqual([
        expect.stringContaining('Give this code with your cash'),
        expect.stringMatching(/: thank you\. Receipt [\d-]+: GHS 120\.00 Tithe, Cash, /),
      ]);
  });

  it('Cash or bank code: a bank tithe gets its BT- code with the bank details by SMS; another gift by transfer gets the details only', async () => {
    const caller = '+233241110002';
    const steps = ['4', '2', '2', '1', '75.50', 'Yaw Asante', '2', '1'];
    const { body } = await walk(steps, caller);
    const code = body.match(/reference of your transfer: (BT-\d{5})\n/)?.[1];
    expect(body).toBe(
      `END Your tithe of GHS 75.50 by transfer to Prudential is recorded. Use this code as the reference of your transfer: ${code}\nAlso sent by SMS.`,
    );
    const [tithe] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.code, code!));
    expect(tithe).toMatchObject({
      bank: 'prudential',
      type: 'tithe',
      amount: 7_550,
      phone: caller,
      channel: 'ussd',
      userId: null,
      assembly: 'grace',
    });
    await expect.poll(async () => (await textsTo(caller)).length).toBe(1);
    const [sms] = await textsTo(caller);
    expect(sms).toMatch(
      new RegExp(
        `^Sample Gospel Church: use ${code} as the reference of your transfer of GHS 75\\.50 \\(tithe\\) to Prudential, .+ Church, acc\\. .+, .+\\.$`,
      ),
    );

    const other = '+233241110003';
    const confirm = await walk(['4', '2', '1', '8', 'Harvest', '30', 'Yaw Asante', '1'], other);
    expect(confirm.body).toMatch(
      /^CON Harvest by transfer to Fidelity: GHS 30\.00, .+ Record it\?\n/,
    );
    const end = await at(
      confirm.session,
      ['4', '2', '1', '8', 'Harvest', '30', 'Yaw Asante', '1', '1'],
      other,
    );
    expect(end).toBe(
      'END Thank you for your harvest of GHS 30.00. Your bank transfer is recorded. The bank details come by SMS.',
    );
    const [noCode] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.phone, other));
    expect(noCode).toMatchObject({
      code: null,
      type: 'other',
      otherType: 'Harvest',
      channel: 'ussd',
    });
    await expect
      .poll(() => textsTo(other))
      .toEqual([
        expect.stringMatching(
          /^Sample Gospel Church: your harvest of GHS 30\.00 by transfer is recorded\. Transfer to Fidelity, /,
        ),
      ]);
  });

  it("Talk to us: a support request with the caller's number and no email, the inbox told", async () => {
    const caller = '+233241110004';
    const { body, session } = await walk(['5', 'Akua Owusu'], caller);
    expect(body).toBe(
      'CON Your message (up to 140 characters). We will call you on +233241110004.\n0 Back 00 Menu',
    );
    const long = await at(session, ['5', 'Akua Owusu', 'x'.repeat(141)], caller);
    expect(long).toMatch(/^CON At most 140 characters, please\.\nYour message/);
    const end = await at(
      session,
      ['5', 'Akua Owusu', 'x'.repeat(141), 'Please pray with me and call me back'],
      caller,
    );
    expect(end).toBe(
      'END Thank you, Akua Owusu. Your message is with the church; we will call you on +233241110004.',
    );
    const rows = await t.db.select().from(supportRequests).where(eq(supportRequests.phone, caller));
    expect(rows).toEqual([
      expect.objectContaining({
        fullName: 'Akua Owusu',
        email: null,
        phone: caller,
        issue: 'Please pray with me and call me back',
        userId: null,
      }),
    ]);
    const [mail] = await t.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(1);
    expect(mail?.to).toBe('support@flock.example');
    expect(mail?.text).toContain('From: Akua Owusu, phone +233241110004');
    expect(mail?.text).toContain(rows[0]!.id);
  });

  it('registers an unknown number by USSD; then knows the caller as that member: their name, their gifts, their account', async () => {
    const number = '+233261234567';
    const session = newSession();
    expect(await at(session, [], number)).toContain('6 Register');
    const steps = ['6', 'Adwoa', 'Sarpong', '1'];
    const confirm = await at(session, steps, number);
    expect(confirm).toMatch(/^CON Register Adwoa Sarpong, .+, on \+233261234567\?\n1 Confirm/);
    const end = await at(session, [...steps, '1'], number);
    expect(end).toBe(
      'END Welcome, Adwoa! You are registered. Dial again to give. How to use the app comes by SMS.',
    );
    const [member] = await t.db.select().from(users).where(eq(users.loginPhone, number));
    expect(member).toMatchObject({
      fullName: 'Adwoa Sarpong',
      phoneVerified: true,
      phoneNumber: number,
      receiptChannel: 'sms',
    });
    expect(member!.email).toMatch(/@phone\.invalid$/);
    await expect
      .poll(async () =>
        (await t.db.select().from(devSms).where(eq(devSms.to, number))).map((m) => m.text),
      )
      .toEqual([expect.stringMatching(/^Welcome to .+, Adwoa! .+\/auth\/phone, choose Forgot/)]);
    // The same number cannot register twice.
    const again = newSession();
    expect(await at(again, [], number)).not.toContain('6 Register');

    // Dialling again: greeted by name, and a gift asks neither name nor assembly.
    const give = newSession();
    expect(await at(give, [], number)).toMatch(/^CON Welcome, Adwoa\n1 Give/);
    const giveSteps = ['1', '2', '20'];
    expect(await at(give, giveSteps, number)).toMatch(/^CON Give GHS 20\.00 Offering to /);
    await at(give, [...giveSteps, '1'], number);
    await expect
      .poll(async () =>
        (await t.db.select().from(transactions).where(eq(transactions.userId, member!.id))).map(
          (g) => [g.firstName, g.lastName, g.amount, g.channel],
        ),
      )
      .toEqual([['Adwoa', 'Sarpong', 2000, 'ussd']]);
    // Their last gifts are their account's.
    const last = newSession();
    expect(await at(last, ['2'], number)).toMatch(
      /^CON Your last gifts \(GHS\):\n.+ 20\.00 Offering .+\n0 Back 00 Menu$/,
    );

    // The account signs in to the app once a password is set by SMS code.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN } });
    await post('/api/auth/phone-number/request-password-reset', { phoneNumber: number });
    const [codeSms] = await t.db
      .select()
      .from(devSms)
      .where(eq(devSms.to, number))
      .orderBy(desc(devSms.createdAt))
      .limit(1);
    const code = /^(\d{6}) /.exec(codeSms!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (
        await post('/api/auth/phone-number/reset-password', {
          phoneNumber: number,
          otp: code,
          newPassword: 'set by sms 1',
        })
      ).statusCode,
    ).toBe(200);
    const signedIn = await post('/api/auth/sign-in/phone-number', {
      phoneNumber: number,
      password: 'set by sms 1',
    });
    expect(signedIn.statusCode).toBe(200);
    // The app's history shows the gift given by USSD.
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { entries } = (await t.app.inject({ url: '/api/history', headers: { cookie } })).json();
    expect(entries).toEqual([expect.objectContaining({ amount: 2000, method: 'momo' })]);
  });

  it("speaks a Twi member's language: every screen and SMS in Twi (GSM-7, within 160 characters); a guest's in English", async () => {
    const number = '+233261239876';
    await at(newSession(), ['6', 'Akosua', 'Boakye', '1', '1'], number);
    await t.db.update(users).set({ locale: 'ak' }).where(eq(users.loginPhone, number));

    const dial = newSession();
    expect(await at(dial, [], number)).toMatch(/^CON Akwaaba, Akosua\n1 Ma akyede\n/);
    expect(await at(dial, ['9'], number)).toMatch(/^CON Paw 1 kosi 7\.\n/);
    const confirm = await at(dial, ['9', '4', '1', '30'], number);
    expect(confirm).toBe(
      'CON Ntotosoo, sika: GHS 30.00, Bethel, Akosua Boakye. Wope code no SMS so?\n1 Pene so\n0 San 00 Menu',
    );
    const end = await at(dial, ['9', '4', '1', '30', '1'], number);
    expect(end).toMatch(
      /^END Yakyerew wo .+ sika GHS 30\.00\. Fa code yi ka wo sika no ho: \d{6}\n/,
    );
    for (const screen of [confirm, end]) {
      expect(screen.length - 4).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(smsShape(screen).encoding).toBe('GSM-7');
    }
    await expect
      .poll(async () => (await textsTo(number)).at(-1) ?? '')
      .toMatch(/: yakyerew wo .+ sika GHS 30\.00\. Fa code yi ka wo sika no ho: \d{6}$/);
    expect(smsShape((await textsTo(number)).at(-1)!).encoding).toBe('GSM-7');

    // The last gifts: the states too in Twi (issue 48: they came from the code, in English).
    const [akosua] = await t.db.select().from(users).where(eq(users.loginPhone, number));
    const gift = (status: string, type: string, reference: string) => ({
      userId: akosua!.id,
      reference,
      method: 'momo',
      provider: 'moolre',
      type,
      amount: 1500,
      status,
      firstName: 'Akosua',
      lastName: 'Boakye',
      assembly: 'bethel',
      phone: number,
      channel: 'ussd',
    });
    await t.db
      .insert(transactions)
      .values([
        gift('failed', 'offering', 'FLK-TWI-FAILED'),
        gift('pending', 'tithe', 'FLK-TWI-PENDING'),
      ]);
    const gifts = await at(newSession(), ['2'], number);
    expect(gifts).toMatch(/^CON Wo akyede a etwa to \(GHS\):\n/);
    expect(gifts).toMatch(/ 15\.00 Ntotosoo eretwen\n/);
    expect(gifts).toMatch(/ 15\.00 Afodee eanye yie\n/);
    expect(gifts).not.toMatch(/failed|pending|Offering|Tithe/);

    // Another number, no account: English.
    expect(await at(newSession(), [], '+233261239877')).toMatch(/\n1 Give\n/);
  });

  const localeOf = async (phone: string) =>
    (await t.db.select({ locale: users.locale }).from(users).where(eq(users.loginPhone, phone)))[0]
      ?.locale;

  it('a member chooses Twi on the main menu: the menu again in Twi, kept on the account for later sessions', async () => {
    const number = '+233261238001';
    await at(newSession(), ['6', 'Kwabena', 'Ofori', '1', '1'], number);
    expect(await localeOf(number)).toBe('en');

    const dial = newSession();
    expect(await at(dial, [], number)).toMatch(/^CON Welcome, Kwabena\n1 Give\n.+\n7 Twi$/s);
    const twi = await at(dial, ['7'], number);
    expect(twi).toMatch(/^CON Akwaaba, Kwabena\n1 Ma akyede\n.+\n6 Kyerew wo din\n7 English$/s);
    expect(await localeOf(number)).toBe('ak');
    // The rest of the session speaks it.
    expect(await at(dial, ['7', '1'], number)).toMatch(/^CON Ma akyede: paw\n/);

    // A later session starts in it; English chosen again is kept too.
    const later = newSession();
    expect(await at(later, [], number)).toMatch(/^CON Akwaaba, Kwabena\n1 Ma akyede\n/);
    expect(await at(later, ['9'], number)).toMatch(/^CON Paw 1 kosi 7\.\n/);
    expect(await at(later, ['9', '7'], number)).toMatch(
      /^CON Welcome, Kwabena\n1 Give\n.+\n7 Twi$/s,
    );
    expect(await localeOf(number)).toBe('en');
    expect(await at(newSession(), [], number)).toMatch(/^CON Welcome, Kwabena\n/);

    // A gift's last screen is in the language chosen in its session.
    const { body } = await walk(['7', '1', '2', '20', '1'], number);
    expect(body).toBe('END Pene nsem a ebeba wo fon so no so na ma GHS 20.00. Yeda wo ase!');
    expect(await localeOf(number)).toBe('ak');

    // Inputs that arrive together (a lost request): each screen in the language of its step.
    const together = newSession();
    expect(await at(together, [], number)).toMatch(/^CON Akwaaba, Kwabena\n/);
    expect(await at(together, ['7', '1'], number)).toMatch(/^CON Give: choose\n/);
    expect(await localeOf(number)).toBe('en');
  });

  it("a guest's Twi lasts the session (home with 00 too); registering then makes a Twi account", async () => {
    const number = '+233261238002';
    const session = newSession();
    const english = await at(session, [], number);
    expect(english).toMatch(/\n6 Register\n7 Twi$/);
    const twi = await at(session, ['7'], number);
    expect(twi).toMatch(/^CON .+\n1 Ma akyede\n.+\n6 Bue akawnt\n7 English$/s);
    expect(await at(session, ['7', '5'], number)).toMatch(/\n0 San 00 Menu$/);
    expect(await at(session, ['7', '5', '00'], number)).toBe(twi);
    // No account to keep it on: the next session is in English.
    expect(await at(newSession(), [], number)).toBe(english);

    const steps = ['7', '5', '00', '6', 'Abena', 'Kusi', '1'];
    expect(await at(session, steps, number)).toMatch(/^CON Bue akawnt ma Abena Kusi/);
    expect(await at(session, [...steps, '1'], number)).toBe(
      'END Akwaaba, Abena! Yabue akawnt ama wo. Fre bio na ma akyede. Sede wode app no bedi dwuma no beba SMS so.',
    );
    expect(await localeOf(number)).toBe('ak');
    await expect
      .poll(() => textsTo(number))
      .toEqual([expect.stringMatching(/^Akwaaba .+, Abena! /)]);
    expect(await at(newSession(), [], number)).toMatch(/^CON Akwaaba, Abena\n1 Ma akyede\n/);

    // A guest who registers without choosing gets English (the column's default, as before).
    const plain = '+233261238003';
    await at(newSession(), ['6', 'Kofi', 'Kusi', '1', '1'], plain);
    expect(await localeOf(plain)).toBe('en');
  });

  it("never shows a member's gifts to another number, nor another member's name", async () => {
    const memberNumber = '+233271234567';
    const register = newSession();
    await at(register, ['6', 'Yaw', 'Mensah', '1', '1'], memberNumber);
    const give = newSession();
    await at(give, ['1', '1', '30', '1'], memberNumber);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(transactions).where(eq(transactions.phone, memberNumber)))
            .length,
      )
      .toBe(1);

    const stranger = '+233281234567';
    const main = await at(newSession(), [], stranger);
    expect(main).not.toContain('Yaw');
    expect(main).toContain('6 Register');
    expect(await at(newSession(), ['2'], stranger)).toBe(
      'CON No gifts from this number yet.\n0 Back 00 Menu',
    );
  });

  it('shows as many of the last 5 gifts as fit, with 0 Back 00 Menu (issue 48, item 11)', async () => {
    const number = '+233241110555';
    await t.db.insert(transactions).values(
      Array.from({ length: 5 }, (_, i) => ({
        reference: `ussd-last-${i}-${Date.now()}`,
        method: 'momo',
        provider: 'moolre',
        type: 'building_project',
        amount: 9_999_999_99,
        status: 'abandoned',
        firstName: 'Kofi',
        lastName: 'Boateng',
        assembly: 'grace',
        phone: number,
      })),
    );
    for (const locale of [[], ['7']]) {
      const screen = await at(newSession(), [...locale, '2'], number);
      expect(screen.length - 4).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(screen).toMatch(/^CON .+\n.+ 9,999,999\.99 .+\n0 (Back|San) 00 Menu$/s);
      expect(screen).not.toContain('…');
    }
  });

  it('answers a replayed or late request with the screen already sent', async () => {
    const session = newSession();
    await at(session, []);
    const types = await at(session, ['1']);
    expect(types).toMatch(/^CON Give: choose/);
    const amount = await at(session, ['1', '2']);
    expect(amount).toMatch(/^CON Amount in GHS/);
    // The gateway's retry of an earlier step, arriving late: nothing moves back.
    expect(await at(session, ['1'])).toBe(amount);
    expect(await at(session, ['1', '2'])).toBe(amount);
    // A lost request: the next carries both inputs, and both are taken in order.
    const other = newSession();
    await at(other, []);
    expect(await at(other, ['1', '8'])).toMatch(/^CON What is the gift for\?/);
  });

  it('checks a registered caller in to a service with the code on the entrance screen', async () => {
    const number = '+233261230099';
    const register = newSession();
    await at(register, ['6', 'Kojo', 'Asante', '1', '1'], number);
    const [session] = await t.db
      .insert(checkinSessions)
      .values({
        title: 'Sunday Service',
        opensAt: new Date(Date.now() - 3_600_000),
        closesAt: new Date(Date.now() + 3_600_000),
        code: '424242',
        secret: 'x'.repeat(43),
      })
      .returning();
    const dial = newSession();
    expect(await at(dial, [], number)).toContain('6 Check in');
    expect(await at(dial, ['6'], number)).toMatch(/^CON Check in: type the 6-digit code/);
    expect(await at(dial, ['6', '12'], number)).toMatch(/^CON Type the 6 digits\./);
    expect(await at(dial, ['6', '12', '424242'], number)).toBe(
      'END You are checked in to Sunday Service.',
    );
    // A wrong code is said above the same question (issue 48): type it again, or go back.
    const wrong = newSession();
    expect(await at(wrong, ['6', '111111'], number)).toBe(
      'CON That code is not open for check-in. Check the screen at the entrance.\n' +
        'Check in: type the 6-digit code on the screen at the entrance.\n0 Back 00 Menu',
    );
    expect(await at(wrong, ['6', '111111', '424242'], number)).toBe(
      'END You were already checked in to Sunday Service.',
    );
    const back = newSession();
    expect(await at(back, ['6', '111111', '0'], number)).toMatch(/^CON Welcome, Kojo\n1 Give/);
    const rows = await t.db.select().from(checkins).where(eq(checkins.sessionId, session!.id));
    expect(rows.map((r) => r.method)).toEqual(['ussd']);
  });

  it('refuses wrong input on the same screen, goes back with 0 and home with 00', async () => {
    const session = newSession();
    await at(session, []);
    expect(await at(session, ['9'])).toMatch(/^CON Choose 1 to 7\.\n/);
    expect(await at(session, ['9', '1'])).toMatch(/^CON Give: choose/);
    expect(await at(session, ['9', '1', '3'])).toMatch(/^CON Amount/);
    expect(await at(session, ['9', '1', '3', '0'])).toMatch(/^CON Give: choose/);
    expect(await at(session, ['9', '1', '3', '0', '00'])).toMatch(/^CON .*\n1 Give/);
  });

  it("says today's devotional and texts its link, or says there is none", async () => {
    const { week, day } = isoWeekAndDay(new Date());
    const reader = '+233241110077';
    await t.db.delete(devotionalWeeks).where(eq(devotionalWeeks.id, week));
    expect(await at(newSession(), ['3'], reader)).toBe(
      'END No devotional for today yet. God bless you.',
    );
    await t.db.insert(devotionalWeeks).values({ id: week, title: 'This week', position: week });
    await t.db.insert(devotionalDays).values({ weekId: week, day, title: 'Walking by faith' });
    expect(await at(newSession(), ['3'], reader)).toBe(
      "END Today's devotional: Walking by faith\nThe link comes by SMS.",
    );
    await expect
      .poll(async () => (await textsTo(reader)).at(0) ?? '')
      .toMatch(
        new RegExp(
          `^Today's devotional: Walking by faith\\nhttp.+/devotional/week/${week}/day/${day}$`,
        ),
      );
  });

  it('Hubtel: initiation, a response, a timeout mid-menu, and a replay after it', async () => {
    const SessionId = `hubtel-${Date.now()}`;
    const start = await hubtel({ SessionId, Type: 'initiation', Message: '*713*7#', Sequence: 1 });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      SessionId,
      Type: 'response',
      DataType: 'input',
      FieldType: 'text',
    });
    expect(start.json().Message).toContain('1 Give');
    const types = (await hubtel({ SessionId, Type: 'response', Message: '1', Sequence: 2 })).json();
    expect(types.Message).toMatch(/^Give: choose/);
    // The network came from the operator: Telecel is not asked for later.
    const timeout = await hubtel({ SessionId, Type: 'timeout', Message: '', Sequence: 3 });
    expect(timeout.json()).toMatchObject({ Type: 'release' });
    const late = (await hubtel({ SessionId, Type: 'response', Message: '2', Sequence: 3 })).json();
    expect(late).toMatchObject({ Type: 'release', DataType: 'display' });
    expect(late.Message).toMatch(/^Give: choose/);
    const refused = await hubtel({ SessionId, Type: 'sideways', Sequence: 1 });
    expect(refused.statusCode).toBe(400);
  });

  it('turns away a number that is not a Ghana mobile, and a session taken over by another number', async () => {
    expect(await at(newSession(), [], '+447400123456')).toBe(
      'END Sorry, this service is for Ghana mobile numbers.',
    );
    const session = newSession();
    await at(session, [], '+233241234567');
    expect(await at(session, ['1'], '+233201234567')).toBe(
      'END This session belongs to another number.',
    );
  });
});

describe('USSD phone simulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/ussd',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
  const hiddenValue = (html: string, name: string) =>
    html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];

  it('dials the same menu from a browser form, step by step, and says it is a test tool', async () => {
    const start = await t.app.inject({ url: '/sandbox/ussd' });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('Test tool');
    const menu = await post({ phone: '+233241234567', network: 'MTN' });
    expect(menu.body).toContain('1 Give');
    const session = hiddenValue(menu.body, 'session')!;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const give = await post({
      phone: '+233241234567',
      network: 'MTN',
      session,
      text: '',
      reply: '1',
    });
    expect(give.body).toContain('Give: choose');
    expect(hiddenValue(give.body, 'text')).toBe('1');
    const amount = await post({
      phone: '+233241234567',
      network: 'MTN',
      session,
      text: '1',
      reply: '2',
    });
    expect(amount.body).toContain('Amount in GHS');
    const home = await post({ phone: '+233241234567', session, text: '1*2', reply: '00' });
    expect(home.body).toContain('1 Give');
    const devotional = await post({ phone: '+233241234567', session, text: '1*2*00', reply: '3' });
    expect(devotional.body).toMatch(/Today's devotional|No devotional for today yet/);
    expect(devotional.body).toContain('Dial again');
    // The language item works from the simulator's form as from a gateway.
    const again = hiddenValue((await post({ phone: '+233241234567' })).body, 'session')!;
    const twi = await post({ phone: '+233241234567', session: again, text: '', reply: '7' });
    expect(twi.body).toContain('Test tool');
    expect(twi.body).toMatch(
      /<p class="screen" lang="ak"[^>]*>[^<]*\n1 Ma akyede\n[^<]+\n7 English<\/p>/,
    );
    expect(menu.body).toContain('<p class="screen" lang="en"');
  });

  it('in production answers only this machine and admins', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', DEV_MAILBOX: 'true', ADMIN_EMAILS: 'boss@example.com' },
    });
    try {
      const admin = await memberSession(prod, 'boss@example.com');
      const member = await memberSession(prod, 'plain@example.com');
      const open = (remoteAddress: string, cookie?: string) =>
        prod.app.inject({ url: '/sandbox/ussd', remoteAddress, headers: cookie ? { cookie } : {} });
      expect((await open('203.0.113.9')).statusCode).toBe(403);
      expect((await open('203.0.113.9', member)).statusCode).toBe(403);
      expect((await open('203.0.113.9', admin)).statusCode).toBe(200);
      expect((await open('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('USSD gateway guard', () => {
  it('answers only the configured gateway: its secret and its addresses', async () => {
    const t = await createTestApp({
      env: { USSD_SECRET: 'a-long-shared-secret', USSD_ALLOWED_IPS: '198.51.100.7' },
    });
    try {
      const call = (remoteAddress: string, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/ussd/africastalking',
          remoteAddress,
          payload: 'sessionId=s1&phoneNumber=%2B233241234567&text=',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
      expect(
        (await call('203.0.113.9', { 'x-ussd-secret': 'a-long-shared-secret' })).statusCode,
      ).toBe(403);
      expect((await call('198.51.100.7')).statusCode).toBe(403);
      expect((await call('198.51.100.7', { 'x-ussd-secret': 'wrong' })).statusCode).toBe(403);
      const ok = await call('198.51.100.7', { 'x-ussd-secret': 'a-long-shared-secret' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toMatch(/^CON /);
    } finally {
      await t.close();
    }
  });
});
