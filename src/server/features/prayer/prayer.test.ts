import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { m } from '../../../paraglide/messages.js';
import {
  ANONYMOUS_NAME,
  checkAnswerNote,
  checkPrayerForm,
  PRAYER_DAILY_LIMIT,
  PRAYER_MESSAGES,
  prayerAnswerSchema,
  prayerCreateSchema,
  type PrayerQueue,
  type PrayerRequest,
  type PrayerWall,
} from '../../../shared/schemas/prayer.ts';
import { memberSession } from '../../testing/accounts.ts';
import { notifications, users } from '../../db/schema.ts';
import { call, callFor } from '../../testing/finance.ts';
import { prayerPeople } from '../../testing/prayer.ts';
import { useTestApp } from '../../testing/test-app.ts';

// The prayer wall (decision 036): held until a moderator of its assembly approves it, never
// shown to other members before; 'I prayed' once each; answered and deleted by its author
// only; a report holds it again; anonymous hides the name from members, not moderators.

describe('the prayer form’s checks without zod', () => {
  it('agree with the schemas the server uses', () => {
    const forms = [
      { text: 'Pray for my exams', visibility: 'church', anonymous: false },
      { text: '  ', visibility: 'church', anonymous: false },
      { text: 'x'.repeat(500), visibility: 'assembly', anonymous: true },
      { text: 'x'.repeat(501), visibility: 'pastors', anonymous: false },
      { text: 'Healing', visibility: 'everyone', anonymous: false },
      { text: '', visibility: '', anonymous: false },
    ];
    for (const form of forms) {
      const schema = prayerCreateSchema.safeParse(form);
      const check = checkPrayerForm(form);
      expect(check.ok, JSON.stringify(form)).toBe(schema.success);
      if (!schema.success && !check.ok) {
        for (const issue of schema.error.issues) {
          expect(check.errors[String(issue.path[0])], JSON.stringify(form)).toBe(issue.message);
        }
      }
    }
    for (const note of ['He healed her', ' ', 'x'.repeat(500), 'x'.repeat(501)]) {
      const schema = prayerAnswerSchema.safeParse({ note });
      expect(checkAnswerNote(note)).toBe(schema.success ? null : schema.error.issues[0]!.message);
    }
  });
});

