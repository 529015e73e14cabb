import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, cashOfferings, receipts, transactions } from '../../db/schema.ts';
import {
  confirmEmail,
  cookieHeader,
  logIn,
  member,
  memberSession,
  ORIGIN,
  someClient,
} from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { postGift } from '../../testing/finance.ts';

const base = {
  type: 'tithe',
  firstName: 'Kofi',
  lastName: 'Owusu',
  assembly: 'grace',
  amount: '30',
};

describe('payment history', () => {
  const t = useTestApp({ env: { SANDBOX_MOMO_DELAY_MS: '600000' } });
  let owner: string;
  let other: string;
  const ids: Record<string, string> = {};

  const give = (payload: object, cookie?: string) => postGift(t, payload, cookie);
  const history = (cookie?: string, cursor?: string, year?: string | number) =>
    t.app.inject({
      url: '/api/history',
      query: {
        ...(cursor ? { cursor } : {}),
        ...(year === undefined ? {} : { year: String(year) }),
      },
      headers: cookie ? { cookie } : {},
    });
  const remove = (id: string, cookie?: string, reason = 'Mistaken amount or details') =>
    t.app.inject({
      method: 'POST',
      url: `/api/history/cash/${id}/delete`,
      payload: { reason },
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  beforeAll(async () => {
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

  it("answers a Twi request's errors in Twi, an English one's in English", async () => {
    const twi = await history(`${owner}; PARAGLIDE_LOCALE=ak`, undefined, 'abc');
    expect(twi.statusCode).toBe(400);
    expect(twi.json().error.fields.year).toBe('Ɛnyɛ afe.');
    const english = await history(owner, undefined, 'abc');
    expect(english.json().error.fields.year).toBe('Not a year.');
    const cursor = await history(`${owner}; PARAGLIDE_LOCALE=ak`, 'not-a-cursor');
    expect(cursor.json().error.message).toBe('Ɛnyɛ abakɔsɛm cursor.');
  });

  it("never shows another member's entries, and guests get none", async () => {
    const others = (await history(other)).json().entries;
    expect(others).toHaveLength(1);
    expect(others[0].amount).toBe(9900);
    expect((await history()).json()).toEqual({ entries: [], next: null });
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

  it("tops the first page with this year's total: confirmed, and still waiting", async () => {
    const fresh = await memberSession(t, 'year-total@example.com');
    const cash = await give({ ...base, paymentMethod: 'cash', amount: '12.50' }, fresh);
    await give({ ...base, paymentMethod: 'bank', bank: 'fidelity', amount: '7' }, fresh);
    await give({ ...base, paymentMethod: 'cash', amount: '1000' }, fresh);
    // The desk receives the first cash gift: confirmed. A deleted one counts for nothing.
    await t.db
      .update(cashOfferings)
      .set({ status: 'received', receivedAmount: 1250, receivedOn: '2026-01-02' })
      .where(eq(cashOfferings.code, cash.json().code));
    const big = (await history(fresh))
      .json()
      .entries.find((e: { amount: number }) => e.amount === 100000);
    expect((await remove(big.id, fresh)).statusCode).toBe(204);
    // Last year's gift is not this year's.
    const userId = (
      await t.db.select().from(cashOfferings).where(eq(cashOfferings.code, cash.json().code))
    )[0]!.userId;
    await t.db.insert(bankTransfers).values({
      userId,
      firstName: 'Kofi',
      lastName: 'Owusu',
      assembly: 'grace',
      type: 'welfare',
      amount: 300,
      bank: 'fidelity',
      code: null,
      createdAt: new Date(Date.UTC(new Date().getUTCFullYear() - 1, 11, 31, 23, 59)),
    });
    const page = (await history(fresh)).json();
    expect(page.yearToDate).toEqual({
      year: new Date().getUTCFullYear(),
      confirmed: 1250,
      waiting: 700,
      byType: [{ type: 'tithe', confirmed: 1250, waiting: 700 }],
    });
    expect(page.years).toEqual([new Date().getUTCFullYear(), new Date().getUTCFullYear() - 1]);
    // Without a year, the list is this year's too.
    expect(page.entries.map((e: { amount: number }) => e.amount)).toEqual([700, 1250]);
  });

  describe("a guest's gifts, on the device they gave from (issue 30)", () => {
    const deviceOf = (res: { cookies: { name: string; value: string }[] }) => {
      const cookie = res.cookies.find((c) => c.name === 'flock.giver');
      expect(cookie, 'the guest-giver cookie').toBeDefined();
      return `flock.giver=${cookie!.value}`;
    };

    it('lists them on that device only, and no other', async () => {
      const first = await give({ ...base, paymentMethod: 'cash', amount: '25' });
      const device = deviceOf(first);
      // The same device gives again: the same id, no new cookie.
      const second = await give(
        { ...base, paymentMethod: 'card', email: 'guest@example.com', amount: '10' },
        device,
      );
      expect(second.cookies.find((c) => c.name === 'flock.giver')).toBeUndefined();
      const page = (await history(device)).json();
      expect(page.entries.map((e: { amount: number }) => e.amount)).toEqual([1000, 2500]);
      expect(page.entries.every((e: { deletable: boolean }) => !e.deletable)).toBe(true);
      expect(page.yearToDate).toEqual({
        year: new Date().getUTCFullYear(),
        confirmed: 0,
        waiting: 3500,
        byType: [{ type: 'tithe', confirmed: 0, waiting: 3500 }],
      });
      // Another device, a forged or unsigned id: nothing.
      const other = deviceOf(await give({ ...base, paymentMethod: 'cash', amount: '1' }));
      expect((await history(other)).json().entries).toHaveLength(1);
      const [id] = device.slice('flock.giver='.length).split('.');
      for (const forged of [`flock.giver=${id}`, `flock.giver=${id}.${'A'.repeat(43)}`]) {
        expect((await history(forged)).json()).toEqual({ entries: [], next: null });
      }
      expect(
        (
          await t.app.inject({ url: '/api/history/guest-gifts', headers: { cookie: device } })
        ).json(),
      ).toEqual({ count: 2, amount: 3500 });
    });

    it('sets the device id on the guest route too, HttpOnly', async () => {
      const res = await t.app.inject({ url: '/continue-as-guest' });
      const cookie = res.cookies.find((c) => c.name === 'flock.giver');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // A device that has one keeps it.
      const again = await t.app.inject({
        url: '/continue-as-guest',
        headers: { cookie: `flock.giver=${cookie!.value}` },
      });
      expect(again.cookies.find((c) => c.name === 'flock.giver')).toBeUndefined();
    });

    it('attaches them to the account signed up on that device, when asked, once', async () => {
      const device = deviceOf(await give({ ...base, paymentMethod: 'cash', amount: '40' }));
      await give({ ...base, paymentMethod: 'bank', bank: 'fidelity', amount: '5' }, device);
      const elsewhere = deviceOf(await give({ ...base, paymentMethod: 'cash', amount: '77' }));
      const signUpOn = (cookie: string, email: string, attachGuestGifts?: boolean) =>
        t.app.inject({
          method: 'POST',
          url: '/api/accounts/sign-up',
          payload: {
            ...member(email),
            ...(attachGuestGifts === undefined ? {} : { attachGuestGifts }),
          },
          headers: { origin: ORIGIN, cookie },
          remoteAddress: someClient(),
        });
      // Not asked: nothing moves.
      expect((await signUpOn(device, 'kept-apart@example.com')).statusCode).toBe(201);
      expect(
        (
          await t.app.inject({ url: '/api/history/guest-gifts', headers: { cookie: device } })
        ).json(),
      ).toEqual({ count: 2, amount: 4500 });

      const res = await signUpOn(device, 'was-a-guest@example.com', true);
      expect(res.statusCode).toBe(201);
      // The device's id is forgotten with its gifts.
      expect(res.cookies.find((c) => c.name === 'flock.giver')).toMatchObject({
        value: '',
        maxAge: 0,
      });
      expect((await history(device)).json().entries).toEqual([]);
      await confirmEmail(t, 'was-a-guest@example.com');
      const session = cookieHeader(await logIn(t, 'was-a-guest@example.com'));
      const mine = (await history(session)).json().entries.map((e: { amount: number }) => e.amount);
      expect(mine).toEqual([500, 4000]);
      // Only that device's: the other device keeps its gift, and asking again moves nothing.
      expect((await history(elsewhere)).json().entries).toHaveLength(1);
      expect((await signUpOn(device, 'second-try@example.com', true)).statusCode).toBe(201);
      expect((await history(session)).json().entries).toHaveLength(2);
    });
  });

  describe('one year at a time (issue 33)', () => {
    const thisYear = new Date().getUTCFullYear();
    const lastYear = thisYear - 1;
    const older = thisYear - 3;
    let giver: string;
    let neighbour: string;
    const at = (year: number, month: number, day = 15) => new Date(Date.UTC(year, month, day, 9));
    const idOf = async (cookie: string) =>
      (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.id as string;
    let code = 200000;

    // Gifts of past years go straight into the tables: the app only ever makes today's.
    async function seed(userId: string, year: number, scale = 1) {
      const person = { userId, firstName: 'Ama', lastName: 'Mensah', assembly: 'grace' };
      await t.db.insert(transactions).values([
        {
          ...person,
          reference: `FLK-YEAR-${userId.slice(0, 8)}-${year}-1`,
          method: 'card',
          provider: 'sandbox',
          type: 'seed',
          amount: 5000 * scale,
          status: 'success',
          createdAt: at(year, 2),
        },
        {
          ...person,
          reference: `FLK-YEAR-${userId.slice(0, 8)}-${year}-2`,
          method: 'momo',
          provider: 'sandbox',
          type: 'other',
          otherType: 'Harvest',
          amount: 1500 * scale,
          status: 'success',
          createdAt: at(year, 3),
        },
        {
          ...person,
          reference: `FLK-YEAR-${userId.slice(0, 8)}-${year}-3`,
          method: 'card',
          provider: 'sandbox',
          type: 'offering',
          amount: 999 * scale,
          status: 'failed',
          createdAt: at(year, 4),
        },
      ]);
      await t.db.insert(cashOfferings).values([
        {
          ...person,
          type: 'tithe',
          amount: 2000 * scale,
          code: String(code++),
          status: 'received',
          receivedAmount: 2000 * scale,
          receivedOn: `${year}-05-20`,
          createdAt: at(year, 4, 20),
        },
        {
          ...person,
          type: 'tithe',
          amount: 700 * scale,
          code: String(code++),
          createdAt: at(year, 5),
        },
        {
          ...person,
          type: 'tithe',
          amount: 100000,
          code: String(code++),
          deleted: true,
          deletedReason: 'Other reason',
          createdAt: at(year, 6),
        },
      ]);
      await t.db.insert(bankTransfers).values({
        ...person,
        type: 'welfare',
        amount: 300 * scale,
        bank: 'fidelity',
        status: 'matched',
        matchedAt: at(year, 8),
        createdAt: at(year, 7),
      });
    }

    beforeAll(async () => {
      giver = await memberSession(t, 'two-years@example.com');
      neighbour = await memberSession(t, 'neighbour@example.com');
      const giverId = await idOf(giver);
      await seed(giverId, lastYear);
      // Another member gives in the same year, ten times as much.
      await seed(await idOf(neighbour), lastYear, 10);
      // Only a failed gift, years ago: a year to choose, with nothing given.
      await t.db.insert(transactions).values({
        userId: giverId,
        firstName: 'Ama',
        lastName: 'Mensah',
        assembly: 'grace',
        reference: 'FLK-YEAR-OLD-FAILED',
        method: 'card',
        provider: 'sandbox',
        type: 'seed',
        amount: 4200,
        status: 'failed',
        createdAt: at(older, 0),
      });
      // This year: one cash tithe, waiting for the desk.
      await give({ ...base, paymentMethod: 'cash', amount: '12' }, giver);
    });

    it('totals the chosen year per gift type, confirmed and waiting, with Other as one type', async () => {
      const page = (await history(giver, undefined, lastYear)).json();
      expect(page.yearToDate).toEqual({
        year: lastYear,
        confirmed: 5000 + 1500 + 2000 + 300,
        waiting: 700,
        byType: [
          { type: 'tithe', confirmed: 2000, waiting: 700 },
          { type: 'seed', confirmed: 5000, waiting: 0 },
          { type: 'welfare', confirmed: 300, waiting: 0 },
          { type: 'other', confirmed: 1500, waiting: 0 },
        ],
      });
      // The years with gifts, and this year, newest first.
      expect(page.years).toEqual([thisYear, lastYear, older]);
      expect((await history(giver, undefined, older)).json().yearToDate).toEqual({
        year: older,
        confirmed: 0,
        waiting: 0,
        byType: [],
      });
    });

    it("lists only the chosen year's entries; without a year, this year's", async () => {
      const yearOf = (e: { createdAt: string }) => new Date(e.createdAt).getUTCFullYear();
      const past = (await history(giver, undefined, lastYear)).json().entries;
      expect(past.map((e: { amount: number }) => e.amount)).toEqual([
        300, 700, 2000, 999, 1500, 5000,
      ]);
      expect(past.every((e: { createdAt: string }) => yearOf(e) === lastYear)).toBe(true);
      expect(past.find((e: { type: string }) => e.type === 'Harvest')).toBeDefined();
      const old = (await history(giver, undefined, older)).json().entries;
      expect(old.map((e: { status: string }) => e.status)).toEqual(['failed']);
      for (const page of [await history(giver), await history(giver, undefined, thisYear)]) {
        const body = page.json();
        expect(body.entries.map((e: { amount: number }) => e.amount)).toEqual([1200]);
        expect(body.yearToDate).toEqual({
          year: thisYear,
          confirmed: 0,
          waiting: 1200,
          byType: [{ type: 'tithe', confirmed: 0, waiting: 1200 }],
        });
      }
      // A year without gifts: an empty list, not an error.
      const empty = (await history(giver, undefined, 2001)).json();
      expect(empty).toMatchObject({
        entries: [],
        next: null,
        yearToDate: { year: 2001, byType: [] },
      });
    });

    it("never shows a member another's totals or entries, in a year they share", async () => {
      const mine = (await history(giver, undefined, lastYear)).json();
      const theirs = (await history(neighbour, undefined, lastYear)).json();
      expect(theirs.yearToDate.confirmed).toBe(10 * mine.yearToDate.confirmed);
      expect(theirs.yearToDate.waiting).toBe(7000);
      expect(theirs.years).toEqual([thisYear, lastYear]);
      const ids = new Set(mine.entries.map((e: { id: string }) => e.id));
      expect(theirs.entries.some((e: { id: string }) => ids.has(e.id))).toBe(false);
    });

    it('pages through one year only, the cursor staying in it', async () => {
      const paged = await memberSession(t, 'paged-year@example.com');
      const userId = await idOf(paged);
      const person = { userId, firstName: 'Esi', lastName: 'Badu', assembly: 'grace' };
      // 60 bank gifts in lastYear's December, and some on either side of its edges.
      const inYear = Array.from({ length: 60 }, (_, i) => ({
        ...person,
        type: 'welfare',
        amount: 100 + i,
        bank: 'fidelity',
        createdAt: new Date(Date.UTC(lastYear, 11, 1) + i * 3_600_000),
      }));
      const outside = [
        new Date(Date.UTC(lastYear, 0, 1) - 1), // the last millisecond of the year before
        new Date(Date.UTC(thisYear, 0, 1)), // the first of the next
      ].map((createdAt, i) => ({
        ...person,
        type: 'welfare',
        amount: 9000 + i,
        bank: 'fidelity',
        createdAt,
      }));
      await t.db.insert(bankTransfers).values([...inYear, ...outside]);
      const first = (await history(paged, undefined, lastYear)).json();
      expect(first.entries).toHaveLength(50);
      const second = (await history(paged, first.next, lastYear)).json();
      expect(second).toMatchObject({ next: null });
      expect(second.yearToDate).toBeUndefined();
      const amounts = [...first.entries, ...second.entries].map(
        (e: { amount: number }) => e.amount,
      );
      expect(amounts).toEqual(inYear.map((g) => g.amount).reverse());
      expect(
        (await history(paged)).json().entries.map((e: { amount: number }) => e.amount),
      ).toEqual([9001]);
      expect(first.years).toEqual([thisYear, lastYear, lastYear - 1]);
    });

    it('refuses a year that is not one, for members, guests and visitors alike', async () => {
      const device = (await give({ ...base, paymentMethod: 'cash', amount: '3' })).cookies.find(
        (c) => c.name === 'flock.giver',
      )!;
      const guest = `flock.giver=${device.value}`;
      const bad = ['', 'abc', '202', '20255', '1999', '2101', '2025.0', ' 2025', '-2025', '0x7e9'];
      for (const cookie of [giver, guest, undefined]) {
        for (const year of bad) {
          const res = await history(cookie, undefined, year);
          expect(res.statusCode, `year=${JSON.stringify(year)}`).toBe(400);
          expect(res.json().error).toMatchObject({
            code: 'VALIDATION_ERROR',
            fields: { year: 'Not a year.' },
          });
        }
        const twice = await t.app.inject({
          url: `/api/history?year=${lastYear}&year=${thisYear}`,
          headers: cookie ? { cookie } : {},
        });
        expect(twice.statusCode).toBe(400);
      }
      expect((await history(guest, undefined, thisYear)).json().entries).toHaveLength(1);
      expect((await history(guest, undefined, lastYear)).json()).toMatchObject({
        entries: [],
        years: [thisYear],
      });
    });
  });

  describe('a long history, a page at a time', () => {
    let many: string;
    let userId: string;
    // 130 entries over the three kinds, two of each kind per second so that some share a
    // timestamp across kinds; the 60th cash entry is deleted and one card gift is receipted.
    const all: { kind: string; at: Date }[] = [];

    beforeAll(async () => {
      many = await memberSession(t, 'many@example.com');
      userId = (await t.app.inject({ url: '/api/me', headers: { cookie: many } })).json().user.id;
      const person = { userId, firstName: 'Esi', lastName: 'Badu', assembly: 'grace' };
      const start = Date.parse('2026-01-01T10:00:00.000Z');
      const at = (i: number) => new Date(start + Math.floor(i / 3) * 1000);
      const gifts = [];
      const cash = [];
      const bank = [];
      for (let i = 0; i < 132; i++) {
        if (i % 3 === 0) {
          gifts.push({
            ...person,
            reference: `FLK-CARD-PAGE${i}`,
            method: 'card',
            provider: 'sandbox',
            type: 'seed',
            amount: 100 + i,
            status: i === 3 ? 'success' : 'failed',
            providerResponse: { big: 'x'.repeat(2000) },
            createdAt: at(i),
          });
        } else if (i % 3 === 1) {
          cash.push({
            ...person,
            type: 'tithe',
            amount: 100 + i,
            code: String(100000 + i),
            deleted: i === 61,
            createdAt: at(i),
          });
        } else {
          bank.push({
            ...person,
            type: 'welfare',
            amount: 100 + i,
            bank: 'fidelity',
            createdAt: at(i),
          });
        }
      }
      const [receipted] = await t.db
        .insert(transactions)
        .values(gifts)
        .returning({ id: transactions.id, reference: transactions.reference })
        .then((rows) => rows.filter((r) => r.reference === 'FLK-CARD-PAGE3'));
      await t.db.insert(cashOfferings).values(cash);
      await t.db.insert(bankTransfers).values(bank);
      await t.db.insert(receipts).values({
        year: 2026,
        number: 999,
        entryKind: 'transaction',
        entryId: receipted!.id,
        userId,
        confirmedAt: new Date(start),
      });
      for (let i = 0; i < 132; i++) if (i !== 61) all.push({ kind: '', at: at(i) });
    });

    const pages = async (cookie: string) => {
      const seen: { id: string; kind: string; createdAt: string; amount: number }[][] = [];
      let cursor: string | undefined;
      for (let n = 0; n < 10; n++) {
        const res = await history(cookie, cursor, 2026);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        seen.push(body.entries);
        if (!body.next) break;
        cursor = body.next;
      }
      return seen;
    };

    it('gives 50 at a time, newest first, every entry once, and says when it ends', async () => {
      const seen = await pages(many);
      expect(seen.map((p) => p.length)).toEqual([50, 50, 31]);
      const flat = seen.flat();
      expect(new Set(flat.map((e) => `${e.kind}:${e.id}`)).size).toBe(all.length);
      // Newest first; on one timestamp, the same order on every page.
      const times = flat.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(flat.map((e) => e.amount)).not.toContain(100 + 61);
      // One second's three entries keep one order (card, cash, bank), across pages too.
      expect(flat.slice(-3).map((e) => [e.kind, e.amount])).toEqual([
        ['transaction', 100],
        ['cash', 101],
        ['bank', 102],
      ]);
      const receipted = flat.find((e) => e.amount === 103) as unknown as HistoryEntryLike;
      expect(receipted.receipt).toEqual({ id: expect.any(String), number: '2026-000999' });
    });

    it('sends only what the screen shows, a page well under 15 KB', async () => {
      const res = await history(many, undefined, 2026);
      expect(res.body).not.toContain('xxxxxxxx');
      expect(Object.keys(res.json().entries[0]).sort()).toEqual(
        [
          'amount',
          'code',
          'createdAt',
          'deletable',
          'id',
          'kind',
          'method',
          'receipt',
          'receivedAmount',
          'status',
          'type',
        ].sort(),
      );
      expect(Buffer.byteLength(res.body)).toBeLessThan(15 * 1024);
    });

    it("reveals nothing of another member's history through their cursor", async () => {
      const cursor = (await history(many, undefined, 2026)).json().next as string;
      const res = await history(owner, cursor, 2026);
      expect(res.statusCode).toBe(200);
      const theirs = res.json().entries as { amount: number }[];
      // The owner's own entries are older than the cursor's spot or not; either way, only theirs.
      expect(theirs.every((e) => ![...Array(132).keys()].some((i) => e.amount === 100 + i))).toBe(
        true,
      );
      expect((await history(undefined, cursor, 2026)).json()).toEqual({ entries: [], next: null });
    });

    it('refuses a cursor it did not make', async () => {
      for (const bad of ['nonsense', Buffer.from('["x","cash","y"]').toString('base64url')]) {
        const res = await history(many, bad);
        expect(res.statusCode).toBe(400);
      }
    });
  });
});

interface HistoryEntryLike {
  receipt: { id: string; number: string } | null;
}
