import { and, eq, sql } from 'drizzle-orm';
import { formatCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { percentOf, type PledgeRhythm } from '../../../shared/schemas/pledges.ts';
import type { OfferingType } from '../../../shared/constants.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { pledgeReminders } from '../../db/schema.ts';
import { notify } from '../../core/notify.ts';
import { countedGiftsSql, day, dayOf, rowsOf } from './counted-gifts.ts';

// Pledge reminders, sent by the daily job (pledges.feature.ts).

/** The period a reminder belongs to: an ISO week ('2026-W48') or a month ('2026-11'). */
export function reminderPeriod(rhythm: PledgeRhythm, at: Date): string | null {
  if (rhythm === 'monthly') return at.toISOString().slice(0, 7);
  if (rhythm === 'weekly') {
    // ISO 8601: the week with the year's first Thursday is week 1.
    const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    const weekday = d.getUTCDay() || 7;
    d.setUTCDate(d.getUTCDate() + 4 - weekday);
    const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
    const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
    return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
  }
  return null;
}

interface DuePledge {
  id: string;
  user_id: string;
  type: string;
  campaign_name: string | null;
  amount: number;
  due_on: string | Date;
  rhythm: PledgeRhythm;
  created_at: string | Date;
  given: string | number;
}

function reminderText(ctx: Pick<AppContext, 'church' | 'config'>, p: DuePledge, dueOn: string) {
  const what = p.campaign_name ?? OFFERING_TYPE_LABELS[p.type as OfferingType] ?? p.type;
  const given = Number(p.given);
  return {
    what,
    line: m.mail_pledges_reminder_line({
      given: formatCedis(given),
      amount: formatCedis(p.amount),
      what,
      percent: percentOf(given, p.amount),
      dueOn,
    }),
    link: `${ctx.config.publicUrl}/giving/pledges`,
  };
}

/**
 * Sends the pledge reminders that are due at `now`: for each pledge with a rhythm, not yet
 * given in full, before (or on) its date, one per period — not in the period it was made.
 * Idempotent and safe to run concurrently, and a crash at any point loses nothing: the notice
 * is written first (notify() is idempotent by its key, sends each channel once and retries a
 * failed send, core/notify.ts), then the reminder's row (pledge, period) that makes
 * later runs skip it. A run killed between the two writes the row next time, sending nothing
 * again. The job schedule calls this; it sets no timer of its own.
 */
export async function sendDuePledgeReminders(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'>,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const today = dayOf(now);
  const due = rowsOf<DuePledge>(
    await ctx.db.execute(sql`
      with counted as (${countedGiftsSql(null, sql`p.rhythm <> 'none' and p.due_on >= ${today}::date`)})
      select p.id, p.user_id, p.type, c.name as campaign_name, p.amount, p.due_on, p.rhythm,
        p.created_at, coalesce(sum(x.amount), 0)::bigint as given
      from pledges p
      left join campaigns c on c.id = p.campaign_id
      left join counted x on x.pledge_id = p.id
      where p.rhythm <> 'none' and p.due_on >= ${today}::date
      group by p.id, c.name
      having coalesce(sum(x.amount), 0) < p.amount`),
  );
  let sent = 0;
  let failed = 0;
  for (const p of due) {
    const period = reminderPeriod(p.rhythm, now);
    if (!period || period === reminderPeriod(p.rhythm, new Date(p.created_at))) continue;
    const [done] = await ctx.db
      .select({ pledgeId: pledgeReminders.pledgeId })
      .from(pledgeReminders)
      .where(and(eq(pledgeReminders.pledgeId, p.id), eq(pledgeReminders.period, period)));
    if (done) continue;
    try {
      await notify(ctx, {
        userId: p.user_id,
        kind: 'pledge.reminder',
        key: `${p.id}:${period}`,
        url: '/giving/pledges',
        texts: () => {
          const text = reminderText(ctx, p, day(p.due_on));
          const subject = m.mail_pledges_reminder_subject({ what: text.what });
          return {
            title: subject,
            body: text.line,
            email: {
              subject,
              text: m.mail_pledges_reminder_text({
                church: ctx.church.registeredName,
                line: text.line,
                link: text.link,
              }),
            },
            sms: `${ctx.church.registeredName}: ${text.line} ${text.link}`,
          };
        },
      });
    } catch (error) {
      // Not written: no row either, so a later run tries again.
      failed += 1;
      ctx.log.warn({ err: error, pledgeId: p.id }, 'a pledge reminder was not written');
      continue;
    }
    const written = await ctx.db
      .insert(pledgeReminders)
      .values({ pledgeId: p.id, period })
      .onConflictDoNothing()
      .returning({ pledgeId: pledgeReminders.pledgeId });
    sent += written.length;
  }
  return { sent, failed };
}
