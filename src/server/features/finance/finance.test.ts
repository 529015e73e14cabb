import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, cashOfferings, devMails, financeAudit } from '../../db/schema.ts';
import { latestMailTo, memberSession } from '../../testing/accounts.ts';
import { call, give, uploadStatement } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The finance desk over HTTP: who may call what, the cash desk, bank matching, the audit
// trail. One app; the tests run in order and build on each other's gifts.

const today = new Date().toISOString().slice(0, 10);

describe('finance desk', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let other: string;
  let officerGrace: string;
  let officerBethel: string;
  let officerAll: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'admin@example.com', SANDBOX_MOMO_DELAY_MS: '600000' },
    });
    admin = await memberSession(t, 'admin@example.com');
    member = await memberSession(t, 'giver@example.com');
    other = await memberSession(t, 'other@example.com');
    officerGrace = await memberSession(t, 'grace.officer@example.com');
    officerBethel = await memberSession(t, 'bethel.officer@example.com');
    officerAll = await memberSession(t, 'hq.officer@example.com');
  });
  afterAll(async () => t.close());

  const grant = (email: string, scope: 'all' | string[]) =>
    call(t, 'PUT', '/api/admin/finance/officers', admin, {
      email,
      allAssemblies: scope === 'all',
      assemblies: scope === 'all' ? [] : scope,
    });

  describe('the finance role', () => {
    it('lets an admin make members officers for all assemblies or chosen ones, and records it', async () => {
      expect((await grant('grace.officer@example.com', ['grace'])).statusCode).toBe(200);
      expect((await grant('bethel.officer@example.com', ['bethel', 'hope'])).statusCode).toBe(200);
      expect((await grant('hq.officer@example.com', 'all')).statusCode).toBe(200);
      // A change of assemblies is a change, not a second officer.
      const changed = await grant('bethel.officer@example.com', ['bethel']);
      expect(changed.json()).toMatchObject({ allAssemblies: false, assemblies: ['bethel'] });

      const { officers } = (await call(t, 'GET', '/api/admin/finance/officers', admin)).json();
      expect(
        officers.map((o: { email: string; allAssemblies: boolean; assemblies: string[] }) => [
          o.email,
          o.allAssemblies,
          o.assemblies,
        ]),
      ).toEqual([
        ['bethel.officer@example.com', false, ['bethel']],
        ['grace.officer@example.com', false, ['grace']],
        ['hq.officer@example.com', true, []],
      ]);

      const trail = await t.db
        .select()
        .from(financeAudit)
        .where(eq(financeAudit.subjectId, 'bethel.officer@example.com'))
        .orderBy(financeAudit.createdAt);
      expect(trail.map((a) => a.action)).toEqual(['role_grant', 'role_change']);
      expect(trail[1]).toMatchObject({
        actorEmail: 'admin@example.com',
        previous: { allAssemblies: false, assemblies: ['bethel', 'hope'] },
        next: { allAssemblies: false, assemblies: ['bethel'] },
      });
    });

    it('refuses unknown members and assemblies, and an empty choice', async () => {
      const nobody = await grant('nobody@example.com', 'all');
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json().error.fields.email).toMatch(/sign up first/);
      expect((await grant('other@example.com', ['atlantis'])).json().error.fields.assemblies).toBe(
        'Unknown assembly: atlantis.',
      );
      expect((await grant('other@example.com', [])).json().error.fields.assemblies).toMatch(
        /at least one/,
      );
    });

    it('revokes a role and says so in the trail; the member is then refused', async () => {
      expect((await grant('other@example.com', ['grace'])).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/finance/access', other)).statusCode).toBe(200);
      const revoked = await call(t, 'POST', '/api/admin/finance/officers/revoke', admin, {
        email: 'other@example.com',
      });
      expect(revoked.statusCode).toBe(204);
      expect((await call(t, 'GET', '/api/finance/access', other)).statusCode).toBe(403);
      const [last] = await t.db
        .select()
        .from(financeAudit)
        .orderBy(desc(financeAudit.createdAt))
        .limit(1);
      expect(last).toMatchObject({
        action: 'role_revoke',
        previous: { allAssemblies: false, assemblies: ['grace'] },
        next: null,
      });
    });

    it('tells the browser who holds the role (admins hold every finance power)', async () => {
      const me = async (cookie: string) =>
        (await call(t, 'GET', '/api/me', cookie)).json().user.finance;
      expect(await me(admin)).toBe('all');
      expect(await me(officerAll)).toBe('all');
      expect(await me(officerGrace)).toBe('some');
      expect(await me(member)).toBeNull();
      const access = (await call(t, 'GET', '/api/finance/access', officerGrace)).json();
      expect(access).toMatchObject({
        isAdmin: false,
        scope: { all: false, assemblies: ['grace'] },
        assemblies: [{ slug: 'grace', label: 'Grace' }],
      });
    });
  });

  describe('who may call what', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const financeCalls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/finance/access'],
      ['GET', '/api/finance/cash?code=123456'],
      ['GET', '/api/finance/cash/flagged'],
      [
        'POST',
        `/api/finance/cash/${id}/receive`,
        { amount: '1', receivedOn: today, receivedBy: 'X' },
      ],
      ['GET', '/api/finance/bank/mappings'],
      [
        'PUT',
        '/api/finance/bank/mappings/fidelity',
        { dateColumn: 'a', descriptionColumn: 'b', amountColumn: 'c' },
      ],
      ['GET', '/api/finance/bank/statements'],
      ['GET', '/api/finance/bank/lines'],
      ['GET', `/api/finance/bank/lines/${id}/candidates`],
      ['POST', `/api/finance/bank/lines/${id}/match`, { entryId: id }],
      ['POST', `/api/finance/bank/lines/${id}/unmatch`, {}],
      ['POST', '/api/finance/bank/rematch', {}],
      ['GET', `/api/finance/reports?from=2026-01-01&to=2026-12-31`],
      ['GET', `/api/finance/reports/table.csv?from=2026-01-01&to=2026-12-31`],
      ['GET', `/api/finance/reports/entries.csv?from=2026-01-01&to=2026-12-31`],
    ];
    const adminCalls: typeof financeCalls = [
      ['GET', '/api/admin/finance/officers'],
      ['PUT', '/api/admin/finance/officers', { email: 'x@example.com', allAssemblies: true }],
      ['POST', '/api/admin/finance/officers/revoke', { email: 'x@example.com' }],
      ['GET', '/api/admin/finance/audit'],
    ];

    it('refuses visitors and guests (no session) with 401 on every finance call', async () => {
      for (const [method, url, body] of [...financeCalls, ...adminCalls]) {
        const res = await call(t, method, url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      const upload = await uploadStatement(t, undefined, 'fidelity', 's.csv', 'a,b,c\n');
      expect(upload.statusCode).toBe(401);
    });

    it("refuses in the request's language: Twi to a Twi browser, English otherwise", async () => {
      const twi = await call(t, 'GET', '/api/finance/cash?code=123456', 'PARAGLIDE_LOCALE=ak');
      expect(twi.statusCode).toBe(401);
      expect(twi.json().error.message).toBe('Yɛsrɛ wo, di kan wura mu.');
      const english = await call(t, 'GET', '/api/finance/cash?code=123456');
      expect(english.json().error.message).toBe('Please log in first.');
    });

    it('refuses members with 403 on every finance call', async () => {
      for (const [method, url, body] of [...financeCalls, ...adminCalls]) {
        const res = await call(t, method, url, member, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const upload = await uploadStatement(t, member, 'fidelity', 's.csv', 'a,b,c\n');
      expect(upload.statusCode).toBe(403);
    });

    it('refuses officers on role changes and the audit trail (admins only)', async () => {
      for (const [method, url, body] of adminCalls) {
        const res = await call(t, method, url, officerAll, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const trail = await call(t, 'GET', '/api/admin/finance/audit', admin);
      expect(trail.statusCode).toBe(200);
      expect(trail.json().entries.length).toBeGreaterThan(0);
    });

    it('refuses a write from another site even for an admin', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/finance/bank/rematch',
        payload: {},
        headers: { origin: 'http://evil.test', cookie: admin },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('cash desk', () => {
    const lookup = (code: string, cookie: string) =>
      call(t, 'GET', `/api/finance/cash?code=${code}`, cookie);
    const receive = (id: string, cookie: string, amount: string, receivedBy = 'Deacon Mensah') =>
      call(t, 'POST', `/api/finance/cash/${id}/receive`, cookie, {
        amount,
        receivedOn: today,
        receivedBy,
      });
    const row = async (id: string) =>
      (await t.db.select().from(cashOfferings).where(eq(cashOfferings.id, id)))[0]!;
    const historyOf = async (cookie: string) =>
      (await call(t, 'GET', '/api/history', cookie)).json().entries as {
        id: string;
        code: string;
        status: string;
        deletable: boolean;
        receipt: { id: string; number: string } | null;
        receivedAmount: number | null;
      }[];

    it('shows the entry behind a code to an officer of its assembly only', async () => {
      const { code } = await give(t, member, { paymentMethod: 'cash', amount: '40' });
      const shown = await lookup(code!, officerGrace);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        code,
        memberName: 'Kofi Owusu',
        assembly: { slug: 'grace', label: 'Grace' },
        type: 'tithe',
        amount: 4000,
        state: 'pending',
        received: null,
      });
      // Another assembly's officer learns nothing, not even that the code exists.
      const hidden = await lookup(code!, officerBethel);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe('No cash entry has this code in your assemblies.');
      expect((await lookup('12345', officerGrace)).statusCode).toBe(400);
    });

    it('receives an equal amount, receipts it, and refuses to receive it twice', async () => {
      const { code } = await give(t, member, { paymentMethod: 'cash', amount: '25.50' });
      const entry = (await lookup(code!, officerGrace)).json();
      // Another assembly's officer cannot act on it either.
      expect((await receive(entry.id, officerBethel, '25.50')).statusCode).toBe(404);
      expect((await row(entry.id)).status).toBe('pending');

      const res = await receive(entry.id, officerGrace, '25.50', 'Deacon Mensah');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        outcome: 'received',
        entry: {
          state: 'received',
          received: { amount: 2550, on: today, by: 'Deacon Mensah', recordedBy: 'Ama Mensah' },
        },
      });

      const again = await receive(entry.id, officerAll, '25.50', 'Someone Else');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('ALREADY_RECEIVED');
      expect(again.json().error.message).toMatch(
        /already received\. Deacon Mensah received GHS 25\.50 on .*, recorded by Ama Mensah/,
      );
      expect((await row(entry.id)).receivedBy).toBe('Deacon Mensah');

      // The member's history says so, with the receipt; the entry can no longer be deleted.
      const mine = (await historyOf(member)).find((e) => e.id === entry.id)!;
      expect(mine).toMatchObject({ status: 'received', deletable: false });
      expect(mine.receipt?.number).toMatch(/^\d{4}-\d{6}$/);
      const del = await call(t, 'POST', `/api/history/cash/${entry.id}/delete`, member, {
        reason: 'Other reason',
      });
      expect(del.statusCode).toBe(404);

      const mail = await latestMailTo(t, 'giver@example.com');
      expect(mail?.subject).toBe(
        `Your receipt ${mine.receipt!.number} from Sample Gospel Church International`,
      );
      expect(mail?.text).toContain('Amount: GHS 25.50');
      expect(mail?.text).toContain('Method: Cash');
      expect(mail?.text).toContain('Type: Tithe');
    });

    it('records a different amount beside the member’s and flags it, never overwriting it', async () => {
      const { code } = await give(t, member, { paymentMethod: 'cash', amount: '50' });
      const entry = (await lookup(code!, officerGrace)).json();
      const mailsBefore = (await t.db.select().from(devMails)).length;

      const res = await receive(entry.id, officerGrace, '45');
      expect(res.json()).toMatchObject({
        outcome: 'flagged',
        entry: { amount: 5000, state: 'flagged', received: { amount: 4500 } },
      });
      const stored = await row(entry.id);
      expect(stored).toMatchObject({ amount: 5000, receivedAmount: 4500, status: 'flagged' });
      // Not confirmed: no receipt, no mail.
      expect((await t.db.select().from(devMails)).length).toBe(mailsBefore);
      const mine = (await historyOf(member)).find((e) => e.id === entry.id)!;
      expect(mine).toMatchObject({ status: 'flagged', receivedAmount: 4500, receipt: null });

      const flagged = (await call(t, 'GET', '/api/finance/cash/flagged', officerGrace)).json();
      expect(flagged.entries.map((e: { id: string }) => e.id)).toContain(entry.id);
      const elsewhere = (await call(t, 'GET', '/api/finance/cash/flagged', officerBethel)).json();
      expect(elsewhere.entries).toEqual([]);

      // After the follow-up the desk counts again: the full amount makes it received.
      const recount = await receive(entry.id, officerGrace, '50');
      expect(recount.json().outcome).toBe('received');

      const trail = await t.db
        .select()
        .from(financeAudit)
        .where(eq(financeAudit.subjectId, code!))
        .orderBy(financeAudit.createdAt);
      expect(trail.map((a) => a.action)).toEqual(['flag', 'receive']);
      expect(trail[1]!.previous).toMatchObject({ status: 'flagged', receivedAmount: 4500 });
    });

    it('refuses to receive a deleted entry, and says it was deleted', async () => {
      const { code } = await give(t, member, { paymentMethod: 'cash', amount: '30' });
      const entry = (await lookup(code!, officerGrace)).json();
      expect(
        (
          await call(t, 'POST', `/api/history/cash/${entry.id}/delete`, member, {
            reason: 'Mistaken amount or details',
          })
        ).statusCode,
      ).toBe(204);
      expect((await lookup(code!, officerGrace)).json().state).toBe('deleted');
      const res = await receive(entry.id, officerGrace, '30');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'The member deleted this entry: it cannot be received.',
      );
      expect((await row(entry.id)).status).toBe('pending');
    });

    it('checks what the desk types', async () => {
      const { code } = await give(t, member, { paymentMethod: 'cash', amount: '10' });
      const entry = (await lookup(code!, officerGrace)).json();
      const res = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, officerGrace, {
        amount: '10.001',
        receivedOn: '2999-01-01',
        receivedBy: '',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual([
        'amount',
        'receivedBy',
        'receivedOn',
      ]);
    });

    it('keeps what members recorded and the audit trail unchangeable in the database itself', async () => {
      const [cash] = await t.db.select().from(cashOfferings).limit(1);
      await expect(
        t.db.update(cashOfferings).set({ amount: 1 }).where(eq(cashOfferings.id, cash!.id)),
      ).rejects.toThrow();
      await expect(
        t.db.execute(sql`update finance_audit set actor_email = 'someone@else'`),
      ).rejects.toThrow();
      await expect(t.db.execute(sql`delete from finance_audit`)).rejects.toThrow();
    });
  });

  describe('bank matching', () => {
    const header = 'Trans Date,Value Date,Narration,Debit,Credit,Balance';
    const statement = (lines: string[]) =>
      `Fidelity Bank Ghana\nAccount,0000000000000\n\n${header}\n${lines.join('\n')}\n`;
    const mapping = {
      dateColumn: 'Trans Date',
      descriptionColumn: 'Narration',
      amountColumn: 'Credit',
    };
    const entryOf = async (code: string) =>
      (await t.db.select().from(bankTransfers).where(eq(bankTransfers.code, code)))[0]!;
    let graceCode: string;
    let bethelCode: string;

    beforeAll(async () => {
      graceCode = (
        await give(t, member, { paymentMethod: 'bank', bank: 'fidelity', amount: '100' })
      ).code!;
      bethelCode = (
        await give(t, member, {
          paymentMethod: 'bank',
          bank: 'fidelity',
          amount: '70',
          assembly: 'bethel',
        })
      ).code!;
    });

    it('asks for the columns the first time a bank’s statement comes, then remembers them', async () => {
      const first = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'jan.csv',
        statement([`02/01/2026,02/01/2026,TRF ${graceCode} KOFI OWUSU,,100.00,5000.00`]),
      );
      expect(first.statusCode).toBe(409);
      expect(first.json().error.code).toBe('MAPPING_NEEDED');
      expect(first.json().error.fields.columns.split('\n')).toEqual(header.split(','));

      const saved = await call(
        t,
        'PUT',
        '/api/finance/bank/mappings/fidelity',
        officerGrace,
        mapping,
      );
      expect(saved.statusCode).toBe(200);
      const { mappings } = (
        await call(t, 'GET', '/api/finance/bank/mappings', officerBethel)
      ).json();
      expect(mappings).toEqual({ fidelity: mapping });
    });

    it('matches BT- codes with the same amount in the uploader’s assemblies, and leaves the rest', async () => {
      const res = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'jan.csv',
        statement([
          `02/01/2026,02/01/2026,TRF ${graceCode} KOFI OWUSU,,"100.00",5000.00`,
          `03/01/2026,03/01/2026,TRANSFER ${bethelCode.replace('-', '')} KOFI,,70.00,5070.00`,
          `04/01/2026,04/01/2026,CHARGES,5.00,,5065.00`,
          `05/01/2026,05/01/2026,MOBILE TRANSFER AMA,,"1,250.00",6315.00`,
        ]),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        lines: 4,
        imported: 3,
        skipped: 1,
        matched: 1,
        alreadyImported: 0,
        errors: [],
      });
      expect(await entryOf(graceCode)).toMatchObject({ status: 'matched' });
      // The Bethel entry is not the Grace officer's to match.
      expect(await entryOf(bethelCode)).toMatchObject({ status: 'pending' });

      const unmatched = (await call(t, 'GET', '/api/finance/bank/lines', officerGrace)).json()
        .lines as { description: string; note: string; amount: number }[];
      expect(unmatched.map((l) => [l.description, l.note])).toEqual([
        ['MOBILE TRANSFER AMA', 'No BT- code in the description.'],
        [
          `TRANSFER ${bethelCode.replace('-', '')} KOFI`,
          `No open entry in your assemblies has the code ${bethelCode}.`,
        ],
      ]);

      // The same notes to an officer reading in Twi (stored once, worded when read).
      const twi = (
        await call(t, 'GET', '/api/finance/bank/lines', `${officerGrace}; PARAGLIDE_LOCALE=ak`)
      ).json().lines as { description: string; note: string }[];
      expect(twi.map((l) => l.note)).toEqual([
        'BT- code biara nni nkyerɛmu no mu.',
        `Kyerɛwtohɔ a ɛda hɔ biara nni w'asafo ahodoɔ mu a ɛwɔ code ${bethelCode}.`,
      ]);

      // Matched lines show their entry to an officer of that assembly only.
      const matchedForGrace = (
        await call(t, 'GET', '/api/finance/bank/lines?state=matched', officerGrace)
      ).json().lines;
      expect(matchedForGrace).toHaveLength(1);
      expect(matchedForGrace[0].match).toMatchObject({
        kind: 'auto',
        entry: { code: graceCode, memberName: 'Kofi Owusu', assembly: 'Grace' },
      });
      expect(
        (await call(t, 'GET', '/api/finance/bank/lines?state=matched', officerBethel)).json().lines,
      ).toEqual([]);

      // An officer of every assembly matches the rest without uploading again.
      const rematch = await call(t, 'POST', '/api/finance/bank/rematch', officerAll, {});
      expect(rematch.json()).toEqual({ matched: 1 });
      expect(await entryOf(bethelCode)).toMatchObject({ status: 'matched' });

      const history = (await call(t, 'GET', '/api/history', member)).json().entries as {
        code: string;
        status: string;
        receipt: unknown;
      }[];
      expect(history.find((e) => e.code === graceCode)).toMatchObject({
        status: 'matched',
        receipt: { number: expect.stringMatching(/^\d{4}-\d{6}$/) },
      });
    });

    it('matches nothing twice when the same file is uploaded again', async () => {
      const file = statement([`06/01/2026,06/01/2026,SOMETHING,,9.00,1.00`]);
      expect((await uploadStatement(t, officerAll, 'fidelity', 'a.csv', file)).statusCode).toBe(
        201,
      );
      const count = async () =>
        (await t.db.execute(
          sql`select count(*)::int as n from bank_statement_lines`,
        )) as unknown as {
          rows: { n: number }[];
        };
      const before = (await count()).rows[0]!.n;
      const again = await uploadStatement(t, officerGrace, 'fidelity', 'a (1).csv', file);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('DUPLICATE_FILE');
      expect(again.json().error.message).toMatch(/hq\.officer@example\.com/);
      expect((await count()).rows[0]!.n).toBe(before);
    });

    it('imports an overlapping export’s new lines only, and keeps duplicated lines apart', async () => {
      const { code } = await give(t, member, {
        paymentMethod: 'bank',
        bank: 'fidelity',
        amount: '15',
      });
      const twice = `07/01/2026,07/01/2026,TRF ${code} OFFERING,,15.00,100.00`;
      const first = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'week1.csv',
        statement([twice, twice]),
      );
      // The same line twice in one file: both kept, only one can take the code.
      expect(first.json()).toMatchObject({ imported: 2, matched: 1 });
      const lines = (await call(t, 'GET', '/api/finance/bank/lines', officerGrace)).json()
        .lines as {
        description: string;
        note: string;
      }[];
      expect(lines.find((l) => l.description.includes(code!))?.note).toBe(
        `${code} is already matched to another line.`,
      );
      // The next export overlaps the first: its two old lines are not imported again.
      const second = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'week1-2.csv',
        statement([twice, twice, `08/01/2026,08/01/2026,NEW LINE,,3.00,103.00`]),
      );
      expect(second.json()).toMatchObject({ imported: 1, alreadyImported: 2, matched: 0 });
    });

    it('lists unreadable amounts and dates by line, and refuses a file with unknown columns', async () => {
      const res = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'bad.csv',
        statement([
          `09/01/2026,09/01/2026,GOOD,,12.00,1`,
          `10/01/2026,10/01/2026,BAD AMOUNT,,12.3.4,1`,
          `32/01/2026,32/01/2026,BAD DATE,,5.00,1`,
          `11/01/2026,11/01/2026,WORDS,,twelve,1`,
        ]),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ imported: 1 });
      expect(res.json().errors).toEqual([
        { line: 6, message: 'The amount “12.3.4” is not a number.' },
        { line: 7, message: 'The date “32/01/2026” is not a date.' },
        { line: 8, message: 'The amount “twelve” is not a number.' },
      ]);

      const unknown = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'other-bank.csv',
        'Date,Details,Amount\n2026-01-12,TRF BT-00001,5.00\n',
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(
        'This file has no column named “Trans Date”, “Narration”, “Credit”. Check the columns for this bank.',
      );
      expect(unknown.json().error.fields.columns).toBe('Date\nDetails\nAmount');

      const nul = await uploadStatement(
        t,
        officerGrace,
        'fidelity',
        'nul.csv',
        `${header}\n\u0000`,
      );
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error.code).toBe('INVALID_TEXT');
    });

    it('matches by hand within the officer’s assemblies and the same amount, and unmatches', async () => {
      await give(t, member, {
        paymentMethod: 'bank',
        bank: 'fidelity',
        type: 'welfare',
        amount: '1250',
      });
      const line = (
        (await call(t, 'GET', '/api/finance/bank/lines', officerGrace)).json().lines as {
          id: string;
          description: string;
        }[]
      ).find((l) => l.description === 'MOBILE TRANSFER AMA')!;

      const candidates = (
        await call(t, 'GET', `/api/finance/bank/lines/${line.id}/candidates`, officerGrace)
      ).json().candidates as { id: string; amount: number; code: string | null }[];
      expect(candidates).toHaveLength(1);
      expect(candidates[0]).toMatchObject({ amount: 125000, code: null, type: 'welfare' });
      expect(
        (
          await call(t, 'GET', `/api/finance/bank/lines/${line.id}/candidates`, officerBethel)
        ).json().candidates,
      ).toEqual([]);

      const entryId = candidates[0]!.id;
      const wrongScope = await call(
        t,
        'POST',
        `/api/finance/bank/lines/${line.id}/match`,
        officerBethel,
        {
          entryId,
        },
      );
      expect(wrongScope.statusCode).toBe(404);

      // Another amount is refused.
      const small = (
        (await call(t, 'GET', '/api/finance/bank/lines', officerGrace)).json().lines as {
          id: string;
          description: string;
        }[]
      ).find((l) => l.description === 'NEW LINE')!;
      const differs = await call(
        t,
        'POST',
        `/api/finance/bank/lines/${small.id}/match`,
        officerGrace,
        {
          entryId,
        },
      );
      expect(differs.statusCode).toBe(409);
      expect(differs.json().error.code).toBe('AMOUNT_DIFFERS');

      const matched = await call(
        t,
        'POST',
        `/api/finance/bank/lines/${line.id}/match`,
        officerGrace,
        {
          entryId,
        },
      );
      expect(matched.statusCode).toBe(204);
      expect(
        (await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, entryId)))[0]!.status,
      ).toBe('matched');
      const twice = await call(
        t,
        'POST',
        `/api/finance/bank/lines/${line.id}/match`,
        officerGrace,
        {
          entryId,
        },
      );
      expect(twice.statusCode).toBe(409);

      expect(
        (await call(t, 'POST', `/api/finance/bank/lines/${line.id}/unmatch`, officerBethel, {}))
          .statusCode,
      ).toBe(404);
      const unmatched = await call(
        t,
        'POST',
        `/api/finance/bank/lines/${line.id}/unmatch`,
        officerGrace,
        {},
      );
      expect(unmatched.statusCode).toBe(204);
      expect(
        (await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, entryId)))[0]!.status,
      ).toBe('pending');

      const trail = (await call(t, 'GET', '/api/admin/finance/audit', admin)).json().entries as {
        action: string;
        actorEmail: string;
        previous: { status: string; kind?: string } | null;
      }[];
      expect(trail[0]).toMatchObject({
        action: 'unmatch',
        actorEmail: 'grace.officer@example.com',
        previous: { status: 'matched', kind: 'manual' },
      });
      expect(trail[1]).toMatchObject({ action: 'match', previous: { status: 'pending' } });
      const actions = new Set(trail.map((a) => a.action));
      for (const action of [
        'receive',
        'flag',
        'match',
        'unmatch',
        'role_grant',
        'role_change',
        'role_revoke',
      ]) {
        expect(actions, action).toContain(action);
      }
    });
  });
});
