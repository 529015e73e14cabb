import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../shared/schemas/checkin.ts';
import { checkinUshers, devSms, users } from '../../db/schema.ts';
import { memberSession, provePhone } from '../../testing/accounts.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { m } from '../../../paraglide/messages.js';

// Issue 47, items 1 and 6: a stranger typed a parent's number as their profile phone and
// saw the parent's child and its pick-up code at GET /api/checkin (the guardian lookup took
// the typed phone, first row wins), and whoever typed a number first was made usher by it.
// Now a phone names a member only once they proved it (decision 050).

const PARENT = '+233241470001';
const NO_ACCOUNT = '+233241470002';
const USHER_TO_BE = '+233241470003';

describe('check-in looks members up by proved phones only (issue 47)', () => {
  let t: TestApp;
  let admin: string;
  let parent: string;
  let stranger: string;
  let session: SessionSummary;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
    admin = await memberSession(t, 'admin@example.com');
    // The stranger types the parent's number as their profile phone (their row comes first,
    // where a lookup without order found it).
    stranger = await memberSession(t, 'stranger@example.com', undefined, { phone: PARENT });
    parent = await memberSession(t, 'parent@example.com', undefined, { phone: PARENT });
    await provePhone(t, 'parent@example.com', PARENT);
    await memberSession(t, 'owner@example.com', undefined, { phone: USHER_TO_BE });
    const now = Date.now();
    const created = await call(t, 'POST', '/api/admin/checkin/sessions', admin, {
      title: 'Children’s service',
      assembly: '',
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(now + 3 * 3600_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    session = created.json();
    const granted = await call(t, 'POST', '/api/admin/checkin/ushers', admin, {
      contact: 'admin@example.com',
    });
    expect(granted.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  const childIn = (childName: string, guardianPhone: string) =>
    call(t, 'POST', `/api/checkin/sessions/${session.id}/children`, admin, {
      childName,
      guardianPhone,
    });
  const childrenOf = async (cookie: string) =>
    (await call(t, 'GET', '/api/checkin', cookie)).json<{ children: { childName: string }[] }>()
      .children;

  it('item 1: the pick-up code goes to the parent who proved the number, never to who typed it', async () => {
    // Before: the stranger won 2 of 4 runs and the parent's screen showed nothing.
    for (const name of ['Yaa', 'Kojo', 'Akua', 'Kwesi']) {
      const res = await childIn(name, PARENT);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().guardianNote).toBeUndefined();
    }
    expect((await childrenOf(parent)).map((c) => c.childName)).toEqual([
      'Yaa',
      'Kojo',
      'Akua',
      'Kwesi',
    ]);
    expect(await childrenOf(stranger)).toEqual([]);
  });

  it('item 1: a number no member proved links the child to nobody, and the usher is told', async () => {
    await t.db
      .update(users)
      .set({ phoneNumber: NO_ACCOUNT })
      .where(eq(users.email, 'stranger@example.com'));
    const res = await childIn('Ama', NO_ACCOUNT);
    expect(res.statusCode).toBe(201);
    expect(res.json().guardianNote).toBe(m.shared_checkin_guardian_not_member());
    expect(await childrenOf(stranger)).toEqual([]);
    // The code reaches the number typed at the desk by SMS, as for a guardian without the app.
    const [sms] = await t.db.select().from(devSms).orderBy(desc(devSms.createdAt)).limit(1);
    expect(sms?.to).toBe(NO_ACCOUNT);
  });

  it('item 1: a guardian checks their own child in with their proved phone, or is told to prove one', async () => {
    const own = await call(t, 'POST', '/api/checkin/children', stranger, {
      sessionId: session.id,
      childName: 'Nana',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({
      code: 'PHONE_NOT_PROVED',
      message: m.shared_checkin_guardian_needs_proved_phone(),
    });
    const mine = await call(t, 'POST', '/api/checkin/children', parent, {
      sessionId: session.id,
      childName: 'Efua',
    });
    expect(mine.statusCode).toBe(201);
  });

  it('issue 48 item 7: an usher types the guardian’s number as said at the door, local or not', async () => {
    // '024 147 0001' is PARENT: the proved parent sees the child, as with '+233…'.
    for (const [name, typed] of [
      ['Adwoa', '024 147 0001'],
      ['Kobina', '0241-470-001'],
    ] as const) {
      const res = await childIn(name, typed);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().guardianNote).toBeUndefined();
    }
    expect((await childrenOf(parent)).map((c) => c.childName)).toEqual(
      expect.arrayContaining(['Adwoa', 'Kobina']),
    );
    const [sms] = await t.db.select().from(devSms).orderBy(desc(devSms.createdAt)).limit(1);
    expect(sms?.to).toBe(PARENT);
    // Not a number at all, or too short: said so, with an example of what is taken.
    for (const typed of ['12', 'not a phone']) {
      const bad = await childIn('Ekow', typed);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.guardianPhone).toBe(
        'Enter a valid phone number (e.g. 024 123 4567 or +233 24 123 4567).',
      );
    }
    // Members may not: usher mode is the ushers' and admins'.
    const byMember = await call(
      t,
      'POST',
      `/api/checkin/sessions/${session.id}/children`,
      stranger,
      {
        childName: 'Ekow',
        guardianPhone: '024 147 0001',
      },
    );
    expect(byMember.statusCode).toBe(403);
  });

  it('item 6: the usher role is granted by email or a proved phone, never a typed one', async () => {
    // The owner typed USHER_TO_BE first; a typed phone names nobody.
    const typed = await call(t, 'POST', '/api/admin/checkin/ushers', admin, {
      contact: USHER_TO_BE,
    });
    expect(typed.statusCode).toBe(404);
    expect(typed.json().error.message).toBe(m.shared_checkin_no_proved_phone());
    expect(await t.db.select().from(checkinUshers)).toHaveLength(1);

    // Once the owner proved it, the number names them, however it is written.
    await provePhone(t, 'owner@example.com', USHER_TO_BE);
    const granted = await call(t, 'POST', '/api/admin/checkin/ushers', admin, {
      contact: '024 147 0003',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [owner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'owner@example.com'));
    const ushers = await t.db.select().from(checkinUshers);
    expect(ushers.map((u) => u.userId)).toContain(owner!.id);
    expect(ushers).toHaveLength(2);
  });

  it('usher search finds members by the digits of a proved phone only', async () => {
    await t.db
      .update(users)
      .set({ phoneNumber: PARENT })
      .where(eq(users.email, 'stranger@example.com'));
    const search = await call(
      t,
      'GET',
      `/api/checkin/sessions/${session.id}/members?q=${encodeURIComponent('1470001')}`,
      admin,
    );
    expect(search.json().map((m: { name: string }) => m.name)).toEqual(['Ama Mensah']);
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'parent@example.com'));
    expect(search.json()[0]).toMatchObject({ id: row!.id, phoneEnd: '001' });
  });
});
