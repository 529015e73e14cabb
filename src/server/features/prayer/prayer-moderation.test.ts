import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPrayerRejection,
  PRAYER_MESSAGES,
  PRAYER_REASON_MAX,
  prayerDecisionSchema,
  type PrayerQueue,
  type PrayerRequest,
  type PrayerWall,
} from '../../../shared/schemas/prayer.ts';
import { call, callFor } from '../../testing/finance.ts';
import { prayerPeople } from '../../testing/prayer.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { m } from '../../../paraglide/messages.js';

// Rejecting a prayer request (issue 48, decision 056): a moderator of its assembly gives the
// reason its author is shown, and may undo it (the request is held again). Who may call
// POST /api/prayer/:id/decision and POST /api/prayer/:id/restore, and who may not.

describe('the reject dialog’s check without zod', () => {
  it('agrees with the schema the server uses', () => {
    for (const reason of ['Not for the wall', '  ', '', 'x'.repeat(PRAYER_REASON_MAX + 1)]) {
      const schema = prayerDecisionSchema.safeParse({ status: 'rejected', reason });
      const check = checkPrayerRejection({ reason });
      expect(check.ok, reason).toBe(schema.success);
      if (!check.ok && !schema.success) {
        expect(check.errors.reason).toBe(schema.error.issues[0]!.message);
      }
    }
  });
});

describe('rejecting a prayer request, with a reason, and undoing it', () => {
  const t = useTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  let admin: string;
  /** Bethel members (the default assembly of test sign-ups). */
  let ama: string;
  let kwame: string;
  /** Approved pastors: of Bethel and of Grace. */
  let bethelPastor: string;
  let gracePastor: string;

  beforeAll(async () => {
    ({ admin, ama, kwame, bethelPastor, gracePastor } = await prayerPeople(t));
  });

  const held = async (text: string) => {
    const res = await call(t, 'POST', '/api/prayer', ama, { text, visibility: 'church' });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as PrayerRequest).id;
  };
  const seen = async (cookie: string, id: string) => {
    const res = await call(t, 'GET', '/api/prayer', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PrayerWall).requests.find((r) => r.id === id);
  };
  const queue = (cookie: string) =>
    callFor<PrayerQueue>(200, t, 'GET', '/api/prayer/moderation', cookie);
  const reject = (cookie: string | undefined, id: string, body: object = {}) =>
    call(t, 'POST', `/api/prayer/${id}/decision`, cookie, { status: 'rejected', ...body });
  const restore = (cookie: string | undefined, id: string) =>
    call(t, 'POST', `/api/prayer/${id}/restore`, cookie);

  it('asks for a reason, and shows it to the author only', async () => {
    const id = await held('Something unkind about a neighbour');
    const none = await reject(bethelPastor, id);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ reason: m.shared_prayer_reason() });
    const blank = await reject(bethelPastor, id, { reason: '   ' });
    expect(blank.json().error.fields).toEqual({ reason: m.shared_prayer_reason() });
    const long = await reject(bethelPastor, id, { reason: 'x'.repeat(PRAYER_REASON_MAX + 1) });
    expect(long.json().error.fields).toEqual({ reason: PRAYER_MESSAGES.reasonTooLong });
    expect((await seen(ama, id))?.status).toBe('pending');

    // Not signed in, a member, another assembly's pastor: never.
    expect((await reject(undefined, id, { reason: 'No' })).statusCode).toBe(401);
    expect((await reject(kwame, id, { reason: 'No' })).statusCode).toBe(403);
    expect((await reject(ama, id, { reason: 'No' })).statusCode).toBe(403);
    expect((await reject(gracePastor, id, { reason: 'No' })).statusCode).toBe(404);

    const reason = 'It names a neighbour; please write it without names.';
    const done = await reject(bethelPastor, id, { reason: `  ${reason} ` });
    expect(done.statusCode, done.body).toBe(200);
    expect(await seen(ama, id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(await seen(kwame, id)).toBeUndefined();
    // Decided once: a second decision finds nothing held.
    expect((await reject(admin, id, { reason: 'Again' })).statusCode).toBe(404);

    // Its moderators see it among the rejections, with the reason; not another assembly's.
    for (const cookie of [bethelPastor, admin]) {
      const { held: waiting, rejected } = await queue(cookie);
      expect(waiting.map((h) => h.id)).not.toContain(id);
      expect(rejected.find((r) => r.id === id)).toMatchObject({ reason, author: 'Ama Mensah' });
    }
    expect((await queue(gracePastor)).rejected.map((r) => r.id)).not.toContain(id);
  });

  it('lets a moderator of its assembly undo a rejection, and nobody else', async () => {
    const id = await held('Healing for my aunt');
    expect((await reject(admin, id, { reason: 'Rejected by mistake' })).statusCode).toBe(200);

    expect((await restore(undefined, id)).statusCode).toBe(401);
    // Its author and other members are no moderators.
    expect((await restore(ama, id)).statusCode).toBe(403);
    expect((await restore(kwame, id)).statusCode).toBe(403);
    // Grace's pastor does not moderate Bethel's requests.
    expect((await restore(gracePastor, id)).statusCode).toBe(404);
    expect((await seen(ama, id))?.status).toBe('rejected');

    // Bethel's pastor undoes an admin's rejection: held again, the reason gone.
    const res = await restore(bethelPastor, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'pending' });
    expect(await seen(ama, id)).toMatchObject({ status: 'pending', rejectionReason: null });
    const { held: waiting, rejected } = await queue(bethelPastor);
    expect(waiting.map((h) => h.id)).toContain(id);
    expect(rejected.map((r) => r.id)).not.toContain(id);
    // Only a rejection is undone: a held request, or an approved one, is not rejected.
    expect((await restore(bethelPastor, id)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/api/prayer/${id}/decision`, admin, { status: 'approved' }))
        .statusCode,
    ).toBe(200);
    expect((await restore(admin, id)).statusCode).toBe(404);
    expect((await seen(kwame, id))?.status).toBe('approved');
    expect((await restore(admin, 'not-an-id')).statusCode).toBe(400);
  });

  it('lets an admin undo any assembly’s rejection', async () => {
    const id = await held('Peace in our home');
    expect((await reject(bethelPastor, id, { reason: 'Too personal' })).statusCode).toBe(200);
    expect((await restore(admin, id)).statusCode).toBe(200);
    expect((await seen(ama, id))?.status).toBe('pending');
  });
});
