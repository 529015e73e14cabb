import { and, eq, like } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventCreateSchema,
  parseEventTime,
  type EventView,
  type ManagedEvents,
} from '../../../shared/schemas/events.ts';
import { readTypedPhone } from '../../../shared/schemas/accounts.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { eventRsvps, notifications, scheduledJobs, users } from '../../db/schema.ts';
import { killedAtNoticeInsert } from '../../testing/killed-at-insert.ts';
import { runJobsNow } from '../../jobs.ts';
import { recordingContext } from '../../testing/recording-senders.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { formatGhanaTime } from '../../../shared/format.ts';
import { sendEventReminder } from './reminders.ts';
import { REMINDER_LEAD_MS } from './events.service.ts';
import { escapeText, foldLine, icsCalendar } from './ics.ts';

// Events (decision 037): publishing within one's assemblies, replies within capacity and
// before the deadline, names shown only to one's assembly and only when allowed, guests by
// phone (limited per phone), the calendar file, the CSV, and a reminder sent once.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A form's time (Ghana = UTC), `ms` from now, to the minute. */
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

describe('the calendar file (RFC 5545)', () => {
  it('escapes text, folds long lines at 75 octets and ends every line with CRLF', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `DESCRIPTION:${'ɛ'.repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    // Unfolding (remove CRLF + one space) gives the line back, no character split.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    const ics = icsCalendar(
      {
        uid: 'abc@flock.test',
        stamp: new Date('2026-11-27T01:02:03.456Z'),
        start: new Date('2026-12-24T18:30:00Z'),
        end: new Date('2026-12-24T21:00:00Z'),
        summary: 'Carols; lessons, and tea',
        location: 'Main hall',
        description: 'Line one\nLine two',
        url: 'https://flock.test/events/abc',
      },
      'Flock',
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('UID:abc@flock.test');
    expect(lines).toContain('DTSTAMP:20261127T010203Z');
    expect(lines).toContain('DTSTART:20261224T183000Z');
    expect(lines).toContain('DTEND:20261224T210000Z');
    expect(lines).toContain('SUMMARY:Carols\\; lessons\\, and tea');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
  });
});

describe('the event form’s checks', () => {
  it('reads times as Ghana’s (UTC) and refuses impossible ones', () => {
    expect(parseEventTime('2026-12-24T18:30')?.toISOString()).toBe('2026-12-24T18:30:00.000Z');
    expect(parseEventTime('2026-12-24T18:30:00.000Z')?.toISOString()).toBe(
      '2026-12-24T18:30:00.000Z',
    );
    expect(parseEventTime('2026-02-31T10:00')).toBeNull();
    expect(parseEventTime('2026-12-24T25:00')).toBeNull();
    expect(parseEventTime('tomorrow')).toBeNull();
  });

  it('needs an end after the start and a deadline before it', () => {
    const base = { title: 'Picnic', place: 'Park', startsAt: '2030-01-01T10:00' };
    expect(eventCreateSchema.safeParse({ ...base, endsAt: '2030-01-01T12:00' }).success).toBe(true);
    const before = eventCreateSchema.safeParse({ ...base, endsAt: '2030-01-01T09:00' });
    expect(before.error?.issues[0]?.message).toBe('It must end after it starts.');
    const late = eventCreateSchema.safeParse({
      ...base,
      endsAt: '2030-01-01T12:00',
      registrationClosesAt: '2030-01-02T00:00',
    });
    expect(late.error?.issues[0]?.message).toBe('Registration must close before the event starts.');
    expect(
      eventCreateSchema.safeParse({ ...base, endsAt: '2030-01-01T12:00', capacity: '0' }).success,
    ).toBe(false);
  });

  it('takes a guest’s Ghana number as typed', () => {
    expect(readTypedPhone('024 123 4567')).toBe('+233241234567');
    expect(readTypedPhone('+44 7911 123456')).toBe('+447911123456');
    expect(readTypedPhone('12')).toBeNull();
  });
});

describe('events over HTTP', () => {
  let t: TestApp;
  let admin: string;
  let officer: string;
  let ama: string;
  let kofi: string;
  let yaw: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
    admin = await memberSession(t, 'admin@example.com');
    officer = await memberSession(t, 'officer@example.com');
    ama = await memberSession(t, 'ama@example.com');
    kofi = await memberSession(t, 'kofi@example.com');
    yaw = await memberSession(t, 'yaw@example.com');
    const grant = await call(t, 'PUT', '/api/admin/finance/officers', admin, {
      email: 'officer@example.com',
      allAssemblies: false,
      assemblies: ['grace'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    // Ama and Kofi belong to Grace; Yaw stays in Bethel.
    for (const email of ['ama@example.com', 'kofi@example.com']) {
      await t.db.update(users).set({ assemblyName: 'grace' }).where(eq(users.email, email));
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const publish = async (cookie: string, body: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/admin/events', cookie, {
      title: 'Youth picnic',
      assembly: 'grace',
      startsAt: at(3 * DAY),
      endsAt: at(3 * DAY + 3 * HOUR),
      place: 'Aburi gardens',
      description: 'Bring water',
      ...body,
    });

  const rsvp = (cookie: string, id: string, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/events/${id}/rsvp`, cookie, body);

  it('lets an officer publish for their assembly only, an admin for any or all, no member', async () => {
    const mine = await publish(officer);
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await publish(officer, { assembly: 'bethel' })).statusCode).toBe(403);
    expect((await publish(officer, { assembly: '' })).statusCode).toBe(403);
    expect((await publish(admin, { assembly: '' })).statusCode).toBe(201);
    expect((await publish(ama)).statusCode).toBe(403);
    expect((await publish(admin, { startsAt: at(-HOUR), endsAt: at(HOUR) })).statusCode).toBe(400);
    // The officer's list holds Grace's events only; the admin's every one.
    const officerList = (await call(t, 'GET', '/api/admin/events', officer)).json<ManagedEvents>();
    expect(officerList.events.every((e) => e.assembly?.slug === 'grace')).toBe(true);
    expect(officerList.assemblies.map((a) => a.slug)).toEqual(['grace']);
    const bethel = (await publish(admin, { assembly: 'bethel' })).json<{ id: string }>();
    expect((await call(t, 'DELETE', `/api/admin/events/${bethel.id}`, officer)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, 'GET', `/api/admin/events/${bethel.id}/rsvps.csv`, officer)).statusCode,
    ).toBe(403);
    expect((await call(t, 'DELETE', `/api/admin/events/${bethel.id}`, admin)).statusCode).toBe(204);
    // Anyone reads the list.
    expect((await call(t, 'GET', '/api/events')).statusCode).toBe(200);
  });

  it('counts seats with guests and says clearly when the event is full', async () => {
    const { id } = (await publish(admin, { capacity: '3' })).json<{ id: string }>();
    const going = await rsvp(ama, id, { going: true, guests: 1 });
    expect(going.statusCode, going.body).toBe(200);
    expect(going.json<EventView>().placesLeft).toBe(1);
    const tooMany = await rsvp(kofi, id, { going: true, guests: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Sorry, only 1 place is left: bring fewer guests.');
    expect((await rsvp(kofi, id, { going: true, guests: 0 })).statusCode).toBe(200);
    const full = await rsvp(yaw, id, { going: true, guests: 0 });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Sorry, this event is full: there are no places left.');
    // Saying no frees the seat; going again takes it back.
    expect((await rsvp(kofi, id, { going: false })).json<EventView>().placesLeft).toBe(1);
    expect((await rsvp(yaw, id, { going: true, guests: 0 })).statusCode).toBe(200);
    const guest = await call(t, 'POST', `/api/events/${id}/guest-rsvps`, undefined, {
      name: 'Esi',
      phone: '0201112233',
    });
    expect(guest.statusCode).toBe(409);
    expect(guest.json().error.message).toBe('Sorry, this event is full: there are no places left.');
  });

  it('refuses new places after the registration deadline, with a clear message', async () => {
    const { id } = (await publish(admin, { registrationClosesAt: at(-DAY) })).json<{
      id: string;
    }>();
    const late = await rsvp(ama, id, { going: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Registration for this event has closed.');
    expect((await rsvp(ama, id, { going: false })).statusCode).toBe(200);
    const view = (await call(t, 'GET', `/api/events/${id}`)).json<EventView>();
    expect(view.open).toBe(false);
  });

  it('shows a member’s name only to their assembly and only when they allowed it', async () => {
    const { id } = (await publish(admin, { assembly: '' })).json<{ id: string }>();
    await rsvp(ama, id, { going: true, showName: true });
    await rsvp(kofi, id, { going: true, showName: false });
    await rsvp(yaw, id, { going: true, showName: true });
    const byKofi = (await call(t, 'GET', `/api/events/${id}`, kofi)).json<EventView>();
    expect(byKofi.attendees).toEqual(['Ama Mensah']);
    expect(byKofi.myRsvp).toEqual({ going: true, guests: 0, showName: false });
    const byYaw = (await call(t, 'GET', `/api/events/${id}`, yaw)).json<EventView>();
    expect(byYaw.attendees).toEqual([]);
    const anonymous = (await call(t, 'GET', `/api/events/${id}`)).json<EventView>();
    expect(anonymous.attendees).toEqual([]);
    expect(anonymous.myRsvp).toBeNull();
    expect(anonymous.seatsTaken).toBe(3);
  });

  it('takes a guest’s reply once per phone and limits replies per phone', async () => {
    const { id } = (await publish(admin)).json<{ id: string }>();
    const guest = (phone: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${id}/guest-rsvps`,
        payload: { name: 'Esi Guest', phone, guests: 1 },
        headers: { origin: ORIGIN },
        remoteAddress: address,
      });
    expect((await guest('024 555 0001', '10.1.0.1')).statusCode).toBe(201);
    const again = await guest('+233245550001', '10.1.0.2');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This phone number already has a reply for this event.',
    );
    // Three replies an hour per phone, from any address.
    expect((await guest('0245550001', '10.1.0.3')).statusCode).toBe(409);
    const limited = await guest('0245550001', '10.1.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another phone is not limited by it.
    expect((await guest('0245550002', '10.1.0.5')).statusCode).toBe(201);
    expect((await guest('not a phone', '10.1.0.6')).statusCode).toBe(400);
  });

  it('gives a calendar file and a CSV of replies with formulae defused', async () => {
    const { id } = (await publish(admin, { title: 'Carols, lessons; tea', capacity: '' })).json<{
      id: string;
    }>();
    const ics = await call(t, 'GET', `/api/events/${id}/event.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('SUMMARY:Carols\\, lessons\\; tea\r\n');
    expect(ics.body).toMatch(new RegExp(`UID:${id}@`));
    expect(ics.body).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    expect((await call(t, 'GET', `/api/events/${crypto.randomUUID()}/event.ics`)).statusCode).toBe(
      404,
    );

    await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/guest-rsvps`,
      payload: { name: '=HYPERLINK("http://evil")', phone: '0245550099' },
      headers: { origin: ORIGIN },
      remoteAddress: '10.1.1.1',
    });
    await rsvp(ama, id, { going: true, guests: 2 });
    const csv = await call(t, 'GET', `/api/admin/events/${id}/rsvps.csv`, officer);
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '')).data;
    expect(rows[0]).toEqual([
      'Name',
      'Member or guest',
      'Email',
      'Phone',
      'Assembly',
      'Going',
      'Guests',
      'Replied at',
    ]);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toContain('Ama Mensah');
    expect(names).toContain('\'=HYPERLINK("http://evil")');
    expect((await call(t, 'GET', `/api/admin/events/${id}/rsvps.csv`, ama)).statusCode).toBe(403);
    const counts = (await call(t, 'GET', '/api/admin/events', admin))
      .json<ManagedEvents>()
      .events.find((e) => e.id === id)!;
    expect(counts).toMatchObject({ going: 2, guests: 2, seatsTaken: 4, guestReplies: 1 });
  });

  describe('reminders', () => {
    const recorder = (now: Date) => recordingContext(t.app.ctx, { now: () => now });

    /** An event in three days Ama is going to: her reply, and a clock an hour before it. */
    async function amaGoingTo(title: string) {
      const made = (
        await publish(admin, { title, startsAt: at(3 * DAY), endsAt: at(3 * DAY + HOUR) })
      ).json<{ id: string; startsAt: string }>();
      await rsvp(ama, made.id, { going: true });
      const [row] = await t.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, made.id));
      const due = recorder(new Date(new Date(made.startsAt).getTime() - HOUR));
      const reminders = () => due.mails.filter((mail) => mail.subject === `Reminder: ${title}`);
      return { row: row!, due, reminders };
    }

    it('go a day before, once, by the member’s channel (SMS to a proved phone), none to guests', async () => {
      const made = (
        await publish(admin, {
          title: 'Harvest',
          startsAt: at(5 * DAY),
          endsAt: at(5 * DAY + HOUR),
        })
      ).json<{ id: string; startsAt: string }>();
      await rsvp(ama, made.id, { going: true });
      await rsvp(kofi, made.id, { going: false });
      await t.db
        .update(users)
        .set({ receiptChannel: 'sms', loginPhone: '+233241110000', phoneVerified: true })
        .where(eq(users.email, 'yaw@example.com'));
      await rsvp(yaw, made.id, { going: true });
      await call(t, 'POST', `/api/events/${made.id}/guest-rsvps`, undefined, {
        name: 'Esi',
        phone: '0209998877',
      });
      const start = new Date(made.startsAt).getTime();

      // Two days before: nothing is due.
      const early = recorder(new Date(start - 2 * DAY));
      await runJobsNow(early.ctx, early.ctx.now());
      expect(early.mails.filter((m) => m.subject === 'Reminder: Harvest')).toEqual([]);

      // A day before, two instances at once and again: one reminder each.
      const due = recorder(new Date(start - REMINDER_LEAD_MS + 60_000));
      await Promise.all([runJobsNow(due.ctx, due.ctx.now()), runJobsNow(due.ctx, due.ctx.now())]);
      await runJobsNow(due.ctx, due.ctx.now());
      const harvest = due.mails.filter((m) => m.subject === 'Reminder: Harvest');
      expect(harvest.map((m) => m.to)).toEqual(['ama@example.com']);
      expect(harvest[0]!.text).toContain('Aburi gardens');
      expect(harvest[0]!.text).toContain(`/events/${made.id}`);
      const texts = due.texts.filter((s) => s.text.includes('Harvest'));
      expect(texts.map((s) => s.to)).toEqual(['+233241110000']);
    });

    it('item 4: a guest’s reply schedules no SMS, and a reminder job made for one before sends none', async () => {
      const made = (
        await publish(admin, {
          title: 'Outreach',
          startsAt: at(2 * DAY),
          endsAt: at(2 * DAY + HOUR),
        })
      ).json<{ id: string; startsAt: string }>();
      // Before: any number typed here was texted a reminder (SMS pumping by the event page).
      const reply = await call(t, 'POST', `/api/events/${made.id}/guest-rsvps`, undefined, {
        name: 'Pump',
        phone: '+447911123456',
      });
      expect(reply.statusCode).toBe(201);
      const [row] = await t.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, made.id));
      const jobs = await t.db
        .select()
        .from(scheduledJobs)
        .where(like(scheduledJobs.key, `events:reminder:${row!.id}:%`));
      expect(jobs).toEqual([]);
      const due = recorder(new Date(new Date(made.startsAt).getTime() - HOUR));
      expect(await sendEventReminder(due.ctx, row!.id, due.ctx.now())).toBe('skipped');
      expect(due.texts).toEqual([]);
    });

    it('a failed send is tried again, and nothing goes once the event started', async () => {
      const made = (
        await publish(admin, { title: 'Vigil', startsAt: at(4 * DAY), endsAt: at(4 * DAY + HOUR) })
      ).json<{ id: string; startsAt: string }>();
      await rsvp(ama, made.id, { going: true });
      const [row] = await t.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, made.id));
      const start = new Date(made.startsAt).getTime();
      const down = recorder(new Date(start - HOUR));
      // The reminder is a notice once written; its failed mail is sent again by the job.
      down.failNext(true);
      expect(await sendEventReminder(down.ctx, row!.id, down.ctx.now())).toBe('sent');
      expect(down.mails).toHaveLength(0);
      down.failNext(false);
      await runJobsNow(down.ctx);
      expect(await sendEventReminder(down.ctx, row!.id, down.ctx.now())).toBe('skipped');
      await runJobsNow(down.ctx);
      expect(down.mails.map((m) => m.subject)).toEqual(['Reminder: Vigil']);
      await t.db.update(eventRsvps).set({ remindedAt: null }).where(eq(eventRsvps.id, row!.id));
      const late = recorder(new Date(start + 60_000));
      expect(await sendEventReminder(late.ctx, row!.id, late.ctx.now())).toBe('skipped');
    });

    it('killed while the notice is written, go when the job runs again', async () => {
      const { row, due, reminders } = await amaGoingTo('Convention');
      // An instance whose database never answers the notice's insert: as good as killed there.
      const dying = killedAtNoticeInsert(t.db);
      const frozen = { ...due.ctx, db: dying.db } as AppContext;
      void sendEventReminder(frozen, row.id, due.ctx.now());
      await dying.killed;
      const [before] = await t.db.select().from(eventRsvps).where(eq(eventRsvps.id, row.id));
      expect(before!.remindedAt).toBeNull();
      // The reminder's job, taken again once its lease ran out.
      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('sent');
      expect(reminders()).toHaveLength(1);
    });

    it('after a crash between the notice and reminded_at, go on and send nothing twice', async () => {
      const { row, due, reminders: synod } = await amaGoingTo('Synod');
      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('sent');
      expect(synod()).toHaveLength(1);
      // Killed after the notice went, before reminded_at was written: the job runs again.
      await t.db.update(eventRsvps).set({ remindedAt: null }).where(eq(eventRsvps.id, row.id));
      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('sent');
      await runJobsNow(due.ctx, due.ctx.now());
      expect(synod()).toHaveLength(1);
      const [after] = await t.db.select().from(eventRsvps).where(eq(eventRsvps.id, row.id));
      expect(after!.remindedAt).not.toBeNull();
      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('skipped');
    });

    it('after a crash between the notice row and its jobs, send it once', async () => {
      const { row, due, reminders: retreat } = await amaGoingTo('Retreat');
      // The notice is written, its mail not sent (SMTP down)…
      due.failNext(true);
      await sendEventReminder(due.ctx, row.id, due.ctx.now());
      due.failNext(false);
      // …and, as if killed before its jobs and reminded_at were written, neither is there.
      const [written] = await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.kind, 'event.reminder'), like(notifications.key, `%${row.id}%`)),
        );
      expect(written!.emailAt).toBeNull();
      await t.db
        .delete(scheduledJobs)
        .where(like(scheduledJobs.key, `notification:${written!.id}:%`));
      await t.db.update(eventRsvps).set({ remindedAt: null }).where(eq(eventRsvps.id, row.id));
      expect(retreat()).toHaveLength(0);

      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('sent');
      expect(retreat()).toHaveLength(1);
      await runJobsNow(due.ctx, due.ctx.now());
      expect(await sendEventReminder(due.ctx, row.id, due.ctx.now())).toBe('skipped');
      expect(retreat()).toHaveLength(1);
    });

    it('remind a Twi member in Twi (mail, and SMS to their proved phone), and no guest', async () => {
      const made = (
        await publish(admin, { title: 'Dance', startsAt: at(6 * DAY), endsAt: at(6 * DAY + HOUR) })
      ).json<{ id: string; startsAt: string }>();
      expect(
        (await call(t, 'PUT', '/api/profile/language', kofi, { locale: 'ak' })).statusCode,
      ).toBe(200);
      await t.db
        .update(users)
        .set({ receiptChannel: 'both', loginPhone: '+233207770009', phoneVerified: true })
        .where(eq(users.email, 'kofi@example.com'));
      await rsvp(kofi, made.id, { going: true });
      await rsvp(ama, made.id, { going: true });
      const guest = (phone: string, cookie?: string) =>
        call(t, 'POST', `/api/events/${made.id}/guest-rsvps`, cookie, { name: 'Abena', phone });
      expect((await guest('0207770001', 'PARAGLIDE_LOCALE=ak')).statusCode).toBe(201);
      expect((await guest('0207770002')).statusCode).toBe(201);

      const start = new Date(made.startsAt).getTime();
      const due = recorder(new Date(start - REMINDER_LEAD_MS + 60_000));
      await runJobsNow(due.ctx, due.ctx.now());
      const facts = {
        church: t.app.ctx.church.registeredName,
        title: 'Dance',
        when: formatGhanaTime(made.startsAt),
        place: 'Aburi gardens',
        link: `${t.app.ctx.config.publicUrl}/events/${made.id}`,
      };
      const subjects = Object.fromEntries(
        due.mails.filter((m) => m.text.includes('Dance')).map((m) => [m.to, m.subject]),
      );
      expect(subjects).toEqual({
        'kofi@example.com': m.mail_events_reminder_subject(facts, { locale: 'ak' }),
        'ama@example.com': 'Reminder: Dance',
      });
      const sms = Object.fromEntries(due.texts.map((s) => [s.to, s.text]));
      const twi = m.sms_events_reminder(facts, { locale: 'ak' });
      expect(twi).not.toBe(m.sms_events_reminder(facts, { locale: 'en' }));
      expect(sms).toEqual({ '+233207770009': twi });
      expect(smsShape(twi).encoding).toBe('GSM-7');
    });
  });
});
