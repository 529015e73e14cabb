import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOfferings } from '../../db/schema.ts';
import { memberSession, ORIGIN, someClient } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const base = {
  type: 'tithe',
  firstName: 'Kofi',
  lastName: 'Owusu',
  assembly: 'grace',
  amount: '30',
};

describe('payment history', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  const ids: Record<string, string> = {};

  const give = (payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: someClient(),
    });
  const history = (cookie?: string) =>
    t.app.inject({ url: '/api/history', headers: cookie ? { cookie } : {} });
  const remove = (id: string, cookie?: string, reason = 'Mistaken amount or details') =>
    t.app.inject({
      method: 'POST',
      url: `/api/history/cash/${id}/delete`,
      payload: { reason },
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_MOMO_DELAY_MS: '600000' } });
    owner = await memberSession(t, 'owner@example.com');
    other = await memberSession(t, 'other@example.com');
    await give({ ...base, paymentMethod: 'cash' }, owner);
    await give({ ...base, paymentMethod: 'bank', bank: 'fidelity', type: 'welfare' }, owner);
    await give(
      {
        ...base,
        paymentMethod: 'card',
        email: 'owner@example.com',
        type: 'other',
        otherType: 'Harvest',
      },
      owner,
    );
    await give({ ...base, paymentMethod: 'cash', amount: '99' }, other);
    const entries = (await history(owner)).json().entries as { id: string; method: string }[];
    for (const e of entries) ids[e.method] = e.id;
    ids.othersCash = (await history(other)).json().entries[0].id;
  });
  afterAll(async () => t.close());

  it("lists the owner's entries newest first, each with its state as it stands", async () => {
    const { entries } = (await history(owner)).json();
    expect(entries.map((e: { method: string }) => e.method)).toEqual(['card', 'bank', 'cash']);
    expect(entries[0]).toMatchObject({
      type: 'Harvest',
      amount: 3000,
      status: 'pending',
      deletable: false,
    });
    expect(entries[1]).toMatchObject({
      type: 'welfare',
      status: 'pending',
      receipt: null,
      code: null,
      deletable: false,
    });
    expect(entries[2]).toMatchObject({
      type: 'tithe',
      status: 'pending',
      receipt: null,
      code: expect.stringMatching(/^\d{6}$/),
      deletable: true,
    });
  });

  it("never shows another member's entries, and guests get none", async () => {
    const others = (await history(other)).json().entries;
    expect(others).toHaveLength(1);
    expect(others[0].amount).toBe(9900);
    expect((await history()).json()).toEqual({ entries: [] });
  });

  it('refuses to delete for visitors, for other members, and for bank or card entries', async () => {
    expect((await remove(ids.cash!)).statusCode).toBe(401);
    expect((await remove(ids.othersCash!, owner)).statusCode).toBe(404);
    expect((await remove(ids.bank!, owner)).statusCode).toBe(404);
    expect((await remove(ids.card!, owner)).statusCode).toBe(404);
    expect((await remove(ids.cash!, owner, 'Because')).json().error.fields.reason).toBe(
      'Please choose a reason.',
    );
    const [row] = await t.db
      .select()
      .from(cashOfferings)
      .where(eq(cashOfferings.id, ids.othersCash!));
    expect(row?.deleted).toBe(false);
  });

  it('soft-deletes the owner’s cash entry with the reason', async () => {
    expect((await remove(ids.cash!, owner, 'Other reason')).statusCode).toBe(204);
    const [row] = await t.db.select().from(cashOfferings).where(eq(cashOfferings.id, ids.cash!));
    expect(row).toMatchObject({ deleted: true, deletedReason: 'Other reason' });
    expect((await history(owner)).json().entries.map((e: { method: string }) => e.method)).toEqual([
      'card',
      'bank',
    ]);
    expect((await remove(ids.cash!, owner)).statusCode).toBe(404);
  });
});
