import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignCreateSchema,
  checkCampaignForm,
  checkPledgeForm,
  pledgeCreateSchema,
  type CampaignReports,
  type Pledge,
  type PledgesView,
} from '../../../shared/schemas/pledges.ts';
import { pledgeReminders, scheduledJobs, transactions, users } from '../../db/schema.ts';
import { killedAtNoticeInsert } from '../../testing/killed-at-insert.ts';
import { recordingContext } from '../../testing/recording-senders.ts';
import { memberSession, provePhone } from '../../testing/accounts.ts';
import { call, callFor, give } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from '../finance/officers.service.ts';
import { reminderPeriod, sendDuePledgeReminders } from './reminders.ts';
import { runJobsNow } from '../../jobs.ts';
import type { AppContext } from '../../context.ts';

// Pledges and campaigns (issue 33, decision 035): progress from confirmed gifts counted by
// type or linked by hand (once each), a member's pledges theirs alone, campaigns by admins,
// the campaign report by assembly within an officer's scope, and reminders sent once.

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe('the pledge forms’ checks without zod', () => {
  const uuid = '00000000-0000-4000-8000-000000000000';
  it('agree with the schemas the server uses', () => {
    const pledges = [
      { target: 'type:tithe', amount: '10', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: `campaign:${uuid}`, amount: '10.5', dueOn: '2030-01-01', rhythm: 'none' },
      { target: '', amount: '10', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: 'type:gold', amount: '10', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: 'type:tithe', amount: '0', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: 'type:tithe', amount: '10.555', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: 'type:tithe', amount: '1000001', dueOn: '2030-01-01', rhythm: 'weekly' },
      { target: 'type:tithe', amount: '10', dueOn: '2030-02-31', rhythm: 'weekly' },
      { target: 'type:tithe', amount: '10', dueOn: '2030-01-01', rhythm: 'daily' },
    ];
    for (const form of pledges) {
      const [kind, value] = form.target.split(':');
      const body = {
        ...(kind === 'campaign' ? { campaignId: value } : kind === 'type' ? { type: value } : {}),
        amount: form.amount,
        dueOn: form.dueOn,
        rhythm: form.rhythm,
      };
      const schema = pledgeCreateSchema.safeParse(body);
      const check = checkPledgeForm(form);
      expect(check.ok, JSON.stringify(form)).toBe(schema.success);
      if (!schema.success && !check.ok) {
        for (const issue of schema.error.issues) {
          const field = ['type', 'campaignId'].includes(String(issue.path[0]))
            ? 'target'
            : String(issue.path[0]);
          expect(check.errors, JSON.stringify(form)).toHaveProperty(field);
          if (field !== 'target') expect(check.errors[field]).toBe(issue.message);
        }
      }
    }
    const campaign = {
      name: 'Roof',
      type: 'building_project',
      target: '1000',
      startsOn: '2030-01-01',
      endsOn: '2030-06-30',
    };
    const campaigns = [
      campaign,
      { ...campaign, name: ' ' },
      { ...campaign, name: 'x'.repeat(81) },
      { ...campaign, type: 'gold' },
      { ...campaign, target: '20000001' },
      { ...campaign, endsOn: '2029-12-31' },
      { ...campaign, startsOn: '' },
    ];
    for (const form of campaigns) {
      const schema = campaignCreateSchema.safeParse({ ...form, assembly: '' });
      const check = checkCampaignForm(form);
      expect(check.ok, JSON.stringify(form)).toBe(schema.success);
      if (!schema.success && !check.ok) {
        for (const issue of schema.error.issues) {
          expect(check.errors[String(issue.path[0])], JSON.stringify(form)).toBe(issue.message);
        }
      }
    }
  });
});

