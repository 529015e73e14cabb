import Papa from 'papaparse';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckinHome,
  EntranceScreen,
  SessionSummary,
  UsherMember,
} from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import { checkins, childCheckins, devSms, events, users } from '../../db/schema.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { memberSession, provePhone } from '../../testing/accounts.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { qrToken } from './checkin.service.ts';

// Service check-in (issue 34, decision 039): the entrance QR signed for one minute, the short
// code, usher mode, children handed back only with the guardian's code, attendance, and who
// may do each.

const MINUTE = 60_000;
// jsQR is CommonJS: its types name the function `.default`, Node hands it over as the module.
type JsQR = (typeof jsQRModule)['default'];
const jsQR: JsQR =
  (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR);

describe('service check-in', () => {
  let t: TestApp;
  let clock = new Date('2026-11-29T09:00:00Z').getTime();
  let admin: string;
  let usher: string;
  let ama: string;
  let kwame: string;
  let session: SessionSummary;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'admin@example.com' },
      build: { now: () => new Date(clock) },
    });
    admin = await memberSession(t, 'admin@example.com');
    usher = await memberSession(t, 'usher@example.com');
    ama = await memberSession(t, 'ama@example.com');
    kwame = await memberSession(t, 'kwame@example.com', undefined, {
      firstName: 'Kwame',
      lastName: 'Boateng',
      phone: '+233201112233',
      assembly: 'grace',
    });
    // Lookups by phone and SMS use proved numbers only (issue 47).
    await provePhone(t, 'kwame@example.com', '+233201112233');
    await provePhone(t, 'ama@example.com', '+233241234567');
    const created = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'Sunday Service',
      assembly: '',
      opensAt: '2026-11-29T08:30:00Z',
      closesAt: '2026-11-29T12:00:00Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    session = created.json();
    expect(session.code).toMatch(/^\d{6}$/);
  }, 60_000);
  afterAll(() => t?.close());

  const screen = async (cookie = admin): Promise<EntranceScreen> => {
    const res = await call(t, 'GET', `/api/checkin/sessions/${session.id}/screen`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

  it('draws a QR that holds the check-in link, and a new one each minute', async () => {
    const first = await screen();
    // The SVG is a real QR code: rendered and read back, it gives the link.
    const png = await sharp(Buffer.from(first.svg))
      .resize(400, 400)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(png.data), png.info.width, png.info.height);
    expect(read?.data).toBe(first.url);
    expect(first.url).toMatch(new RegExp(`^${t.config.publicUrl}/checkin\\?t=`));
    expect(first.code).toBe(session.code);
    clock += MINUTE;
    const next = await screen();
    expect(tokenOf(next.url)).not.toBe(tokenOf(first.url));
    expect(Date.parse(next.refreshAt)).toBeGreaterThan(clock);
    expect(Date.parse(next.refreshAt)).toBeLessThanOrEqual(clock + MINUTE);
  });

  it('checks a member in by QR once; a photo of an older QR is refused', async () => {
    const old = tokenOf((await screen()).url);
    clock += MINUTE;
    const current = tokenOf((await screen()).url);
    // The one before still works (scanned as it changed)...
    const first = await call(t, 'POST', '/api/checkin', ama, { token: old });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      already: false,
      message: 'You are checked in to Sunday Service.',
    });
    const again = await call(t, 'POST', '/api/checkin', ama, { token: current });
    expect(again.json()).toMatchObject({ already: true });
    // ...two minutes on it does not.
    clock += 2 * MINUTE;
    const stale = await call(t, 'POST', '/api/checkin', kwame, { token: current });
    expect(stale.statusCode).toBe(410);
    expect(stale.json().error.message).toBe(
      'This QR code has expired. Scan the code on the screen at the entrance again.',
    );
    // A token signed by anything but the session's secret is not a check-in code.
    const forged = qrToken({ id: session.id, secret: 'guessed' }, Math.floor(clock / MINUTE));
    expect((await call(t, 'POST', '/api/checkin', kwame, { token: forged })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/checkin', kwame, { token: 'nonsense' })).statusCode).toBe(
      400,
    );
    const rows = await t.db.select().from(checkins).where(eq(checkins.sessionId, session.id));
    expect(rows.map((r) => r.method)).toEqual(['qr']);
  });

  it('checks a member in by the short code, only while check-in is open', async () => {
    const wrong = await call(t, 'POST', '/api/checkin', kwame, {
      code: session.code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(404);
    const ok = await call(t, 'POST', '/api/checkin', kwame, { code: session.code });
    expect(ok.json()).toMatchObject({ already: false });
    const bad = await call(t, 'POST', '/api/checkin', kwame, { code: '12' });
    expect(bad.statusCode).toBe(400);
    const later = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'Evening prayer',
      opensAt: '2026-11-29T17:00:00Z',
      closesAt: '2026-11-29T19:00:00Z',
    });
    const notYet = await call(t, 'POST', '/api/checkin', kwame, { code: later.json().code });
    expect(notYet.statusCode).toBe(404);
  });

  it("lists the open services on a member's screen, with whether they came", async () => {
    const home: CheckinHome = (await call(t, 'GET', '/api/checkin', ama)).json();
    expect(home.usher).toBe(false);
    expect(home.sessions).toEqual([
      expect.objectContaining({
        id: session.id,
        title: 'Sunday Service',
        checkedInAt: expect.any(String),
      }),
    ]);
    expect((await call(t, 'GET', '/api/checkin')).statusCode).toBe(401);
  });

  it('lets only admins name ushers; an usher checks members in by name or phone', async () => {
    const search = (cookie: string, q: string) =>
      call(
        t,
        'GET',
        `/api/checkin/sessions/${session.id}/members?q=${encodeURIComponent(q)}`,
        cookie,
      );
    expect((await search(usher, 'Ama')).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', '/api/admin/checkin/ushers', usher, { contact: 'usher@example.com' }))
        .statusCode,
    ).toBe(403);
    const granted = await call(t, 'POST', '/api/admin/checkin/ushers', admin, {
      contact: 'usher@example.com',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual([expect.objectContaining({ contact: 'usher@example.com' })]);
    expect(
      (await call(t, 'POST', '/api/admin/checkin/ushers', admin, { contact: 'nobody@example.com' }))
        .statusCode,
    ).toBe(404);

    const byPhone: UsherMember[] = (await search(usher, '2011 122')).json();
    expect(byPhone.map((m) => m.name)).toEqual(['Kwame Boateng']);
    expect(byPhone[0]).toMatchObject({ checkedIn: true, phoneEnd: '233' });
    const usherHome: CheckinHome = (await call(t, 'GET', '/api/checkin', usher)).json();
    expect(usherHome.usher).toBe(true);
    const [admins] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    const done = await call(t, 'POST', `/api/checkin/sessions/${session.id}/members`, usher, {
      userId: admins!.id,
    });
    expect(done.json()).toMatchObject({ already: false, message: 'Ama Mensah is checked in.' });
    const twice = await call(t, 'POST', `/api/checkin/sessions/${session.id}/members`, usher, {
      userId: admins!.id,
    });
    expect(twice.json()).toMatchObject({ already: true });
    expect((await search(usher, 'a')).statusCode).toBe(400);
  });

  it('hands a child back only with the code on the guardian’s phone, and keeps who did it', async () => {
    // The guardian checks their own child in: the code shows on their screen.
    const own = await call(t, 'POST', '/api/checkin/children', ama, {
      sessionId: session.id,
      childName: 'Esi',
    });
    expect(own.statusCode).toBe(201);
    const esi = own.json();
    expect(esi.pickupCode).toMatch(/^\d{4}$/);
    const home: CheckinHome = (await call(t, 'GET', '/api/checkin', ama)).json();
    expect(home.children).toEqual([
      expect.objectContaining({ childName: 'Esi', pickupCode: esi.pickupCode }),
    ]);
    // Another member does not see it.
    expect((await call(t, 'GET', '/api/checkin', kwame)).json().children).toEqual([]);

    // An usher checks in a child whose guardian has no app: the code goes by SMS.
    const noPhone = await call(t, 'POST', `/api/checkin/sessions/${session.id}/children`, usher, {
      childName: 'Kofi',
    });
    expect(noPhone.statusCode).toBe(400);
    const kofi = await call(t, 'POST', `/api/checkin/sessions/${session.id}/children`, usher, {
      childName: 'Kofi',
      guardianPhone: '+233507654321',
    });
    expect(kofi.statusCode).toBe(201);
    const [sms] = await t.db.select().from(devSms).orderBy(desc(devSms.createdAt)).limit(1);
    expect(sms?.to).toBe('+233507654321');
    expect(sms?.text).toContain(`Pick-up code: ${kofi.json().pickupCode}`);

    // Pick-up: a member may not, a wrong code does nothing, the right one once.
    const pickup = (cookie: string, code: string) =>
      call(t, 'POST', `/api/checkin/sessions/${session.id}/pickup`, cookie, { code });
    expect((await pickup(ama, esi.pickupCode)).statusCode).toBe(403);
    const wrong = esi.pickupCode === '0000' ? '0001' : '0000';
    if (wrong !== kofi.json().pickupCode) expect((await pickup(usher, wrong)).statusCode).toBe(404);
    const out = await pickup(usher, esi.pickupCode);
    expect(out.json()).toEqual({ childName: 'Esi', guardianPhoneEnd: '567' });
    expect((await pickup(usher, esi.pickupCode)).statusCode).toBe(404);
    const [row] = await t.db.select().from(childCheckins).where(eq(childCheckins.id, esi.id));
    const [usherRow] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'usher@example.com'));
    expect(row).toMatchObject({ checkedOutBy: usherRow!.id });
    expect(row?.checkedInBy).not.toBeNull();
    expect((await call(t, 'GET', '/api/checkin', ama)).json().children).toEqual([]);
  });

  it('reports attendance per service and assembly, as CSV too, to admins only', async () => {
    const rows = (await call(t, 'GET', '/api/admin/checkin/attendance', admin)).json();
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sessionId: session.id, assembly: 'bethel', members: 2 }),
        expect.objectContaining({ sessionId: session.id, assembly: 'grace', members: 1 }),
        expect.objectContaining({ sessionId: session.id, assembly: null, children: 2 }),
      ]),
    );
    expect((await call(t, 'GET', '/api/admin/checkin/attendance', usher)).statusCode).toBe(403);
    const csv = await call(t, 'GET', '/api/admin/checkin/attendance.csv', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim());
    expect(parsed.data[0]).toEqual(['Service', 'Opens', 'Assembly', 'Members', 'Children']);
    expect(parsed.data).toContainEqual([
      'Sunday Service',
      '2026-11-29T08:30:00.000Z',
      'grace',
      '1',
      '0',
    ]);
    const list: SessionSummary[] = (
      await call(t, 'GET', '/api/admin/checkin/sessions', admin)
    ).json();
    expect(list.find((s) => s.id === session.id)).toMatchObject({ members: 3, children: 2 });
  });

  it('defuses a service name that a spreadsheet would run as a formula', async () => {
    const res = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: '=HYPERLINK("http://x")',
      opensAt: '2026-11-29T08:00:00Z',
      closesAt: '2026-11-29T13:00:00Z',
    });
    await call(t, 'POST', '/api/checkin', ama, { code: res.json().code });
    const csv = (await call(t, 'GET', '/api/admin/checkin/attendance.csv', admin)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('refuses a window that closes before it opens or lasts over a day', async () => {
    const bad = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'X',
      opensAt: '2026-11-29T10:00:00Z',
      closesAt: '2026-11-29T09:00:00Z',
    });
    expect(bad.statusCode).toBe(400);
    const long = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'X',
      opensAt: '2026-11-29T10:00:00Z',
      closesAt: '2026-12-01T10:00:00Z',
    });
    expect(long.json().error.fields.closesAt).toBe('Check-in can stay open for at most 24 hours.');
    const unknown = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'X',
      assembly: 'atlantis',
      opensAt: '2026-11-29T10:00:00Z',
      closesAt: '2026-11-29T11:00:00Z',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('links a service to the event it is the check-in of, and only to one that exists', async () => {
    const [event] = await t.db
      .insert(events)
      .values({
        title: 'Harvest',
        startsAt: new Date('2026-11-29T10:00:00Z'),
        endsAt: new Date('2026-11-29T12:00:00Z'),
        place: 'Main hall',
      })
      .returning();
    const body = {
      title: 'Harvest',
      opensAt: '2026-11-29T09:30:00Z',
      closesAt: '2026-11-29T12:00:00Z',
    };
    const linked = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      ...body,
      eventId: event!.id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().eventId).toBe(event!.id);
    const unknown = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      ...body,
      eventId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().error.fields.eventId).toBe('Choose one of the events, or none.');
  });

  it('lets an admin take an usher off the list', async () => {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'usher@example.com'));
    expect(
      (await call(t, 'DELETE', `/api/admin/checkin/ushers/${row!.id}`, admin)).statusCode,
    ).toBe(204);
    expect((await call(t, 'GET', '/api/checkin/sessions', usher)).statusCode).toBe(403);
    expect(
      (await call(t, 'DELETE', `/api/admin/checkin/ushers/${row!.id}`, admin)).statusCode,
    ).toBe(404);
  });

  it('texts a Twi guardian their pick-up code in Twi, in GSM-7', async () => {
    expect(
      (await call(t, 'PUT', '/api/profile/language', kwame, { locale: 'ak' })).statusCode,
    ).toBe(200);
    const child = await call(t, 'POST', `/api/checkin/sessions/${session.id}/children`, admin, {
      childName: 'Adwoa',
      guardianPhone: '+233201112233',
    });
    expect(child.statusCode, child.body).toBe(201);
    const [sms] = await t.db.select().from(devSms).orderBy(desc(devSms.createdAt)).limit(1);
    expect(sms?.to).toBe('+233201112233');
    const facts = {
      church: t.app.ctx.church.registeredName,
      child: 'Adwoa',
      session: 'Sunday Service',
      code: child.json().pickupCode as string,
    };
    expect(sms?.text).toBe(m.sms_checkin_pickup(facts, { locale: 'ak' }));
    expect(sms?.text).not.toBe(m.sms_checkin_pickup(facts, { locale: 'en' }));
    expect(smsShape(sms!.text).encoding).toBe('GSM-7');
    // An answer in the language of the browser that asked.
    const none = await call(
      t,
      'DELETE',
      '/api/admin/checkin/ushers/nobody',
      `${admin}; PARAGLIDE_LOCALE=ak`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(m.server_checkin_no_usher({}, { locale: 'ak' }));
  });
});