describe('the prayer wall', () => {
  const t = useTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  let admin: string;
  /** Bethel members (the default assembly of test sign-ups). */
  let ama: string;
  let kwame: string;
  /** A Grace member. */
  let kofi: string;
  /** Approved pastors: of Bethel (their application's branch) and of Grace. */
  let bethelPastor: string;
  let gracePastor: string;

  /** A confirmed member of `assembly` named `firstName` Mensah, signed in. */
  const named = (email: string, firstName: string, assembly = 'bethel') =>
    memberSession(t, email, undefined, { firstName, assembly });

  beforeAll(async () => {
    ({ admin, ama, kwame, kofi, bethelPastor, gracePastor } = await prayerPeople(t));
  });

  const post = (cookie: string, body: Record<string, unknown>) =>
    callFor<PrayerRequest>(201, t, 'POST', '/api/prayer', cookie, body);
  const wall = (cookie: string) => callFor<PrayerWall>(200, t, 'GET', '/api/prayer', cookie);
  const seen = async (cookie: string, id: string) =>
    (await wall(cookie)).requests.find((r) => r.id === id);
  const queue = async (cookie: string) => {
    const res = await call(t, 'GET', '/api/prayer/moderation', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PrayerQueue).held;
  };
  const decideOn = (cookie: string, id: string, status: 'approved' | 'rejected') =>
    call(t, 'POST', `/api/prayer/${id}/decision`, cookie, {
      status,
      ...(status === 'rejected' ? { reason: 'Not for the wall.' } : {}),
    });

  it('holds a request until a moderator approves it; before that no other member sees it', async () => {
    const made = await post(ama, { text: 'Pray for my mother’s healing', visibility: 'church' });
    expect(made).toMatchObject({ status: 'pending', mine: true, prayedCount: 0 });
    expect((await seen(ama, made.id))?.status).toBe('pending');
    for (const other of [kwame, kofi, gracePastor])
      expect(await seen(other, made.id)).toBeUndefined();
    // Nothing can reach it by its id either.
    expect((await call(t, 'POST', `/api/prayer/${made.id}/prayed`, kwame)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/prayer/${made.id}/report`, kwame)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/prayer/${made.id}/prayed`, ama)).statusCode).toBe(404);

    // Bethel's pastor and admins moderate it; Grace's pastor does not see it; members may not.
    expect((await queue(bethelPastor)).map((h) => h.id)).toContain(made.id);
    expect((await queue(admin)).map((h) => h.id)).toContain(made.id);
    expect((await queue(gracePastor)).map((h) => h.id)).not.toContain(made.id);
    expect((await decideOn(gracePastor, made.id, 'approved')).statusCode).toBe(404);
    expect((await decideOn(kwame, made.id, 'approved')).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/prayer/moderation', kwame)).statusCode).toBe(403);
    expect((await wall(kwame)).canModerate).toBe(false);
    expect((await wall(gracePastor)).canModerate).toBe(true);

    expect((await decideOn(bethelPastor, made.id, 'approved')).statusCode).toBe(200);
    expect((await decideOn(bethelPastor, made.id, 'approved')).statusCode).toBe(404);
    for (const other of [kwame, kofi, gracePastor, admin]) {
      expect((await seen(other, made.id))?.author).toBe('Ama Mensah');
    }
  });

  it('counts “I prayed” once per member, and the author marks it answered with a note', async () => {
    const made = await post(ama, { text: 'A job for my brother', visibility: 'church' });
    expect((await decideOn(admin, made.id, 'approved')).statusCode).toBe(200);
    for (const cookie of [kwame, kwame, kofi]) {
      const res = await call(t, 'POST', `/api/prayer/${made.id}/prayed`, cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await seen(kwame, made.id)).toMatchObject({ prayedCount: 2, prayed: true });
    expect(await seen(ama, made.id)).toMatchObject({ prayedCount: 2, prayed: false });

    const note = { note: 'He starts on Monday. Thank you all!' };
    expect((await call(t, 'POST', `/api/prayer/${made.id}/answer`, kwame, note)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'POST', `/api/prayer/${made.id}/answer`, admin, note)).statusCode).toBe(
      404,
    );
    const res = await call(t, 'POST', `/api/prayer/${made.id}/answer`, ama, note);
    expect(res.statusCode, res.body).toBe(200);
    const answered = await seen(kofi, made.id);
    expect(answered?.answerNote).toBe(note.note);
    expect(answered?.answeredAt).not.toBeNull();
  });

  it('tells each member who prayed that it was answered, in their own language', async () => {
    expect((await call(t, 'PUT', '/api/profile/language', kofi, { locale: 'ak' })).statusCode).toBe(
      200,
    );
    const made = await post(ama, { text: 'Safe travel for my aunt', visibility: 'church' });
    expect((await decideOn(admin, made.id, 'approved')).statusCode).toBe(200);
    for (const cookie of [kwame, kofi]) {
      expect((await call(t, 'POST', `/api/prayer/${made.id}/prayed`, cookie)).statusCode).toBe(200);
    }
    const note = 'She arrived well.';
    // Ama answers from a Twi browser: each notice is in its own member's language.
    const res = await call(
      t,
      'POST',
      `/api/prayer/${made.id}/answer`,
      `${ama}; PARAGLIDE_LOCALE=ak`,
      {
        note,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const noticeOf = async (email: string) => {
      const [row] = await t.db
        .select({ title: notifications.title, body: notifications.body })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(
          and(eq(users.email, email), like(notifications.key, `prayer.answered:${made.id}:%`)),
        );
      return row;
    };
    const kofiNotice = await noticeOf('kofi@example.com');
    const kwameNotice = await noticeOf('kwame@example.com');
    expect(kofiNotice).toMatchObject({
      title: m.mail_prayer_answered_subject({}, { locale: 'ak' }),
      body: m.server_prayer_answered_body({ note }, { locale: 'ak' }),
    });
    expect(kofiNotice!.title).not.toBe('A prayer you prayed for was answered');
    expect(kwameNotice).toMatchObject({
      title: 'A prayer you prayed for was answered',
      body: `Answered: ${note}`,
    });
  });

  it('keeps a rejected request to its author', async () => {
    const made = await post(kwame, { text: 'Something unkind', visibility: 'church' });
    expect((await decideOn(bethelPastor, made.id, 'rejected')).statusCode).toBe(200);
    expect((await seen(kwame, made.id))?.status).toBe('rejected');
    expect(await seen(ama, made.id)).toBeUndefined();
    expect((await queue(admin)).map((h) => h.id)).not.toContain(made.id);
  });

  it('shows an assembly request to that assembly, its pastors and admins only', async () => {
    const made = await post(kofi, { text: 'Our harvest service', visibility: 'assembly' });
    expect((await decideOn(bethelPastor, made.id, 'approved')).statusCode).toBe(404);
    expect((await decideOn(gracePastor, made.id, 'approved')).statusCode).toBe(200);
    expect(await seen(gracePastor, made.id)).toBeDefined();
    expect(await seen(admin, made.id)).toBeDefined();
    for (const other of [ama, kwame, bethelPastor])
      expect(await seen(other, made.id)).toBeUndefined();
    expect((await call(t, 'POST', `/api/prayer/${made.id}/prayed`, ama)).statusCode).toBe(404);
  });

  it('shows a request for pastors only at once to the assembly’s pastors and admins, no one else', async () => {
    const made = await post(ama, { text: 'A private matter', visibility: 'pastors' });
    expect(made.status).toBe('approved');
    expect(await seen(bethelPastor, made.id)).toBeDefined();
    expect(await seen(admin, made.id)).toBeDefined();
    for (const other of [kwame, kofi, gracePastor])
      expect(await seen(other, made.id)).toBeUndefined();
  });

  it('hides an anonymous author’s name from members but not from moderators', async () => {
    const made = await post(ama, { text: 'Strength', visibility: 'church', anonymous: true });
    expect((await queue(bethelPastor)).find((h) => h.id === made.id)?.author).toBe('Ama Mensah');
    expect((await decideOn(bethelPastor, made.id, 'approved')).statusCode).toBe(200);
    expect((await seen(kwame, made.id))?.author).toBe(ANONYMOUS_NAME);
    expect((await seen(kofi, made.id))?.author).toBe(ANONYMOUS_NAME);
    // Grace's pastor does not moderate Bethel: a member like any other here.
    expect((await seen(gracePastor, made.id))?.author).toBe(ANONYMOUS_NAME);
    expect((await seen(bethelPastor, made.id))?.author).toBe('Ama Mensah');
    expect((await seen(admin, made.id))?.author).toBe('Ama Mensah');
    expect((await seen(ama, made.id))?.author).toBe('Ama Mensah');
    // Nothing else in its answer names her either.
    expect(JSON.stringify(await seen(kwame, made.id))).not.toMatch(/Ama|ama@/);
  });

  it('holds a reported request again until a moderator approves it once more', async () => {
    const made = await post(kwame, { text: 'Travel mercies', visibility: 'church' });
    expect((await decideOn(admin, made.id, 'approved')).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/prayer/${made.id}/report`, kwame)).statusCode).toBe(400);
    expect((await call(t, 'POST', `/api/prayer/${made.id}/report`, ama)).statusCode).toBe(200);
    expect(await seen(kofi, made.id)).toBeUndefined();
    expect((await seen(kwame, made.id))?.status).toBe('pending');
    expect((await queue(bethelPastor)).find((h) => h.id === made.id)?.reports).toBe(1);
    expect((await decideOn(bethelPastor, made.id, 'approved')).statusCode).toBe(200);
    expect(await seen(kofi, made.id)).toBeDefined();
    // The same member's report no longer counts; another member's does.
    expect((await call(t, 'POST', `/api/prayer/${made.id}/report`, ama)).statusCode).toBe(200);
    expect(await seen(kofi, made.id)).toBeDefined();
    expect((await call(t, 'POST', `/api/prayer/${made.id}/report`, kofi)).statusCode).toBe(200);
    expect((await seen(kwame, made.id))?.status).toBe('pending');
  });

  it('lets the author delete their request at any time, and nobody else', async () => {
    const efua = await named('efua@example.com', 'Efua');
    const held = await post(efua, { text: 'To remove while held', visibility: 'church' });
    const shown = await post(efua, { text: 'To remove once shown', visibility: 'church' });
    expect((await decideOn(admin, shown.id, 'approved')).statusCode).toBe(200);
    for (const cookie of [kwame, admin, bethelPastor]) {
      expect((await call(t, 'DELETE', `/api/prayer/${shown.id}`, cookie)).statusCode).toBe(404);
    }
    for (const id of [held.id, shown.id]) {
      expect((await call(t, 'DELETE', `/api/prayer/${id}`, efua)).statusCode).toBe(204);
      expect(await seen(efua, id)).toBeUndefined();
      expect(await seen(admin, id)).toBeUndefined();
    }
    expect((await queue(admin)).map((h) => h.id)).not.toContain(held.id);
  });

  it(`refuses more than ${PRAYER_DAILY_LIMIT} requests a day from one member, and bad input`, async () => {
    const sam = await memberSession(t, 'sam@example.com');
    for (let i = 0; i < PRAYER_DAILY_LIMIT; i++)
      await post(sam, { text: `Request ${i}`, visibility: 'church' });
    const over = await call(t, 'POST', '/api/prayer', sam, {
      text: 'One more',
      visibility: 'church',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(PRAYER_MESSAGES.dailyLimit);

    const bad = await call(t, 'POST', '/api/prayer', kwame, {
      text: 'x'.repeat(501),
      visibility: 'all',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      text: PRAYER_MESSAGES.textTooLong,
      visibility: m.shared_prayer_visibility(),
    });
    expect((await call(t, 'GET', '/api/prayer')).statusCode).toBe(401);
  });
});