describe('pledges', () => {
  let t: TestApp;
  let admin: string;
  let officer: string;
  let ama: string;
  let kwame: string;
  let amaId: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
    admin = await memberSession(t, 'admin@example.com');
    officer = await memberSession(t, 'officer@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'officer@example.com', allAssemblies: false, assemblies: ['grace'] },
    );
    ama = await memberSession(t, 'ama@example.com');
    kwame = await memberSession(t, 'kwame@example.com');
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ama@example.com'));
    amaId = row!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const pledge = (cookie: string, body: Record<string, unknown>) =>
    callFor<Pledge>(201, t, 'POST', '/api/pledges', cookie, body);
  const view = (cookie: string) => callFor<PledgesView>(200, t, 'GET', '/api/pledges', cookie);
  const find = async (cookie: string, id: string) =>
    (await view(cookie)).pledges.find((p) => p.id === id)!;

  /** A cash tithe of the member's, received at the desk. */
  async function cashReceived(cookie: string, amount: string, assembly = 'grace') {
    const { code } = await give(t, cookie, { paymentMethod: 'cash', amount, assembly });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, admin)).json();
    const res = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, admin, {
      amount,
      receivedOn: today,
      receivedBy: 'Usher',
    });
    expect(res.statusCode, res.body).toBe(200);
    return entry.id as string;
  }

  /** A paid card gift of Ama's (as the provider's webhook would leave it). */
  async function cardPaid(type: string, pesewas: number, assembly = 'grace', status = 'success') {
    const [row] = await t.db
      .insert(transactions)
      .values({
        userId: amaId,
        reference: `FLK-PLEDGE-${++seq}-${Date.now()}`,
        method: 'card',
        provider: 'sandbox',
        type,
        amount: pesewas,
        status,
        firstName: 'Ama',
        lastName: 'Mensah',
        assembly,
      })
      .returning({ id: transactions.id });
    return row!.id;
  }

  it('counts a confirmed gift of the pledge’s type toward it, as amount and percent', async () => {
    const made = await pledge(ama, { type: 'tithe', amount: '100', dueOn: inDays(60) });
    expect(made).toMatchObject({ amount: 10000, given: 0, percent: 0, rhythm: 'monthly' });
    // A pending cash gift counts for nothing until the desk receives it.
    await give(t, ama, { paymentMethod: 'cash', amount: '15', assembly: 'grace' });
    expect((await find(ama, made.id)).given).toBe(0);
    await cashReceived(ama, '40');
    const after = await find(ama, made.id);
    expect(after).toMatchObject({ given: 4000, percent: 40 });
    expect(after.gifts).toEqual([expect.objectContaining({ kind: 'cash', how: 'auto' })]);
    // Another type, or a failed card gift, does not count.
    await cardPaid('missions', 5000);
    await cardPaid('tithe', 5000, 'grace', 'failed');
    expect((await find(ama, made.id)).given).toBe(4000);
  });

  it('lets a member count one of their own earlier gifts, once, and move it', async () => {
    const earlier = await cardPaid('offering', 2500);
    const first = await pledge(ama, { type: 'seed', amount: '50', dueOn: inDays(30) });
    const second = await pledge(ama, { type: 'seed', amount: '50', dueOn: inDays(90) });
    // Made before the pledge, of another type: not counted by itself.
    expect((await find(ama, first.id)).given).toBe(0);
    const linked = await call(t, 'POST', `/api/pledges/${first.id}/gifts`, ama, {
      kind: 'transaction',
      id: earlier,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ given: 2500, percent: 50 });
    // Moved to the second pledge: it counts there, and no longer toward the first.
    await call(t, 'POST', `/api/pledges/${second.id}/gifts`, ama, {
      kind: 'transaction',
      id: earlier,
    });
    expect((await find(ama, first.id)).given).toBe(0);
    expect((await find(ama, second.id)).given).toBe(2500);
    const gifts = (await view(ama)).gifts;
    expect(gifts.find((g) => g.id === earlier)?.pledgeId).toBe(second.id);
  });

  it('counts an automatic gift toward one pledge only: the one due first', async () => {
    const later = await pledge(ama, { type: 'welfare', amount: '100', dueOn: inDays(200) });
    const sooner = await pledge(ama, { type: 'welfare', amount: '100', dueOn: inDays(20) });
    await cardPaid('welfare', 3000);
    expect((await find(ama, sooner.id)).given).toBe(3000);
    expect((await find(ama, later.id)).given).toBe(0);
  });

  it('never shows or changes another member’s pledge or links another’s gift', async () => {
    const mine = await pledge(ama, { type: 'missions', amount: '10', dueOn: inDays(10) });
    expect((await view(kwame)).pledges).toEqual([]);
    const kwameGift = await give(t, kwame, { paymentMethod: 'cash', amount: '5' });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${kwameGift.code}`, admin)).json();
    await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, admin, {
      amount: '5',
      receivedOn: today,
      receivedBy: 'Usher',
    });
    // Kwame reaching for Ama's pledge: not found, whatever he sends.
    expect((await call(t, 'DELETE', `/api/pledges/${mine.id}`, kwame)).statusCode).toBe(404);
    const reach = await call(t, 'POST', `/api/pledges/${mine.id}/gifts`, kwame, {
      kind: 'cash',
      id: entry.id,
    });
    expect(reach.statusCode).toBe(404);
    // Ama linking Kwame's gift to her own pledge: not found either.
    const steal = await call(t, 'POST', `/api/pledges/${mine.id}/gifts`, ama, {
      kind: 'cash',
      id: entry.id,
    });
    expect(steal.statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/pledges')).statusCode).toBe(401);
    // Her own delete works.
    expect((await call(t, 'DELETE', `/api/pledges/${mine.id}`, ama)).statusCode).toBe(204);
    expect((await view(ama)).pledges.some((p) => p.id === mine.id)).toBe(false);
  });

  it('refuses a pledge without a type or campaign, with a past date, or too large', async () => {
    const cases = [
      [{ amount: '10', dueOn: inDays(5) }, 'type'],
      [{ type: 'tithe', amount: '10', dueOn: '2000-01-01' }, 'dueOn'],
      [{ type: 'tithe', amount: '2000000', dueOn: inDays(5) }, 'amount'],
      [{ type: 'tithe', amount: '10', dueOn: inDays(5), rhythm: 'daily' }, 'rhythm'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', '/api/pledges', ama, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  describe('campaigns', () => {
    let campaignId: string;

    it('only admins define campaigns', async () => {
      const body = {
        name: 'New roof',
        type: 'building_project',
        assembly: '',
        target: '100000',
        startsOn: inDays(-1),
        endsOn: inDays(100),
      };
      expect((await call(t, 'POST', '/api/admin/campaigns', ama, body)).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/admin/campaigns', officer, body)).statusCode).toBe(403);
      const bad = await call(t, 'POST', '/api/admin/campaigns', admin, {
        ...body,
        endsOn: inDays(-5),
      });
      expect(bad.statusCode).toBe(400);
      const res = await call(t, 'POST', '/api/admin/campaigns', admin, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: 'New roof', assembly: null, target: 10000000 });
      campaignId = res.json().id;
    });

    it('a member pledges to a campaign; the report shows pledged against given by assembly', async () => {
      expect((await view(ama)).campaigns.map((c) => c.id)).toContain(campaignId);
      const made = await pledge(ama, { campaignId, amount: '500', dueOn: inDays(50) });
      expect(made).toMatchObject({ type: 'building_project', campaign: { name: 'New roof' } });
      // Bethel (Ama's assembly at sign-up) and a gift to Grace: the pledge counts both,
      // given goes by each gift's assembly.
      await cardPaid('building_project', 10000, 'grace');
      await cardPaid('building_project', 5000, 'bethel');
      expect((await find(ama, made.id)).given).toBe(15000);

      const res = await call(t, 'GET', '/api/campaigns/report', admin);
      expect(res.statusCode, res.body).toBe(200);
      const report = (res.json() as CampaignReports).campaigns.find((c) => c.id === campaignId)!;
      expect(report.rows).toEqual([
        { assembly: 'bethel', pledged: 50000, pledges: 1, givenToPledges: 15000, given: 5000 },
        { assembly: 'grace', pledged: 0, pledges: 0, givenToPledges: 0, given: 10000 },
      ]);
      expect(report.totals).toEqual({
        pledged: 50000,
        pledges: 1,
        givenToPledges: 15000,
        given: 15000,
      });

      // The Grace officer sees Grace's row only; members not at all.
      const scoped = (await call(t, 'GET', '/api/campaigns/report', officer)).json();
      const theirs = (scoped as CampaignReports).campaigns.find((c) => c.id === campaignId)!;
      expect(theirs.rows.map((r) => r.assembly)).toEqual(['grace']);
      expect((await call(t, 'GET', '/api/campaigns/report', ama)).statusCode).toBe(403);

      const csv = await call(t, 'GET', '/api/campaigns/report.csv', admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      }).data.filter((r) => r.campaign === 'New roof');
      expect(parsed.map((r) => [r.assembly, r.pledged_ghs, r.given_ghs])).toEqual([
        ['Bethel', '500.00', '50.00'],
        ['Grace', '0.00', '100.00'],
        ['Total', '500.00', '150.00'],
      ]);
    });

    it('refuses a pledge to a campaign of another assembly, or past its end', async () => {
      const other = await call(t, 'POST', '/api/admin/campaigns', admin, {
        name: 'Hope hall',
        type: 'building_project',
        assembly: 'hope',
        target: '1000',
        startsOn: today,
        endsOn: inDays(10),
      });
      const refused = await call(t, 'POST', '/api/pledges', ama, {
        campaignId: other.json().id,
        amount: '10',
        dueOn: inDays(5),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('campaignId');
      const late = await call(t, 'POST', '/api/pledges', ama, {
        campaignId,
        amount: '10',
        dueOn: inDays(150),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.fields).toHaveProperty('dueOn');
    });
  });

  describe('reminders', () => {
    function recorder(fail = false) {
      const recording = recordingContext(t.app.ctx);
      recording.failNext(fail);
      return recording;
    }

    it('sends a due reminder once, however often and however concurrently it runs', async () => {
      const cookie = await memberSession(t, 'efua@example.com');
      const made = await pledge(cookie, { type: 'tithe', amount: '300', dueOn: inDays(365) });
      const nextMonth = new Date(Date.now() + 35 * DAY);
      // In the month it was made: nothing yet.
      const quiet = recorder();
      await sendDuePledgeReminders(quiet.ctx);
      expect(quiet.mails.filter((m) => m.to === 'efua@example.com')).toEqual([]);

      const first = recorder();
      await Promise.all([
        sendDuePledgeReminders(first.ctx, nextMonth),
        sendDuePledgeReminders(first.ctx, nextMonth),
      ]);
      await sendDuePledgeReminders(first.ctx, nextMonth);
      const toEfua = first.mails.filter((m) => m.to === 'efua@example.com');
      expect(toEfua).toHaveLength(1);
      expect(toEfua[0]!.text).toContain('GHS 0.00 of your GHS 300.00 pledge for Tithe (0%)');
      expect(toEfua[0]!.text).toContain('/giving/pledges');
      const rows = await t.db
        .select()
        .from(pledgeReminders)
        .where(eq(pledgeReminders.pledgeId, made.id));
      expect(rows.map((r) => r.period)).toEqual([reminderPeriod('monthly', nextMonth)]);
    });

    it('a run killed while the notice is written leaves no row: the next run sends it', async () => {
      const cookie = await memberSession(t, 'adwoa.crash@example.com');
      const made = await pledge(cookie, { type: 'tithe', amount: '300', dueOn: inDays(365) });
      const nextMonth = new Date(Date.now() + 35 * DAY);
      // An instance whose database never answers the notice's insert: as good as killed there.
      const dying = killedAtNoticeInsert(t.db);
      const frozen = { ...recorder().ctx, db: dying.db } as AppContext;
      void sendDuePledgeReminders(frozen, nextMonth);
      await dying.killed;
      const rows = await t.db
        .select()
        .from(pledgeReminders)
        .where(eq(pledgeReminders.pledgeId, made.id));
      expect(rows).toEqual([]);

      const again = recorder();
      await sendDuePledgeReminders(again.ctx, nextMonth);
      expect(again.mails.filter((m) => m.to === 'adwoa.crash@example.com')).toHaveLength(1);
    });

    it('a run killed after the notice and before its row sends nothing twice, and writes the row', async () => {
      const cookie = await memberSession(t, 'kojo.crash@example.com');
      const made = await pledge(cookie, { type: 'tithe', amount: '300', dueOn: inDays(365) });
      const nextMonth = new Date(Date.now() + 35 * DAY);
      const first = recorder();
      await sendDuePledgeReminders(first.ctx, nextMonth);
      expect(first.mails.filter((m) => m.to === 'kojo.crash@example.com')).toHaveLength(1);
      // As if the instance died right after the notice was written and sent: no row yet.
      await t.db.delete(pledgeReminders).where(eq(pledgeReminders.pledgeId, made.id));

      const again = recorder();
      await sendDuePledgeReminders(again.ctx, nextMonth);
      expect(again.mails.filter((m) => m.to === 'kojo.crash@example.com')).toEqual([]);
      const rows = await t.db
        .select()
        .from(pledgeReminders)
        .where(eq(pledgeReminders.pledgeId, made.id));
      expect(rows.map((r) => r.period)).toEqual([reminderPeriod('monthly', nextMonth)]);
    });

    it("writes a Twi member's reminder in Twi, and answers a Twi request's errors in Twi", async () => {
      const cookie = await memberSession(t, 'akosua.twi@example.com');
      const chosen = await call(t, 'PUT', '/api/profile/language', cookie, { locale: 'ak' });
      expect(chosen.statusCode).toBe(200);
      await pledge(cookie, { type: 'tithe', amount: '300', dueOn: inDays(365) });
      const sent = recorder();
      await sendDuePledgeReminders(sent.ctx, new Date(Date.now() + 35 * DAY));
      const [mail] = sent.mails.filter((m) => m.to === 'akosua.twi@example.com');
      expect(mail!.subject).toMatch(/^Wo bɔhyɛ a ɛfa .+ ho$/);
      expect(mail!.text).toContain('Wode GHS 0.00 ama wɔ wo GHS 300.00 bɔhyɛ a ɛfa');
      expect(mail!.text).toContain('Hwɛ wo bɔhyɛ ahodoɔ na ma:');

      const gone = '00000000-0000-4000-8000-000000000000';
      const twi = await call(t, 'DELETE', `/api/pledges/${gone}`, `${cookie}; PARAGLIDE_LOCALE=ak`);
      expect(twi.statusCode).toBe(404);
      expect(twi.json().error.message).toBe('Bɔhyɛ a ɛte saa nni hɔ.');
      const english = await call(t, 'DELETE', `/api/pledges/${gone}`, cookie);
      expect(english.json().error.message).toBe('No such pledge.');
    });

    it('the job schedule’s daily round sends a due reminder once, from any instance', async () => {
      const cookie = await memberSession(t, 'abena.round@example.com');
      await pledge(cookie, { type: 'seed', amount: '120', dueOn: inDays(365) });
      // Midday: the day's round is due from 08:00 (a run just after midnight finds it not due).
      const nextMonth = new Date(Date.now() + 35 * DAY);
      nextMonth.setUTCHours(12, 0, 0, 0);
      const round = recorder();
      const ctx = { ...round.ctx, now: () => nextMonth } as AppContext;
      await Promise.all([runJobsNow(ctx), runJobsNow(ctx)]);
      await runJobsNow(ctx);
      expect(round.mails.filter((m) => m.to === 'abena.round@example.com')).toHaveLength(1);
      const [job] = await t.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.key, `pledges:reminders:${nextMonth.toISOString().slice(0, 10)}`));
      expect(job?.doneAt).not.toBeNull();
    });

    it('retries a reminder whose sending failed, by SMS for a member who chose SMS', async () => {
      const cookie = await memberSession(t, 'yaw@example.com');
      await provePhone(t, 'yaw@example.com', '+233241234567'); // SMS needs a proved phone
      expect(
        (await call(t, 'PUT', '/api/profile/receipt-channel', cookie, { channel: 'sms' }))
          .statusCode,
      ).toBe(200);
      await pledge(cookie, { type: 'offering', amount: '20', dueOn: inDays(60), rhythm: 'weekly' });
      const nextWeek = new Date(Date.now() + 8 * DAY);
      const down = recorder(true);
      // Written as a notice at once; its failed SMS is sent again by the notice's job.
      const written = await sendDuePledgeReminders(down.ctx, nextWeek);
      expect(written.sent).toBeGreaterThan(0);
      expect(down.texts).toEqual([]);
      const up = recorder();
      await sendDuePledgeReminders(up.ctx, nextWeek);
      expect(up.texts).toEqual([]);
      await runJobsNow(up.ctx as AppContext);
      const texts = up.texts.filter((s) => s.to === '+233241234567');
      expect(texts.some((s) => s.text.includes('pledge for Offering'))).toBe(true);
      expect(up.mails.filter((m) => m.to === 'yaw@example.com')).toEqual([]);
      const again = recorder();
      await sendDuePledgeReminders(again.ctx, nextWeek);
      await runJobsNow(again.ctx as AppContext);
      expect(again.texts.filter((s) => s.text.includes('pledge for Offering'))).toEqual([]);
    });

    it('sends nothing for a pledge given in full, without a rhythm, or past its date', async () => {
      const cookie = await memberSession(t, 'kojo@example.com');
      const full = await pledge(cookie, { type: 'tithe', amount: '5', dueOn: inDays(365) });
      await cashReceived(cookie, '5');
      expect((await find(cookie, full.id)).percent).toBe(100);
      await pledge(cookie, { type: 'seed', amount: '5', dueOn: inDays(365), rhythm: 'none' });
      await pledge(cookie, { type: 'missions', amount: '5', dueOn: inDays(3) });
      const r = recorder();
      await sendDuePledgeReminders(r.ctx, new Date(Date.now() + 40 * DAY));
      expect(r.mails.filter((m) => m.to === 'kojo@example.com')).toEqual([]);
    });

    it('names ISO weeks and months as periods', () => {
      expect(reminderPeriod('weekly', new Date('2026-01-01T10:00:00Z'))).toBe('2026-W01');
      expect(reminderPeriod('weekly', new Date('2027-01-01T10:00:00Z'))).toBe('2026-W53');
      expect(reminderPeriod('monthly', new Date('2026-11-26T10:00:00Z'))).toBe('2026-11');
      expect(reminderPeriod('none', new Date())).toBeNull();
    });
  });
});
